"""A small evaluator for the subset of Python that PostHog's HogQL tables are written in.

PostHog builds its function tables with dict literals, spreads, comprehensions and a recursive
function (aggregations.py `generate_combinator_suffix_combinations`). Reading them as text would
miss what the code computes; importing them would run PostHog's code and need its dependencies.
This evaluator walks the `ast` of each module and computes the values with Python's own rules for
the constructs it knows, and refuses anything else with the file and line, so a change in
PostHog's source is an error rather than a silently shorter table.

Modules under the packages given as `source_packages` are read from the source directory;
imports of anything else (PostHog's type classes, Django helpers, typing) are opaque values:
they can be passed around and called, never iterated or compared.
"""

import ast
import itertools
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable


class ReadError(Exception):
    """A source file that is missing, does not parse, or uses a construct this reader refuses."""


class Raised(ReadError):
    """A `raise` the evaluated code reached: PostHog's code refusing, by the exception's name."""

    def __init__(self, relpath: str, line: int, exception: str):
        super().__init__(f"{relpath}:{line}: raises {exception}")
        self.exception = exception


class OpaqueIteration(ReadError):
    """A loop over a value from outside the read source: what it yields is not known here."""


@dataclass
class Opaque:
    """A value from outside the read source (a type class, a Django helper): carried, not used."""

    name: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)

    def __bool__(self) -> bool:  # truth of an unknown value is decided by the caller
        raise TypeError(f"the truth of {self.name} is not known")


@dataclass
class DataclassType:
    """A `@dataclass` class read from the source: its fields in order, with their defaults."""

    name: str
    fields: list  # [(name, has_default, default)]


@dataclass
class Instance:
    """An instance of a DataclassType: the field values, by the dataclass rules."""

    cls: DataclassType
    values: dict


@dataclass
class PyClass:
    """A plain class read from the source (PostHog's table classes): its bases and class-level
    names (field dicts, methods), looked up along the bases as Python does."""

    name: str
    module: str
    bases: list
    vars: dict

    def lookup(self, name: str):
        if name in self.vars:
            return True, self.vars[name]
        for base in self.bases:
            if isinstance(base, PyClass):
                found, value = base.lookup(name)
                if found:
                    return True, value
        return False, None

    def base_names(self) -> list[str]:
        """Every base along the hierarchy, by name (opaque bases by their imported name)."""
        names = []
        for base in self.bases:
            if isinstance(base, PyClass):
                names.append(base.name)
                names.extend(base.base_names())
            elif isinstance(base, Opaque):
                names.append(base.name.rsplit(".", 1)[-1])
        return names


@dataclass
class ClassInstance:
    """An instance of a PyClass: keyword arguments given at construction over the class names
    (pydantic models take their fields as keywords)."""

    cls: PyClass
    kwargs: dict


@dataclass
class BoundMethod:
    function: "Closure"
    instance: ClassInstance


@dataclass
class Closure:
    node: Any  # ast.Lambda or ast.FunctionDef
    env: "Env"
    module: "Module"
    # the class whose body defines this method: what `super()` inside it starts from
    owner: "PyClass | None" = None


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class Lazy:
    """A name imported from a source module, read only when the name is used."""

    def __init__(self, loader: "Loader", module: str, name: str):
        self.loader, self.module, self.name = loader, module, name

    def resolve(self):
        module = self.loader.load(self.module)
        if self.name not in module.env.vars:
            if module.partial:
                # bound in a part of the file not taken (groups.py imports the join function of
                # groups_revenue_analytics.py): carried by name, as names inside the module are
                return Opaque(f"{self.module}.{self.name}")
            raise ReadError(f"{module.path}: does not define {self.name}")
        return module.env.get(self.name)


class Env:
    def __init__(self, parent: "Env | None" = None):
        self.vars: dict[str, Any] = {}
        self.parent = parent

    def get(self, name: str):
        env: Env | None = self
        while env is not None:
            if name in env.vars:
                value = env.vars[name]
                if isinstance(value, Lazy):
                    value = value.resolve()
                    env.vars[name] = value
                return value
            env = env.parent
        if name in BUILTINS:
            return BUILTINS[name]
        raise KeyError(name)


# Python builtins the tables use, with Python's own behaviour.
BUILTINS: dict[str, Any] = {
    "list": list,
    "dict": dict,
    "tuple": tuple,
    "set": set,
    "frozenset": frozenset,
    "len": len,
    "sorted": sorted,
    "str": str,
    "int": int,
    "bool": bool,
    "type": type,
    "isinstance": isinstance,
    "None": None,
    "True": True,
    "False": False,
    # exceptions PostHog's code raises: carried by name (see Raised)
    "ValueError": Opaque("builtins.ValueError"),
    "NotImplementedError": Opaque("builtins.NotImplementedError"),
}

# Standard-library names the tables use: real where they compute (chain), opaque where they only
# annotate.
STDLIB: dict[tuple[str, str], Any] = {
    ("itertools", "chain"): itertools.chain,
    ("dataclasses", "dataclass"): "dataclass",
}

# Methods of plain values the tables call.
METHODS = {
    dict: {"get", "keys", "values", "items", "update", "copy"},
    list: {"append", "extend", "copy", "index"},
    str: {"join", "lower", "upper", "startswith", "endswith", "split", "strip", "isdigit", "replace"},
    tuple: {"index"},
    frozenset: {"union"},
    set: {"add", "union"},
}

BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.BitOr: lambda a, b: a | b,
}

CMPOPS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Is: lambda a, b: a is b,
    ast.IsNot: lambda a, b: a is not b,
}


def _is_type(value) -> bool:
    """A builtin type used in an annotation (list[str], dict | None)."""
    return any(value is t for t in (list, dict, tuple, type, set, frozenset, str, int, bool))


class Module:
    def __init__(self, name: str, path: Path, relpath: str):
        self.name, self.path, self.relpath = name, path, relpath
        self.env = Env()
        self.env.vars["__name__"] = name
        self.notes: list[str] = []
        # Taken in parts (an excerpt with gaps): a name bound only in a part not taken is opaque.
        self.partial = False


class Loader:
    """Reads modules of `source_packages` from `root`, each once, in import order."""

    def __init__(self, root: Path, source_packages: tuple[str, ...], partial: frozenset[str] = frozenset()):
        self.root = root
        self.source_packages = source_packages
        # modules whose file holds only parts of PostHog's (see Module.partial)
        self.partial = partial
        self.modules: dict[str, Module] = {}
        self.loading: set[str] = set()
        self.read_files: list[str] = []

    def is_source(self, module: str) -> bool:
        return any(module == p or module.startswith(p + ".") for p in self.source_packages)

    def path_of(self, module: str) -> str:
        return module.replace(".", "/") + ".py"

    def load(self, module: str) -> Module:
        if module in self.modules:
            return self.modules[module]
        if module in self.loading:
            raise ReadError(f"{self.path_of(module)}: import cycle")
        relpath = self.path_of(module)
        path = self.root / relpath
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ReadError(f"{relpath}: cannot be read ({error.strerror or error})") from None
        try:
            tree = ast.parse(text, filename=relpath)
        except SyntaxError as error:
            # database.py has `type X = ...` (PEP 695): only Python 3.12's parser reads it
            hint = "; PostHog's source needs Python 3.12 or newer" if sys.version_info < (3, 12) else ""
            raise ReadError(f"{relpath}:{error.lineno}: does not parse ({error.msg}{hint})") from None
        self.loading.add(module)
        mod = Module(module, path, relpath)
        mod.partial = module in self.partial
        self.read_files.append(relpath)
        Interpreter(self, mod).run_module(tree)
        self.loading.discard(module)
        self.modules[module] = mod
        return mod


class Interpreter:
    def __init__(self, loader: Loader, module: Module):
        self.loader, self.module = loader, module

    def fail(self, node: ast.AST, what: str) -> ReadError:
        return ReadError(f"{self.module.relpath}:{getattr(node, 'lineno', '?')}: {what}")

    # statements

    def run_module(self, tree: ast.Module) -> None:
        for statement in tree.body:
            self.exec(statement, self.module.env, module_level=True)

    def exec_block(self, body: list[ast.stmt], env: Env) -> None:
        for statement in body:
            self.exec(statement, env)

    def exec(self, node: ast.stmt, env: Env, module_level: bool = False) -> None:
        if isinstance(node, ast.ImportFrom):
            self.import_from(node, env)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                env.vars[alias.asname or alias.name.split(".")[0]] = Opaque(alias.name)
        elif isinstance(node, ast.Assign):
            value = self.eval(node.value, env)
            for target in node.targets:
                self.assign(target, value, env)
        elif isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self.assign(node.target, self.eval(node.value, env), env)
        elif isinstance(node, ast.AugAssign):
            op = BINOPS.get(type(node.op))
            if op is None or not isinstance(node.target, ast.Name):
                raise self.fail(node, "an augmented assignment this reader does not know")
            env.vars[node.target.id] = op(self.eval(node.target, env), self.eval(node.value, env))
        elif isinstance(node, ast.Expr):
            if isinstance(node.value, ast.Constant):  # a docstring
                return
            self.eval(node.value, env)
        elif isinstance(node, ast.FunctionDef):
            env.vars[node.name] = Closure(node, env, self.module)
        elif isinstance(node, ast.ClassDef):
            env.vars[node.name] = self.class_def(node, env)
        elif isinstance(node, ast.If):
            try:
                taken = bool(self.eval(node.test, env))
            except TypeError:
                if not module_level:
                    raise self.fail(node, "a condition on a value from outside the read source")
                # A module-level branch on the deployment (udfs.py: is_cloud() or is_ci()) is
                # not part of what HogQL accepts; it is noted, not followed.
                self.module.notes.append(
                    f"{self.module.relpath}:{node.lineno}: a branch on the deployment, not followed"
                )
                return
            self.exec_block(node.body if taken else node.orelse, env)
        elif isinstance(node, ast.For):
            if node.orelse:
                raise self.fail(node, "for-else")
            if module_level and isinstance(self.eval(node.iter, env), Opaque):
                # A module-level loop over a value from outside the read source (sessions_v3.py:
                # fields per ad id of posthog/models/raw_sessions/sql_v3.py) adds what that source
                # holds; it is noted, not followed.
                self.module.notes.append(
                    f"{self.module.relpath}:{node.lineno}: a loop over a value from outside the read source, not followed"
                )
                return
            for item in self.iterate(node.iter, env):
                self.assign(node.target, item, env)
                self.exec_block(node.body, env)
        elif isinstance(node, ast.Return):
            raise _Return(None if node.value is None else self.eval(node.value, env))
        elif isinstance(node, ast.Pass):
            return
        elif isinstance(node, ast.Raise):
            # PostHog's own refusal (document_embeddings.py: a LazyTable's to_printed_clickhouse
            # raises NotImplementedError): reported to the caller by the exception's name
            exc = None if node.exc is None else self.eval(node.exc, env)
            name = exc.name if isinstance(exc, Opaque) else type(exc).__name__
            raise Raised(self.module.relpath, node.lineno, name.rsplit(".", 1)[-1])
        elif hasattr(ast, "TypeAlias") and isinstance(node, ast.TypeAlias):
            env.vars[node.name.id] = Opaque("annotation")  # `type X = A | B`: typing only
        else:
            raise self.fail(node, f"a {type(node).__name__} statement this reader does not know")

    def import_from(self, node: ast.ImportFrom, env: Env) -> None:
        if node.level:
            package = self.module.name.split(".")
            base = package[: len(package) - node.level]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        for alias in node.names:
            name = alias.asname or alias.name
            if self.loader.is_source(module):
                env.vars[name] = Lazy(self.loader, module, alias.name)
            elif (module, alias.name) in STDLIB:
                env.vars[name] = STDLIB[(module, alias.name)]
            else:
                env.vars[name] = Opaque(f"{module}.{alias.name}")

    def class_def(self, node: ast.ClassDef, env: Env):
        decorators = [self.eval(d.func if isinstance(d, ast.Call) else d, env) for d in node.decorator_list]
        if not decorators:
            return self.plain_class(node, env)
        if decorators != ["dataclass"]:
            return Opaque(f"{self.module.name}.{node.name}")
        fields = []
        for statement in node.body:
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                if statement.value is None:
                    fields.append((statement.target.id, False, None))
                else:
                    fields.append((statement.target.id, True, self.eval(statement.value, env)))
        return DataclassType(node.name, fields)

    def plain_class(self, node: ast.ClassDef, env: Env) -> PyClass:
        """A class body run as Python runs it: assignments and methods, in a scope of its own."""
        if node.keywords:
            raise self.fail(node, "a class with keyword arguments (a metaclass)")
        bases = [self.eval(base, env) for base in node.bases]
        for base in bases:
            if not isinstance(base, (PyClass, Opaque)):
                raise self.fail(node, f"a class {node.name} whose base this reader does not know")
        body = Env(env)
        for statement in node.body:
            if isinstance(statement, ast.AnnAssign) and statement.value is None:
                continue  # an annotation without a value: a field declared, not set
            self.exec(statement, body)
        cls = PyClass(node.name, self.module.name, bases, body.vars)
        for value in body.vars.values():
            if isinstance(value, Closure):
                value.owner = cls
        return cls

    def assign(self, target: ast.expr, value, env: Env) -> None:
        if isinstance(target, ast.Name):
            env.vars[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = list(value)
            if len(items) != len(target.elts):
                raise self.fail(target, "an unpacking of the wrong length")
            for element, item in zip(target.elts, items):
                self.assign(element, item, env)
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value, env)
            if isinstance(obj, ClassInstance):
                # `self.x = ...` in a method (document_embeddings.py ModelSpecificEmbeddingTable,
                # indexed_embedding.py ModelTableDefinitions): the instance's own attribute, which
                # attribute lookup finds before the class's
                obj.kwargs[target.attr] = value
                return
            if not isinstance(obj, Instance):
                raise self.fail(target, "an attribute assignment on a value this reader does not know")
            obj.values[target.attr] = value
        elif isinstance(target, ast.Subscript):
            obj = self.eval(target.value, env)
            if not isinstance(obj, (dict, list)):
                raise self.fail(target, "an item assignment on a value this reader does not know")
            obj[self.eval(target.slice, env)] = value
        else:
            raise self.fail(target, "an assignment target this reader does not know")

    # expressions

    def iterate(self, node: ast.expr, env: Env):
        value = self.eval(node, env)
        if isinstance(value, Opaque):
            raise OpaqueIteration(
                f"{self.module.relpath}:{getattr(node, 'lineno', '?')}: a loop over {value.name}, from outside the read source"
            )
        return list(value)

    def eval(self, node: ast.expr, env: Env):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            try:
                return env.get(node.id)
            except KeyError:
                if self.module.partial:
                    # bound in a part of the file not taken: carried by name, like an import
                    note = f"{self.module.relpath}: taken in parts; names of the parts not taken are opaque"
                    if note not in self.module.notes:
                        self.module.notes.append(note)
                    return Opaque(f"{self.module.name}.{node.id}")
                raise self.fail(node, f"the name {node.id} is not defined") from None
        if isinstance(node, ast.Dict):
            result: dict = {}
            for key, value in zip(node.keys, node.values):
                if key is None:
                    try:
                        spread = self.eval(value, env)
                    except OpaqueIteration as error:
                        # database.py ROOT_TABLES: `**{... for ... in HOGQL_MODEL_TABLES.items()}`,
                        # tables per embedding model of products/ (not read): noted, not followed
                        self.module.notes.append(f"{error}: a ** spread not followed")
                        continue
                    if not isinstance(spread, dict):
                        raise self.fail(value, "a ** spread of something that is not a dict")
                    result.update(spread)
                else:
                    result[self.eval(key, env)] = self.eval(value, env)
            return result
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = []
            for element in node.elts:
                if isinstance(element, ast.Starred):
                    items.extend(self.iterate(element.value, env))
                else:
                    items.append(self.eval(element, env))
            return {ast.List: list, ast.Tuple: tuple, ast.Set: set}[type(node)](items)
        if isinstance(node, (ast.DictComp, ast.ListComp, ast.SetComp)):
            return self.comprehension(node, env)
        if isinstance(node, ast.Call):
            return self.call(node, env)
        if isinstance(node, ast.Lambda):
            return Closure(node, env, self.module)
        if isinstance(node, ast.Attribute):
            obj = self.eval(node.value, env)
            if isinstance(obj, Opaque):
                if node.attr == "__class__" and (obj.args or obj.kwargs):
                    return Opaque(obj.name)  # the class an opaque value was made by
                return Opaque(f"{obj.name}.{node.attr}")
            if isinstance(obj, ClassInstance):
                if node.attr == "__class__":
                    return obj.cls
                if node.attr in obj.kwargs:
                    return obj.kwargs[node.attr]
                found, value = obj.cls.lookup(node.attr)
                if not found:
                    raise self.fail(node, f"{obj.cls.name} has no attribute {node.attr} in the read source")
                return BoundMethod(value, obj) if isinstance(value, Closure) else value
            if isinstance(obj, PyClass):
                found, value = obj.lookup(node.attr)
                if not found:
                    raise self.fail(node, f"{obj.name} has no attribute {node.attr} in the read source")
                return value
            if isinstance(obj, Instance):
                if node.attr not in obj.values:
                    raise self.fail(node, f"{obj.cls.name} has no field {node.attr}")
                return obj.values[node.attr]
            allowed = METHODS.get(type(obj), set())
            if node.attr not in allowed:
                raise self.fail(node, f"the attribute {node.attr} of a {type(obj).__name__}")
            return getattr(obj, node.attr)
        if isinstance(node, ast.Subscript):
            obj = self.eval(node.value, env)
            if _is_type(obj) or isinstance(obj, Opaque):
                return Opaque("annotation")  # list[str], Optional[int]: typing only
            return obj[self.eval(node.slice, env)]
        if isinstance(node, ast.BinOp):
            left, right = self.eval(node.left, env), self.eval(node.right, env)
            if isinstance(left, Opaque) or isinstance(right, Opaque) or _is_type(left):
                return Opaque("annotation")  # StringType | BooleanType: typing only
            op = BINOPS.get(type(node.op))
            if op is None:
                raise self.fail(node, f"the operator {type(node.op).__name__}")
            return op(left, right)
        if isinstance(node, ast.BoolOp):
            if isinstance(node.op, ast.And):
                value = True
                for operand in node.values:
                    value = self.eval(operand, env)
                    if not value:
                        return value
                return value
            value = False
            for operand in node.values:
                value = self.eval(operand, env)
                if value:
                    return value
            return value
        if isinstance(node, ast.UnaryOp):
            operand = self.eval(node.operand, env)
            if isinstance(node.op, ast.Not):
                return not operand
            if isinstance(node.op, ast.USub):
                return -operand
            raise self.fail(node, f"the operator {type(node.op).__name__}")
        if isinstance(node, ast.Compare):
            left = self.eval(node.left, env)
            for op, comparator in zip(node.ops, node.comparators):
                right = self.eval(comparator, env)
                if isinstance(left, Opaque) or isinstance(right, Opaque):
                    if (
                        isinstance(op, (ast.Eq, ast.NotEq))
                        and isinstance(left, Opaque)
                        and isinstance(right, Opaque)
                        and not (left.args or left.kwargs or right.args or right.kwargs)
                    ):
                        # two imported classes: the same class exactly when the same name
                        if (left.name == right.name) != isinstance(op, ast.Eq):
                            return False
                        left = right
                        continue
                    if (
                        isinstance(op, (ast.Eq, ast.NotEq))
                        and {type(left), type(right)} == {Opaque, PyClass}
                        and not (left.args or left.kwargs if isinstance(left, Opaque) else right.args or right.kwargs)
                    ):
                        # a class of the read source is not a class imported from outside it
                        if isinstance(op, ast.Eq):
                            return False
                        left = right
                        continue
                    raise self.fail(node, "a comparison with a value from outside the read source")
                if not CMPOPS[type(op)](left, right):
                    return False
                left = right
            return True
        if isinstance(node, ast.IfExp):
            return self.eval(node.body if self.eval(node.test, env) else node.orelse, env)
        if isinstance(node, ast.JoinedStr):
            # f"$group_{group_index}" (events.py): literal parts and plain {value}s of str/int
            # values; a conversion, a format spec or an opaque value stops the read.
            parts = []
            for part in node.values:
                if isinstance(part, ast.Constant):
                    parts.append(part.value)
                    continue
                if part.conversion != -1 or part.format_spec is not None:
                    raise self.fail(node, "an f-string with a conversion or format spec")
                value = self.eval(part.value, env)
                if isinstance(value, bool) or not isinstance(value, (str, int)):
                    raise self.fail(node, "an f-string of a value that is not a string or an int")
                parts.append(str(value))
            return "".join(parts)
        raise self.fail(node, f"a {type(node).__name__} expression this reader does not know")

    def comprehension(self, node, env: Env):
        inner = Env(env)

        def produce(generators, index=0):
            if index == len(generators):
                yield
                return
            generator = generators[index]
            for item in self.iterate(generator.iter, inner):
                self.assign(generator.target, item, inner)
                if all(self.eval(condition, inner) for condition in generator.ifs):
                    yield from produce(generators, index + 1)

        if isinstance(node, ast.DictComp):
            result: dict = {}
            for _ in produce(node.generators):
                result[self.eval(node.key, inner)] = self.eval(node.value, inner)
            return result
        items = [self.eval(node.elt, inner) for _ in produce(node.generators)]
        return items if isinstance(node, ast.ListComp) else set(items)

    def call(self, node: ast.Call, env: Env):
        if isinstance(node.func, ast.Attribute) and node.func.attr == "model_copy":
            # pydantic's model_copy(): a copy with the same values; the reading never changes one
            model = self.eval(node.func.value, env)
            if isinstance(model, (Opaque, ClassInstance)):
                return model
        if self.is_super_call(node.func):
            return self.super_call(node, env)
        func = self.eval(node.func, env)
        args: list = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                args.extend(self.iterate(arg.value, env))
            else:
                args.append(self.eval(arg, env))
        kwargs = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                spread = self.eval(keyword.value, env)
                if not isinstance(spread, dict):
                    raise self.fail(node, "a ** argument that is not a dict")
                kwargs.update(spread)
            else:
                kwargs[keyword.arg] = self.eval(keyword.value, env)
        if isinstance(func, Opaque):
            return Opaque(func.name, tuple(args), kwargs)
        if isinstance(func, DataclassType):
            return self.construct(func, args, kwargs, node)
        if isinstance(func, Closure):
            return self.apply(func, args, kwargs, node)
        if isinstance(func, PyClass):
            found, init = func.lookup("__init__")
            if found:
                # A class of the read source with its own __init__ (events.py EventsGroupSubTable
                # builds its fields from group_index): run it on a fresh instance.
                if not isinstance(init, Closure):
                    raise self.fail(node, f"{func.name}.__init__ is not a method")
                instance = ClassInstance(func, {})
                self.apply(init, [instance, *args], kwargs, node)
                return instance
            if args:
                raise self.fail(node, f"{func.name}() with positional arguments")
            return ClassInstance(func, kwargs)
        if isinstance(func, BoundMethod):
            return self.apply(func.function, [func.instance, *args], kwargs, node)
        if callable(func):
            return func(*args, **kwargs)
        raise self.fail(node, "a call of something that is not callable")

    @staticmethod
    def is_super_call(func: ast.expr) -> bool:
        return (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Call)
            and isinstance(func.value.func, ast.Name)
            and func.value.func.id == "super"
        )

    def super_call(self, node: ast.Call, env: Env):
        """`super().name(...)` inside a method: `name` looked up along the bases of the class that
        defines the method. Where no read base defines `__init__`, the base is PyClass's opaque
        model (pydantic's BaseModel): its __init__ takes the fields as keywords."""
        if node.func.value.args or node.func.value.keywords:
            raise self.fail(node, "super() with arguments")
        try:
            owner, instance = env.get("__class__"), env.get("__self__")
        except KeyError:
            raise self.fail(node, "super() outside a method of a class of the read source")
        if not isinstance(owner, PyClass) or not isinstance(instance, ClassInstance):
            raise self.fail(node, "super() outside a method of a class of the read source")
        name = node.func.attr
        args = [self.eval(a, env) for a in node.args]
        kwargs = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                raise self.fail(node, "a ** argument to super()")
            kwargs[keyword.arg] = self.eval(keyword.value, env)
        for base in owner.bases:
            if isinstance(base, PyClass):
                found, value = base.lookup(name)
                if found:
                    if not isinstance(value, Closure):
                        raise self.fail(node, f"super().{name} is not a method")
                    return self.apply(value, [instance, *args], kwargs, node)
        if name == "__init__" and not args:
            instance.kwargs.update(kwargs)
            return None
        raise self.fail(node, f"super().{name} on a base outside the read source")

    def construct(self, cls: DataclassType, args: list, kwargs: dict, node: ast.AST) -> Instance:
        """The generated __init__ of a dataclass: positional in field order, then keywords."""
        if len(args) > len(cls.fields):
            raise self.fail(node, f"{cls.name} takes at most {len(cls.fields)} positional arguments")
        values = {}
        names = [name for name, _, _ in cls.fields]
        for name, value in zip(names, args):
            values[name] = value
        for name, value in kwargs.items():
            if name not in names:
                raise self.fail(node, f"{cls.name} has no field {name}")
            if name in values:
                raise self.fail(node, f"{cls.name} got {name} twice")
            values[name] = value
        for name, has_default, default in cls.fields:
            if name not in values:
                if not has_default:
                    raise self.fail(node, f"{cls.name} needs {name}")
                values[name] = default
        return Instance(cls, values)

    def apply(self, closure: Closure, args: list, kwargs: dict, node: ast.AST):
        fn = closure.node
        params = fn.args
        if params.vararg or params.kwarg or params.posonlyargs:
            raise self.fail(node, "a call of a function with *args or **kwargs")
        names = [a.arg for a in params.args] + [a.arg for a in params.kwonlyargs]
        interpreter = Interpreter(self.loader, closure.module)
        local = Env(closure.env)
        positional = [a.arg for a in params.args]
        if len(args) > len(positional):
            raise self.fail(node, "too many arguments")
        for name, value in zip(positional, args):
            local.vars[name] = value
        if closure.owner is not None and args:
            # what a method's `super()` needs: its class and the instance it runs on
            local.vars["__class__"], local.vars["__self__"] = closure.owner, args[0]
        for name, value in kwargs.items():
            if name not in names:
                raise self.fail(node, f"no parameter {name}")
            local.vars[name] = value
        defaults = dict(zip(positional[len(positional) - len(params.defaults) :], params.defaults))
        for a, default in zip(params.kwonlyargs, params.kw_defaults):
            if default is not None:
                defaults[a.arg] = default
        for name in names:
            if name not in local.vars:
                if name not in defaults:
                    raise self.fail(node, f"missing argument {name}")
                local.vars[name] = interpreter.eval(defaults[name], closure.env)
        if isinstance(fn, ast.Lambda):
            return interpreter.eval(fn.body, local)
        try:
            interpreter.exec_block(fn.body, local)
        except _Return as returned:
            return returned.value
        return None
