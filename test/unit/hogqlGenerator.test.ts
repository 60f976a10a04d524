// The generator of the HogQL function tables, in its two stages: scripts/hogql/read.py reads
// PostHog's source into test/fixtures/posthog-hogql/reading.json (the reading is committed,
// PostHog's files are not), and scripts/hogql/write.mjs writes the extension's catalogue and the
// sandbox's table from the reading. The write stage runs here on the committed reading; the read
// stage runs on small sources written by the test, in PostHog's layout.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const fixtures = path.join(root, "test", "fixtures", "posthog-hogql");
const reading = JSON.parse(fs.readFileSync(path.join(fixtures, "reading.json"), "utf8"));

function run(
    command: string,
    ...args: string[]
): { code: number | null; out: string; err: string } {
    const res = spawnSync(command, args, { cwd: root, encoding: "utf8" });
    return { code: res.status, out: res.stdout, err: res.stderr };
}

const write = (...args: string[]) =>
    run(process.execPath, path.join(root, "scripts", "hogql", "write.mjs"), ...args);
const read = (...args: string[]) =>
    run("python3", path.join(root, "scripts", "hogql", "read.py"), ...args);

function tempDir(): string {
    return fs.mkdtempSync(path.join(os.tmpdir(), "hogql-generator-"));
}

/** Writes `files` (path -> text) under a new directory, PostHog's layout. */
function sourceTree(files: Record<string, string>): string {
    const dir = tempDir();
    for (const [rel, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
    }
    return dir;
}

// A small stand-in for posthog/hogql/functions/, written for this test: the same shapes PostHog
// uses (a dataclass, spreads, a comprehension, a recursive generator of combinator names, an
// update() and a branch on the deployment), not PostHog's code.
const F = "posthog/hogql/functions/";
const D = "posthog/hogql/database/";
const SOURCES: Record<string, string> = {
    [F + "core.py"]: `from dataclasses import dataclass
from typing import Optional

@dataclass()
class HogQLFunctionMeta:
    clickhouse_name: str
    min_args: int = 0
    max_args: Optional[int] = 0
    min_params: int = 0
    max_params: Optional[int] = 0
    passthrough_suffix_args_count: int = 0
    aggregate: bool = False
    tz_aware: bool = False
    case_sensitive: bool = True
    suffix_args: Optional[list] = None
    using_placeholder_arguments: bool = False
    using_positional_arguments: bool = False
    parametric_first_arg: bool = False
    requires_within_group: bool = False
`,
    [F + "aggregations.py"]: `from .core import HogQLFunctionMeta

COMBINATORS = {
    "If": {"allowedSuffixes": [], "argMap": lambda min, max: [min + 1, max + 1]},
    "State": {"allowedSuffixes": ["If"], "argMap": lambda min, max: [min, max]},
}
COMBINATOR_AGGREGATIONS = {"sum": HogQLFunctionMeta("sum", 1, 1, aggregate=True)}


def _combine(base_name, base_meta, current=None):
    result = {}
    if current is None:
        current = []
    if current:
        low, high = base_meta.min_args, base_meta.max_args
        for suffix in current:
            low, high = COMBINATORS[suffix]["argMap"](low, high)
        result[base_name + "".join(current)] = HogQLFunctionMeta(base_name + "".join(current), low, high, aggregate=True)
    available = list(COMBINATORS.keys()) if not current else COMBINATORS[current[-1]]["allowedSuffixes"]
    for suffix in available:
        if suffix not in current:
            result.update(_combine(base_name, base_meta, [*current, suffix]))
    return result


def generate_combinator_suffix_combinations():
    result = {}
    for name, meta in COMBINATOR_AGGREGATIONS.items():
        result.update(_combine(name, meta))
    return result


HOGQL_AGGREGATIONS = {
    **generate_combinator_suffix_combinations(),
    "sum": HogQLFunctionMeta("sum", 1, 1, aggregate=True, case_sensitive=False),
    **{name: HogQLFunctionMeta("groupArray", 1, 1, aggregate=True) for name in ["array_agg", "groupArray"]},
}
`,
    [F + "udfs.py"]: `from posthog.cloud_utils import is_cloud

from .core import HogQLFunctionMeta

UDFS = {"aggregate_funnel": HogQLFunctionMeta("aggregate_funnel", 7, 7)}

if is_cloud():
    for v in UDFS.values():
        v.clickhouse_name = "versioned"
`,
    [F + "posthog.py"]: `from .core import HogQLFunctionMeta

HOGQL_POSTHOG_FUNCTIONS = {"recordingButton": HogQLFunctionMeta("recordingButton", 1, 2)}
`,
    [F + "mapping.py"]: `from itertools import chain

from posthog.hogql import ast

from .aggregations import HOGQL_AGGREGATIONS
from .core import HogQLFunctionMeta
from .posthog import HOGQL_POSTHOG_FUNCTIONS
from .udfs import UDFS

HOGQL_CLICKHOUSE_FUNCTIONS = {
    "toInt": HogQLFunctionMeta("accurateCastOrNull", 1, 1, suffix_args=[ast.Constant(value="Int64")]),
    "_internal": HogQLFunctionMeta("internal", 1, 1),
}
HOGQL_CLICKHOUSE_FUNCTIONS.update(UDFS)

ALL_EXPOSED_FUNCTION_NAMES = [
    name for name in chain(HOGQL_CLICKHOUSE_FUNCTIONS.keys(), HOGQL_AGGREGATIONS.keys()) if not name.startswith("_")
]
`,
    "posthog/hogql/hogqlx.py": `HOGQLX_COMPONENTS = ["Sparkline"]
HOGQLX_TAGS = ["a", "em"] + ["strong"]
`,
    // The database in the same shapes: a registry of TableNodes built by a function (with a
    // spread over a value from outside the read source), table classes with class-level field
    // dicts, a lazy table, a table function, a join, and a method computing the fields SELECT *
    // leaves out.
    [D + "database.py"]: `from posthog.hogql.database.models import TableNode
from posthog.hogql.database.schema.things import RawThingsTable, ThingsTable, SeriesTable
from posthog.hogql.database.schema.other import OtherTable, EXTRA_TABLES

ROOT_TABLES__DO_NOT_ADD_ANY_MORE = {
    "things": TableNode(name="things", table=ThingsTable()),
    "other": TableNode(name="other", table=OtherTable()),
    **{name: TableNode(name=name, table=t) for name, t in EXTRA_TABLES.items()},
}


def _construct_database_root_node(*, include_posthog_tables: bool) -> TableNode:
    children = {"series": TableNode(name="series", table=SeriesTable())}
    if include_posthog_tables:
        children = {
            **{k: v.model_copy(deep=True) for k, v in ROOT_TABLES__DO_NOT_ADD_ANY_MORE.items()},
            "posthog": TableNode(name="posthog", children={"raw_things": TableNode(name="raw_things", table=RawThingsTable())}),
            **children,
        }
    return TableNode(children=children)
`,
    [D + "schema/things.py"]: `from typing import Optional

from posthog.hogql.database.models import (
    DatabaseField,
    FunctionCallTable,
    IntegerDatabaseField,
    LazyJoin,
    LazyTable,
    StringDatabaseField,
    Table,
    VirtualTable,
)
from posthog.hogql.database.schema.other import join_other


class PartSubTable(VirtualTable):
    def __init__(self, part: int):
        super().__init__(fields={"key": StringDatabaseField(name=f"part_{part}_key")})

    def to_printed_hogql(self):
        return "things"


FIELDS = {
    "id": StringDatabaseField(name="thing_id", nullable=False),
    "blob": DatabaseField(name="blob"),
    "other": LazyJoin(from_field=["id"], join_table="other", join_function=join_other),
    "part_2": PartSubTable(part=2),
}


class RawThingsTable(Table):
    fields = {**FIELDS, "version": IntegerDatabaseField(name="version", hidden=True)}

    def to_printed_clickhouse(self, context):
        return "things"

    def to_printed_hogql(self):
        return "raw_things"

    def avoid_asterisk_fields(self):
        return list({key for key, value in self.fields.items() if value.__class__ == DatabaseField})


class ThingsTable(LazyTable):
    fields = FIELDS

    def to_printed_clickhouse(self, context):
        return "things"

    def to_printed_hogql(self):
        return "things"


class SeriesTable(FunctionCallTable):
    fields = {"n": IntegerDatabaseField(name="number")}
    min_args: Optional[int] = 1
    max_args: Optional[int] = 2

    def to_printed_clickhouse(self, context):
        return "numbers"

    def to_printed_hogql(self):
        return "series"
`,
};

// Tables made per model, in the shapes of document_embeddings.py HOGQL_MODEL_TABLES: a product
// module's model definitions (an __init__ setting attributes, str.isdigit and str.replace), one
// table instance per model registered by its printed name, and a lazy table whose
// to_printed_clickhouse raises NotImplementedError.
const MODEL_SOURCES: Record<string, string> = {
    ...SOURCES,
    [D + "database.py"]: SOURCES[D + "database.py"]
        .replace(
            "import OtherTable, EXTRA_TABLES",
            "import OtherTable\nfrom posthog.hogql.database.schema.embeddings import EXTRA_TABLES, EmbeddingsTable",
        )
        .replace(
            '"other": TableNode(name="other", table=OtherTable()),',
            '"other": TableNode(name="other", table=OtherTable()),\n    "embeddings": TableNode(name="embeddings", table=EmbeddingsTable()),',
        ),
    [D + "schema/embeddings.py"]:
        `from posthog.hogql.database.models import LazyTable, StringDatabaseField, Table
from products.error_tracking.backend.indexed_embedding import MODELS

FIELDS = {"id": StringDatabaseField(name="id"), "model": StringDatabaseField(name="model")}


class ModelTable(Table):
    model: str = ""

    def __init__(self, model: str, table_name: str):
        super().__init__(fields={k: v for k, v in FIELDS.items() if k != "model"})
        self.model = model
        self.table_name = table_name

    def to_printed_clickhouse(self, context):
        return self.table_name

    def to_printed_hogql(self):
        return f"embeddings_{self.model.replace('-', '_')}"


MODEL_TABLES = [ModelTable(model=m.name, table_name=m.table()) for m in MODELS]
EXTRA_TABLES = {t.to_printed_hogql(): t for t in MODEL_TABLES}


class EmbeddingsTable(LazyTable):
    fields = FIELDS

    def to_printed_clickhouse(self, context):
        raise NotImplementedError("not printed")

    def to_printed_hogql(self):
        return "embeddings"
`,
    "products/error_tracking/backend/indexed_embedding.py": `class Model:
    def __init__(self, name: str):
        self.name = name
        parts = name.split("-")
        if parts[-1].isdigit():
            self.dimension = int(parts[-1])
        else:
            raise ValueError(f"no dimension in {name}")

    def table(self):
        return f"distributed_{self.name.replace('-', '_')}"


MODELS = [Model(n) for n in ["small-1536", "large-3072"]]
`,
};

function manifest(dir: string, renames: object[] = [], sources = SOURCES): string {
    const file = path.join(dir, "manifest.json");
    const files = Object.fromEntries(Object.keys(sources).map((p) => [p, "a".repeat(40)]));
    fs.writeFileSync(file, JSON.stringify({ files, renames }));
    return file;
}

describe("HogQL generator (scripts/hogql)", function () {
    this.timeout(60_000);

    it("writes the committed catalogue and sandbox table byte for byte from the committed reading", () => {
        const res = write("--check");
        assert.equal(res.code, 0, res.err);
    });

    it("says which output differs when the reading changes", () => {
        const changed = structuredClone(reading);
        changed.functions.clickhouse[0].maxArgs = 99;
        const dir = tempDir();
        const file = path.join(dir, "reading.json");
        fs.writeFileSync(file, JSON.stringify(changed));
        const res = write("--reading", file, "--check");
        assert.equal(res.code, 1);
        assert.match(res.err, /src\/language\/hogqlFunctions\.json differs/);
        assert.match(res.err, /test\/sandbox\/hogql\/functionTable\.json differs/);

        const schema = structuredClone(reading);
        schema.database.classes[0].fields[0].column = "renamed";
        fs.writeFileSync(file, JSON.stringify(schema));
        const res2 = write("--reading", file, "--check");
        assert.equal(res2.code, 1);
        assert.match(res2.err, /test\/sandbox\/hogql\/schemaTable\.json differs/);
        assert.doesNotMatch(res2.err, /hogqlFunctions\.json/);
    });

    it("records each file PostHog's reading came from, with its commit and git blob hash", () => {
        const paths = reading.sources.map((s: { path: string }) => s.path);
        assert.ok(paths.includes("posthog/hogql/functions/aggregations.py"));
        assert.ok(paths.includes("posthog/hogql/hogqlx.py"));
        for (const s of reading.sources) {
            // The code index gives no commit for the newest database.py: "unknown", said so.
            if (s.path === "posthog/hogql/database/database.py")
                assert.equal(s.commit, "unknown", s.path);
            else assert.match(s.commit, /^[0-9a-f]{40}$/, s.path);
            // An excerpt says which characters of how many were taken (a range, or ranges one
            // after the other: system.py's imports and SystemTables), and where from.
            if (s.excerpt) {
                const { chars, of, indexId } = s.excerpt;
                const ranges: number[][] = Array.isArray(chars[0]) ? chars : [chars];
                let end = 0;
                for (const [a, b] of ranges) {
                    assert.ok(end <= a && a < b && b <= of, s.path);
                    end = b;
                }
                assert.match(indexId, /^\d+$/, s.path);
            }
            assert.match(s.blob, /^[0-9a-f]{40}$/, s.path);
        }
        assert.ok(paths.includes("posthog/hogql/database/database.py"));
        assert.ok(paths.includes("posthog/hogql/database/schema/sessions_v3.py"));
        assert.ok(paths.includes("posthog/hogql/database/schema/sessions_v2.py"));
        assert.ok(paths.includes("posthog/hogql/database/schema/system.py"));
        assert.equal(reading.combinators.generated.length, 329);
        assert.equal(reading.hogqlx.tags.length, 31);
        assert.deepEqual(reading.hogqlx.components, [
            "Sparkline",
            "RecordingButton",
            "ExplainCSPReport",
        ]);
    });

    it("reads the tables by evaluating the source: combinators, spreads, updates, exposed names", () => {
        const dir = sourceTree(SOURCES);
        const out = path.join(dir, "reading.json");
        const res = read(dir, "--manifest", manifest(dir), "--out", out);
        assert.equal(res.code, 0, res.err);
        const r = JSON.parse(fs.readFileSync(out, "utf8"));
        const agg = Object.fromEntries(
            r.functions.aggregations.map((f: { name: string }) => [f.name, f]),
        );
        assert.deepEqual(Object.keys(agg), [
            "sumIf",
            "sumState",
            "sumStateIf",
            "sum",
            "array_agg",
            "groupArray",
        ]);
        assert.deepEqual([agg.sumStateIf.minArgs, agg.sumStateIf.maxArgs], [2, 2]);
        assert.equal(agg.sum.caseSensitive, false, "the later entry wins, as in a dict literal");
        assert.deepEqual(r.combinators.generated, [
            { name: "sumIf", base: "sum", suffixes: ["If"] },
            { name: "sumState", base: "sum", suffixes: ["State"] },
            { name: "sumStateIf", base: "sum", suffixes: ["State", "If"] },
        ]);
        assert.deepEqual(r.combinators.suffixes.If, { allowedSuffixes: [], argShift: [1, 1] });
        const ch = r.functions.clickhouse.map((f: { name: string }) => f.name);
        assert.deepEqual(ch, ["toInt", "_internal", "aggregate_funnel"]);
        assert.deepEqual(r.functions.clickhouse[0].suffixArgs, [{ constant: "Int64" }]);
        assert.equal(r.functions.clickhouse[2].clickhouseName, "aggregate_funnel");
        assert.deepEqual(r.notes, [
            "posthog/hogql/database/database.py:8: a loop over posthog.hogql.database.schema.other.EXTRA_TABLES.items, from outside the read source: a ** spread not followed",
            "posthog/hogql/functions/udfs.py:7: a branch on the deployment, not followed",
        ]);
        assert.ok(!r.exposedNames.includes("_internal") && r.exposedNames.includes("sumIf"));
        assert.deepEqual(r.hogqlx.tags, ["a", "em", "strong"]);
        const text = SOURCES[F + "core.py"];
        const blob = createHash("sha1")
            .update(`blob ${Buffer.byteLength(text)}\0${text}`)
            .digest("hex");
        assert.equal(r.sources.find((s: { path: string }) => s.path === F + "core.py").blob, blob);
        // --check compares with what it wrote.
        assert.equal(read(dir, "--manifest", manifest(dir), "--out", out, "--check").code, 0);
    });

    it("reads the database: the table tree database.py builds and the table classes read", () => {
        const dir = sourceTree(SOURCES);
        const out = path.join(dir, "reading.json");
        const res = read(dir, "--manifest", manifest(dir), "--out", out);
        assert.equal(res.code, 0, res.err);
        const { database } = JSON.parse(fs.readFileSync(out, "utf8"));
        assert.deepEqual(database.tables, [
            { name: "things", class: "ThingsTable", read: true },
            { name: "other", class: "OtherTable", read: false },
            { name: "posthog.raw_things", class: "RawThingsTable", read: true },
            { name: "series", class: "SeriesTable", read: true },
        ]);
        assert.deepEqual(database.rootTables, ["things", "other"]);
        const classes = Object.fromEntries(
            database.classes.map((c: { class: string }) => [c.class, c]),
        );
        assert.deepEqual(classes.RawThingsTable, {
            class: "RawThingsTable",
            module: "posthog.hogql.database.schema.things",
            bases: ["Table"],
            hogql: "raw_things",
            clickhouse: "things",
            avoidAsterisk: ["blob"],
            fields: [
                { name: "id", kind: "StringDatabaseField", column: "thing_id", nullable: false },
                { name: "blob", kind: "DatabaseField", column: "blob" },
                { name: "other", kind: "LazyJoin", from: ["id"], table: "other" },
                {
                    // its own __init__ with super().__init__(fields=...), a field name by f-string
                    name: "part_2",
                    kind: "VirtualTable",
                    class: "PartSubTable",
                    hogql: "things",
                    fields: [{ name: "key", kind: "StringDatabaseField", column: "part_2_key" }],
                },
                { name: "version", kind: "IntegerDatabaseField", column: "version", hidden: true },
            ],
        });
        assert.deepEqual(classes.SeriesTable.args, [1, 2]);
        assert.deepEqual(classes.ThingsTable.bases, ["LazyTable"]);
    });

    it("reads tables made per model, each keyed by the name it is registered under", () => {
        const dir = sourceTree(MODEL_SOURCES);
        const out = path.join(dir, "reading.json");
        const res = read(dir, "--manifest", manifest(dir, [], MODEL_SOURCES), "--out", out);
        assert.equal(res.code, 0, res.err);
        const { database, notes } = JSON.parse(fs.readFileSync(out, "utf8"));
        assert.deepEqual(database.tables.slice(0, 5), [
            { name: "things", class: "ThingsTable", read: true },
            { name: "other", class: "OtherTable", read: false },
            { name: "embeddings", class: "EmbeddingsTable", read: true },
            { name: "embeddings_small_1536", class: "embeddings_small_1536", read: true },
            { name: "embeddings_large_3072", class: "embeddings_large_3072", read: true },
        ]);
        const classes = Object.fromEntries(
            database.classes.map((c: { class: string }) => [c.class, c]),
        );
        assert.deepEqual(classes.embeddings_large_3072, {
            class: "embeddings_large_3072",
            pythonClass: "ModelTable",
            module: "posthog.hogql.database.schema.embeddings",
            bases: ["Table"],
            hogql: "embeddings_large_3072",
            clickhouse: "distributed_large_3072",
            fields: [{ name: "id", kind: "StringDatabaseField", column: "id" }],
        });
        // A lazy table is never printed: PostHog's NotImplementedError, read as no table.
        assert.equal(classes.EmbeddingsTable.clickhouse, null);
        assert.deepEqual(notes, [
            "posthog/hogql/functions/udfs.py:7: a branch on the deployment, not followed",
        ]);
    });

    it("stops with the file's name when a file is missing, and with the line on what it cannot evaluate", () => {
        const missing = { ...SOURCES };
        delete missing[F + "udfs.py"];
        let dir = sourceTree(missing);
        let res = read(dir, "--manifest", manifest(dir), "--out", path.join(dir, "r.json"));
        assert.equal(res.code, 1);
        assert.match(res.err, /posthog\/hogql\/functions\/udfs\.py: cannot be read/);
        assert.equal(fs.existsSync(path.join(dir, "r.json")), false);

        dir = sourceTree({
            ...SOURCES,
            [F + "posthog.py"]:
                `import os\nHOGQL_POSTHOG_FUNCTIONS = {n: 1 for n in os.listdir(".")}\n`,
        });
        res = read(dir, "--manifest", manifest(dir), "--out", path.join(dir, "r.json"));
        assert.equal(res.code, 1);
        assert.match(
            res.err,
            /posthog\.py:2: a loop over os\.listdir, from outside the read source/,
        );

        // An f-string with a conversion is not guessed at: the read stops at its line.
        dir = sourceTree({
            ...SOURCES,
            [D + "schema/things.py"]: SOURCES[D + "schema/things.py"].replace(
                'name=f"part_{part}_key"',
                'name=f"part_{part!r}_key"',
            ),
        });
        res = read(dir, "--manifest", manifest(dir), "--out", path.join(dir, "r.json"));
        assert.equal(res.code, 1);
        assert.match(res.err, /things\.py:\d+: an f-string with a conversion or format spec/);
    });

    it("checks each rename against the tables", () => {
        const dir = sourceTree(SOURCES);
        const out = path.join(dir, "r.json");
        const ok = read(
            dir,
            "--manifest",
            manifest(dir, [{ old: "recording_button", new: "recordingButton" }]),
            "--out",
            out,
        );
        assert.equal(ok.code, 0, ok.err);
        assert.deepEqual(JSON.parse(fs.readFileSync(out, "utf8")).renames, [
            { old: "recording_button", new: "recordingButton" },
        ]);
        const stale = read(
            dir,
            "--manifest",
            manifest(dir, [{ old: "sumIf", new: "sum" }]),
            "--out",
            out,
        );
        assert.equal(stale.code, 1);
        assert.match(stale.err, /sumIf is still in the tables/);
    });
});
