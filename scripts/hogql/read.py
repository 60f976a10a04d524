#!/usr/bin/env python3
"""Read stage: PostHog's HogQL source -> test/fixtures/posthog-hogql/reading.json.

Reads, from a directory holding PostHog's files (a checkout, or files taken out of one with
`git show` / the code index; never inside this repository), what HogQL accepts:

- the function tables of posthog/hogql/functions/ (mapping.py HOGQL_CLICKHOUSE_FUNCTIONS with
  UDFS, aggregations.py HOGQL_AGGREGATIONS with the combinators that
  generate_combinator_suffix_combinations() computes, posthog.py HOGQL_POSTHOG_FUNCTIONS) and
  mapping.py ALL_EXPOSED_FUNCTION_NAMES;
- the HogQLX allow-list of posthog/hogql/hogqlx.py (HOGQLX_TAGS, HOGQLX_COMPONENTS);
- the database: the table tree database.py `_construct_database_root_node()` builds (the root
  tables, the `posthog.` node, the table functions) and, for the table classes of the schema
  modules read (DATABASE_MODULES), their HogQL and ClickHouse names, bases, fields with their
  types, lazy joins, traversers and the fields `SELECT *` leaves out.

The modules are evaluated by scripts/hogql/evaluator.py (Python's own rules over the `ast`,
nothing of PostHog's imported or run). The reading holds derived facts only (names, counts,
flags), the commit each file was taken at and its git blob hash: PostHog's files are not
committed here. A file that cannot be read stops the run with its name.

    python3 scripts/hogql/read.py SOURCE_DIR [--manifest FILE] [--out FILE] [--check]

The manifest (test/fixtures/posthog-hogql/manifest.json) names the commit of each file and the
renames the reading records. --check compares with the committed reading instead of writing.
"""

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluator import (  # noqa: E402
    BoundMethod,
    ClassInstance,
    Closure,
    Instance,
    Interpreter,
    Loader,
    Opaque,
    PyClass,
    Raised,
    ReadError,
)

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "test" / "fixtures" / "posthog-hogql"
SOURCE_PACKAGES = ("posthog.hogql.functions", "posthog.hogql.hogqlx")
# The database modules read are the manifest's files under this folder: database.py and the schema
# modules of the tables the sandbox serves. Tables of other schema modules are named in the
# reading (database.py registers them) but not described; imports of them stay opaque.
DATABASE = "posthog/hogql/database/"
DATABASE_PY = "posthog.hogql.database.database"
MODELS = "posthog.hogql.database.models."
ROOT_REGISTRY = "ROOT_TABLES__DO_NOT_ADD_ANY_MORE"


# Modules outside posthog/hogql/database/ that a database module builds tables from:
# document_embeddings.py makes HOGQL_MODEL_TABLES (which database.py spreads into its root tables)
# from the embedding models of products/error_tracking/backend/indexed_embedding.py.
DATABASE_FROM = ("products/error_tracking/backend/indexed_embedding.py",)


def database_modules(manifest: dict) -> list[str]:
    modules = sorted(
        p[: -len(".py")].replace("/", ".")
        for p in manifest.get("files", {})
        if p.startswith(DATABASE) or p in DATABASE_FROM
    )
    if DATABASE_PY not in modules:
        raise ReadError("the manifest names no posthog/hogql/database/database.py to read the tables from")
    return modules

# HogQLFunctionMeta fields (posthog/hogql/functions/core.py) the reading keeps, as JSON names.
FIELDS = {
    "clickhouse_name": "clickhouseName",
    "min_args": "minArgs",
    "max_args": "maxArgs",
    "min_params": "minParams",
    "max_params": "maxParams",
    "passthrough_suffix_args_count": "passthroughSuffixArgs",
    "aggregate": "aggregate",
    "tz_aware": "tzAware",
    "case_sensitive": "caseSensitive",
    "using_placeholder_arguments": "placeholderArguments",
    "using_positional_arguments": "positionalArguments",
    "parametric_first_arg": "parametricFirstArg",
    "requires_within_group": "requiresWithinGroup",
}


def blob_hash(data: bytes) -> str:
    """The git blob id of a file's bytes, so a reader can check the file against PostHog's git."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def constant_of(value):
    """suffix_args entries are ast.Constant(value=...) of posthog.hogql.ast; keep literal ones."""
    if isinstance(value, Opaque) and value.name.endswith(".Constant") and not value.args:
        inner = value.kwargs.get("value")
        if isinstance(inner, (str, int, float, bool)) or inner is None:
            return {"constant": inner}
    return {"opaque": True}


def meta_facts(name: str, meta) -> dict:
    if not isinstance(meta, Instance):
        raise ReadError(f"{name}: not a HogQLFunctionMeta")
    facts = {"name": name}
    for field, key in FIELDS.items():
        if field not in meta.values:
            raise ReadError(f"HogQLFunctionMeta has no field {field}: core.py changed")
        value = meta.values[field]
        if not (value is None or isinstance(value, (str, int, bool))):
            raise ReadError(f"{name}: {field} is not a literal")
        facts[key] = value
    suffix = meta.values.get("suffix_args")
    facts["suffixArgs"] = None if suffix is None else [constant_of(v) for v in suffix]
    facts["udf"] = bool(meta.values.get("is_udf", False))
    return facts


def table(loader: Loader, module: str, name: str) -> dict:
    mod = loader.load(module)
    if name not in mod.env.vars:
        raise ReadError(f"{mod.relpath}: does not define {name}")
    value = mod.env.get(name)
    if not isinstance(value, dict):
        raise ReadError(f"{mod.relpath}: {name} is not a dict")
    return value


def read_combinators(loader: Loader) -> dict:
    """aggregations.py: COMBINATORS, COMBINATOR_AGGREGATIONS and what the generator makes of them."""
    mod = loader.load("posthog.hogql.functions.aggregations")
    combinators = mod.env.get("COMBINATORS")
    bases = mod.env.get("COMBINATOR_AGGREGATIONS")
    generate = mod.env.get("generate_combinator_suffix_combinations")
    if not isinstance(generate, Closure):
        raise ReadError(f"{mod.relpath}: generate_combinator_suffix_combinations is not a function")
    from evaluator import Interpreter

    generated = Interpreter(loader, mod).apply(generate, [], {}, generate.node)
    suffixes = {}
    for suffix, rule in combinators.items():
        arg_map = rule["argMap"]
        low, high = Interpreter(loader, mod).apply(arg_map, [0, 0], {}, arg_map.node)
        suffixes[suffix] = {"allowedSuffixes": list(rule["allowedSuffixes"]), "argShift": [low, high]}
    chains = {}
    for base in bases:
        for generated_name in generated:
            if generated_name.startswith(base) and generated_name[len(base) :]:
                rest, chain = generated_name[len(base) :], []
                while rest:
                    match = next((s for s in suffixes if rest.startswith(s)), None)
                    if match is None:
                        break
                    chain.append(match)
                    rest = rest[len(match) :]
                if not rest and generated_name not in chains:
                    chains[generated_name] = {"base": base, "suffixes": chain}
    missing = [n for n in generated if n not in chains]
    if missing:
        raise ReadError(f"{mod.relpath}: generated names without a base and suffixes: {missing[:5]}")
    return {
        "suffixes": suffixes,
        "bases": list(bases),
        "generated": [{"name": n, **chains[n]} for n in generated],
    }


def short(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def opaque_model(value, what: str) -> Opaque:
    if not (isinstance(value, Opaque) and value.name.startswith(MODELS)):
        raise ReadError(f"{what}: not a posthog.hogql.database.models value")
    return value


def literal(value, what: str):
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return list(value)
    raise ReadError(f"{what}: not a literal")


def call_method(loader: Loader, instance: ClassInstance, name: str, *args):
    found, method = instance.cls.lookup(name)
    if not found:
        return None
    if not isinstance(method, Closure):
        raise ReadError(f"{instance.cls.name}.{name}: not a method")
    return Interpreter(loader, method.module).apply(method, [instance, *args], {}, method.node)


def table_ref(value, what: str) -> str:
    """A join's target: a table name (a string), or a table class (read or not)."""
    if isinstance(value, str):
        return value
    if isinstance(value, ClassInstance):
        return value.cls.name
    if isinstance(value, Opaque) and not value.name.startswith(MODELS):
        return short(value.name)
    raise ReadError(f"{what}: a join to something that is not a table")


def field_facts(loader: Loader, table: str, name: str, value) -> dict:
    what = f"{table}.{name}"
    if isinstance(value, ClassInstance):  # a VirtualTable subclass of a read module (events.poe)
        fields = value.kwargs.get("fields", value.cls.lookup("fields")[1])
        return {
            "name": name,
            "kind": "VirtualTable",
            "class": value.cls.name,
            "hogql": call_method(loader, value, "to_printed_hogql"),
            "fields": [field_facts(loader, what, k, v) for k, v in fields.items()],
        }
    model = opaque_model(value, what)
    kind, kwargs = short(model.name), model.kwargs
    if model.args:
        raise ReadError(f"{what}: {kind} with positional arguments")
    facts = {"name": name, "kind": kind}
    if kind == "LazyJoin":
        source = kwargs.get("from_field")
        facts["from"] = [source] if isinstance(source, str) else literal(source, what)
        facts["table"] = table_ref(kwargs.get("join_table"), what)
        # What a resolver is given besides the join (events.py group_N: {"group_index": N}).
        params = kwargs.get("resolver_params")
        if params is not None:
            if not isinstance(params, dict) or not all(
                isinstance(k, str) and (v is None or isinstance(v, (str, int, bool))) for k, v in params.items()
            ):
                raise ReadError(f"{what}: resolver_params that are not literals")
            facts["params"] = dict(params)
    elif kind == "FieldTraverser":
        facts["chain"] = literal(kwargs.get("chain"), what)
    elif kind == "ExpressionField":
        facts["column"] = literal(kwargs.get("name"), what)
    elif kind.endswith("DatabaseField"):
        facts["column"] = literal(kwargs.get("name"), what)
        # nullable and hidden as given; models.py holds the defaults (not read)
        for key in ("nullable", "hidden"):
            if key in kwargs:
                facts[key] = literal(kwargs[key], what)
    else:
        raise ReadError(f"{what}: a field of kind {kind} this reader does not know")
    return facts


def printed_clickhouse(loader: Loader, instance: ClassInstance):
    """to_printed_clickhouse(), or None where PostHog's table refuses to be printed
    (document_embeddings.py DocumentEmbeddingsTable: a LazyTable raises NotImplementedError)."""
    try:
        return call_method(loader, instance, "to_printed_clickhouse", Opaque("context"))
    except Raised as raised:
        if raised.exception != "NotImplementedError":
            raise
        return None


def table_class_facts(loader: Loader, instance: ClassInstance, key: str | None = None) -> dict:
    """The facts of a table. `key` names a table whose facts are its instance's own (fields and
    names set by its __init__, as document_embeddings.py ModelSpecificEmbeddingTable has one
    instance per embedding model): the facts are then keyed by it, not by the class."""
    cls = instance.cls
    fields = instance.kwargs.get("fields")
    if fields is None:
        found, fields = cls.lookup("fields")
        if not found:
            fields = None
    if not isinstance(fields, dict):
        raise ReadError(f"{cls.module}.{cls.name}: no fields dict")
    bases = cls.base_names()
    facts = {
        "class": key or cls.name,
        **({"pythonClass": cls.name} if key else {}),
        "module": cls.module,
        "bases": bases,
        "hogql": call_method(loader, instance, "to_printed_hogql"),
        "clickhouse": printed_clickhouse(loader, instance),
    }
    if "FunctionCallTable" in bases:
        facts["args"] = [cls.lookup("min_args")[1], cls.lookup("max_args")[1]]
    avoid = call_method(loader, instance, "avoid_asterisk_fields")
    if avoid is not None:
        facts["avoidAsterisk"] = sorted(literal(list(avoid), f"{cls.name}.avoid_asterisk_fields"))
    facts["fields"] = [field_facts(loader, cls.name, k, v) for k, v in fields.items()]
    return facts


def read_database(loader: Loader, modules: list[str]) -> dict:
    """database.py's table tree, as `_construct_database_root_node(include_posthog_tables=True)`
    builds it, and the table classes of the schema modules read."""
    mod = loader.load(DATABASE_PY)
    construct = mod.env.get("_construct_database_root_node")
    if not isinstance(construct, Closure):
        raise ReadError(f"{mod.relpath}: _construct_database_root_node is not a function")
    root = Interpreter(loader, mod).apply(construct, [], {"include_posthog_tables": True}, construct.node)
    classes: dict[str, dict] = {}
    keys: dict[int, str] = {}  # a table instance's key in `classes`, by the instance

    def node_entries(node, path: list[str]) -> list[dict]:
        node = opaque_model(node, ".".join(path) or "root")
        if short(node.name) != "TableNode":
            raise ReadError(f"{'.'.join(path)}: not a TableNode")
        entries = []
        for name, child in node.kwargs.get("children", {}).items():
            here = [*path, name]
            if isinstance(child, Opaque) and not child.name.startswith(MODELS):
                # a node built by a module not read (system.py's information_schema_node())
                entries.append({"name": ".".join(here), "node": short(child.name), "read": False})
                continue
            if isinstance(child, ClassInstance) and child.cls.lookup("children")[0]:
                # a TableNode subclass of a read module (system.py SystemTables): its children
                entries.extend(node_entries(Opaque(f"{MODELS}TableNode", (), {"children": child.cls.lookup("children")[1]}), here))
                continue
            child_node = opaque_model(child, ".".join(here))
            table = child_node.kwargs.get("table")
            if "children" in child_node.kwargs:
                entries.extend(node_entries(child, here))
            elif isinstance(table, ClassInstance):
                key = keys.get(id(table))
                if key is None:
                    # a table made with arguments of its own is keyed by the name it is
                    # registered under (the root's, not the `posthog.` node's copy)
                    key = name if table.kwargs else table.cls.name
                    keys[id(table)] = key
                if key not in classes:
                    classes[key] = table_class_facts(loader, table, key if table.kwargs else None)
                entries.append({"name": ".".join(here), "class": key, "read": True})
            elif isinstance(table, Opaque):
                entry = {"name": ".".join(here), "class": short(table.name), "read": False}
                # hidden nodes resolve but are not listed (system.py's _ticket_* join tables)
                if child_node.kwargs.get("hidden") is True:
                    entry["hidden"] = True
                entries.append(entry)
            else:
                raise ReadError(f"{'.'.join(here)}: a table node without a table")
        return entries

    tables = node_entries(root, [])
    # The tables DatabaseSchemaQuery lists besides the `posthog.` ones (database.py
    # get_posthog_table_names(include_hidden=True): the keys of this registry).
    registry = mod.env.vars.get(ROOT_REGISTRY)
    if not isinstance(registry, dict):
        raise ReadError(f"{mod.relpath}: no {ROOT_REGISTRY} dict (get_posthog_table_names lists its keys)")
    # Join targets that are classes of read modules but not registered (sessions_v3 is registered
    # as raw_sessions_v3 only; SessionsTableV3 replaces sessions by the team's modifiers).
    for module in modules:
        for value in list(loader.load(module).env.vars.values()):
            if isinstance(value, PyClass) and value.module == module and value.name not in classes:
                if value.lookup("fields")[0] and value.lookup("to_printed_hogql")[0]:
                    classes[value.name] = table_class_facts(loader, ClassInstance(value, {}))
    return {"tables": tables, "rootTables": list(registry), "classes": [classes[k] for k in sorted(classes)]}


def read(source: Path, manifest: dict) -> dict:
    modules = database_modules(manifest)
    excerpts = manifest.get("excerpts", {})
    # An excerpt of several ranges leaves gaps: names bound only there are opaque.
    partial = frozenset(
        path[: -len(".py")].replace("/", ".") for path, e in excerpts.items() if isinstance(e["chars"][0], list)
    )
    loader = Loader(source, (*SOURCE_PACKAGES, *modules), partial)
    clickhouse = table(loader, "posthog.hogql.functions.mapping", "HOGQL_CLICKHOUSE_FUNCTIONS")
    aggregations = table(loader, "posthog.hogql.functions.aggregations", "HOGQL_AGGREGATIONS")
    posthog = table(loader, "posthog.hogql.functions.posthog", "HOGQL_POSTHOG_FUNCTIONS")
    exposed = loader.load("posthog.hogql.functions.mapping").env.get("ALL_EXPOSED_FUNCTION_NAMES")
    combinators = read_combinators(loader)
    hogqlx = loader.load("posthog.hogql.hogqlx")
    tags, components = hogqlx.env.get("HOGQLX_TAGS"), hogqlx.env.get("HOGQLX_COMPONENTS")
    database = read_database(loader, modules)

    names = set(clickhouse) | set(aggregations) | set(posthog)
    renames = []
    for rename in manifest.get("renames", []):
        if rename["new"] not in names:
            raise ReadError(f"rename {rename['old']} -> {rename['new']}: {rename['new']} is not in the tables")
        if rename["old"] in names:
            raise ReadError(f"rename {rename['old']} -> {rename['new']}: {rename['old']} is still in the tables")
        renames.append(rename)

    commits = manifest.get("files", {})
    sources = []
    for relpath in sorted(loader.read_files):
        if relpath not in commits:
            raise ReadError(f"{relpath}: read, but the manifest names no commit for it")
        data = (source / relpath).read_bytes()
        entry = {"path": relpath, "commit": commits[relpath], "blob": blob_hash(data)}
        if relpath in excerpts:
            excerpt = excerpts[relpath]
            # [start, end], or a list of them taken one after the other
            ranges = excerpt["chars"] if isinstance(excerpt["chars"][0], list) else [excerpt["chars"]]
            if len(data.decode("utf-8")) != sum(end - start for start, end in ranges):
                raise ReadError(f"{relpath}: not the excerpt the manifest describes ({excerpt['chars']})")
            entry["excerpt"] = {"chars": excerpt["chars"], "of": excerpt["of"], "indexId": excerpt["indexId"]}
        sources.append(entry)
    notes = [note for module in loader.modules.values() for note in module.notes]

    return {
        "$comment": "Read by scripts/hogql/read.py from PostHog's source (MIT): derived facts, no code. Do not edit: re-read.",
        "sources": sources,
        "notes": sorted(notes),
        "functions": {
            "clickhouse": [meta_facts(n, m) for n, m in clickhouse.items()],
            "aggregations": [meta_facts(n, m) for n, m in aggregations.items()],
            "posthog": [meta_facts(n, m) for n, m in posthog.items()],
        },
        "exposedNames": list(exposed),
        "combinators": combinators,
        "renames": renames,
        "hogqlx": {"tags": list(tags), "components": list(components)},
        "database": database,
    }


def dump(reading: dict) -> str:
    """One function per line, so a re-read's diff shows what PostHog changed."""

    def compact(value) -> str:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

    lines = ["{"]
    items = list(reading.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key == "functions":
            lines.append(f' "{key}": {{')
            groups = list(value.items())
            for g, (group, entries) in enumerate(groups):
                body = ",\n".join("   " + compact(e) for e in entries)
                lines.append(f'  "{group}": [\n{body}\n  ]' + ("," if g < len(groups) - 1 else ""))
            lines.append(" }" + comma)
        elif key == "combinators":
            generated = ",\n".join("   " + compact(e) for e in value["generated"])
            lines.append(f' "{key}": {{')
            lines.append(f'  "suffixes": {compact(value["suffixes"])},')
            lines.append(f'  "bases": {compact(value["bases"])},')
            lines.append(f'  "generated": [\n{generated}\n  ]')
            lines.append(" }" + comma)
        elif key == "database":
            lines.append(f' "{key}": {{')
            lines.append('  "tables": [\n' + ",\n".join("   " + compact(e) for e in value["tables"]) + "\n  ],")
            lines.append(f'  "rootTables": {compact(value["rootTables"])},')
            lines.append('  "classes": [\n' + ",\n".join("   " + compact(e) for e in value["classes"]) + "\n  ]")
            lines.append(" }" + comma)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            body = ",\n".join("  " + compact(e) for e in value)
            lines.append(f' "{key}": [\n{body}\n ]{comma}')
        else:
            lines.append(f' "{key}": {compact(value)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="directory holding PostHog's posthog/hogql/ files")
    parser.add_argument("--manifest", type=Path, default=FIXTURES / "manifest.json")
    parser.add_argument("--out", type=Path, default=FIXTURES / "reading.json")
    parser.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    args = parser.parse_args()
    try:
        manifest = json.loads(args.manifest.read_text(encoding="utf-8"))
        text = dump(read(args.source, manifest))
    except ReadError as error:
        print(f"read.py: {error}", file=sys.stderr)
        return 1
    if args.check:
        committed = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if committed != text:
            import difflib

            sys.stdout.writelines(
                difflib.unified_diff(
                    committed.splitlines(True), text.splitlines(True), str(args.out), "re-read"
                )
            )
            print(f"read.py: the reading differs from {args.out}", file=sys.stderr)
            return 1
        print(f"read.py: {args.out} matches the sources")
        return 0
    args.out.write_text(text, encoding="utf-8")
    counts = {k: len(v) for k, v in json.loads(text)["functions"].items()}
    print(f"read.py: {counts}, {len(json.loads(text)['combinators']['generated'])} combinators -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
