#!/usr/bin/env python3
"""Read stage: PostHog's HogQL source -> test/fixtures/posthog-hogql/reading.json.

Reads, from a directory holding PostHog's files (a checkout, or files taken out of one with
`git show` / the code index; never inside this repository), what HogQL accepts:

- the function tables of posthog/hogql/functions/ (mapping.py HOGQL_CLICKHOUSE_FUNCTIONS with
  UDFS, aggregations.py HOGQL_AGGREGATIONS with the combinators that
  generate_combinator_suffix_combinations() computes, posthog.py HOGQL_POSTHOG_FUNCTIONS) and
  mapping.py ALL_EXPOSED_FUNCTION_NAMES;
- the HogQLX allow-list of posthog/hogql/hogqlx.py (HOGQLX_TAGS, HOGQLX_COMPONENTS).

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

from evaluator import Closure, Instance, Loader, Opaque, ReadError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "test" / "fixtures" / "posthog-hogql"
SOURCE_PACKAGES = ("posthog.hogql.functions", "posthog.hogql.hogqlx")

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


def read(source: Path, manifest: dict) -> dict:
    loader = Loader(source, SOURCE_PACKAGES)
    clickhouse = table(loader, "posthog.hogql.functions.mapping", "HOGQL_CLICKHOUSE_FUNCTIONS")
    aggregations = table(loader, "posthog.hogql.functions.aggregations", "HOGQL_AGGREGATIONS")
    posthog = table(loader, "posthog.hogql.functions.posthog", "HOGQL_POSTHOG_FUNCTIONS")
    exposed = loader.load("posthog.hogql.functions.mapping").env.get("ALL_EXPOSED_FUNCTION_NAMES")
    combinators = read_combinators(loader)
    hogqlx = loader.load("posthog.hogql.hogqlx")
    tags, components = hogqlx.env.get("HOGQLX_TAGS"), hogqlx.env.get("HOGQLX_COMPONENTS")

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
        sources.append(
            {"path": relpath, "commit": commits[relpath], "blob": blob_hash((source / relpath).read_bytes())}
        )
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
