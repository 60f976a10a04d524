// scripts/openapiSlice.mjs: cutting the extension's slice out of a full PostHog API description,
// and reporting what changed. Runs the script as `npm`-less users run it: `node scripts/...`.
/* eslint-disable @typescript-eslint/no-explicit-any */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";

const root = path.resolve(__dirname, "../../..");
const script = path.join(root, "scripts", "openapiSlice.mjs");
const fixture = path.join(root, "test", "fixtures", "posthog-openapi");

function run(...args: string[]): { code: number | null; out: string; err: string } {
    const res = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: "utf8" });
    return { code: res.status, out: res.stdout, err: res.stderr };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

/** A small "full" description: two operations the extension calls, one it does not. */
function fullDocument(): any {
    return {
        openapi: "3.0.3",
        info: { title: "PostHog API", version: "1.0.0", description: "" },
        paths: {
            "/api/projects/{project_id}/things/": {
                get: {
                    operationId: "things_list",
                    parameters: [
                        {
                            name: "limit",
                            in: "query",
                            required: false,
                            schema: { type: "integer" },
                        },
                    ],
                    security: [{ PersonalAPIKeyAuth: ["thing:read"] }],
                    responses: { "200": { ...json(ref("PaginatedThingList")), description: "" } },
                },
                post: {
                    operationId: "things_create",
                    requestBody: json(ref("Thing")),
                    security: [{ PersonalAPIKeyAuth: ["thing:write"] }],
                    responses: { "201": { ...json(ref("Thing")), description: "" } },
                },
            },
            "/api/projects/{project_id}/things/{id}/log/": {
                get: {
                    operationId: "things_log_retrieve",
                    responses: { "200": { description: "No response body" } },
                },
            },
            "/api/projects/{project_id}/other/": {
                get: {
                    operationId: "other_list",
                    responses: { "200": { ...json(ref("Unrelated")), description: "" } },
                },
            },
        },
        components: {
            schemas: {
                PaginatedThingList: {
                    type: "object",
                    required: ["count", "results"],
                    properties: {
                        count: { type: "integer" },
                        results: { type: "array", items: ref("Thing") },
                    },
                },
                Thing: {
                    type: "object",
                    properties: {
                        id: { type: "integer", readOnly: true },
                        name: { type: "string" },
                        status: ref("StatusEnum"),
                        query: {
                            discriminator: {
                                propertyName: "kind",
                                mapping: { Wanted: ref("Wanted").$ref, Huge: ref("Huge").$ref },
                            },
                            oneOf: [ref("Wanted"), ref("Huge")],
                        },
                    },
                    required: ["id", "name"],
                },
                StatusEnum: { type: "string", enum: ["draft", "running"] },
                Wanted: {
                    type: "object",
                    properties: { kind: { type: "string", enum: ["Wanted"] }, text: ref("Text") },
                },
                Text: { type: "string" },
                Huge: {
                    type: "object",
                    properties: { kind: { type: "string", enum: ["Huge"] }, deep: ref("Deep") },
                },
                Unrelated: { type: "object" },
            },
            securitySchemes: { PersonalAPIKeyAuth: { type: "http", scheme: "bearer" } },
        },
    };
}

const operations = {
    source: {
        repo: "PostHog/posthog",
        path: "frontend/src/generated/openapi.yaml",
        commit: "0".repeat(40),
    },
    operations: [
        { method: "GET", path: "/api/projects/{project_id}/things/", operationId: "things_list" },
        {
            method: "POST",
            path: "/api/projects/{project_id}/things/",
            operationId: "things_create",
        },
        {
            method: "GET",
            path: "/api/projects/{project_id}/things/{id}/log/",
            operationId: "things_log_retrieve",
        },
    ],
    cut: [{ why: "a kind the extension never sends", schemas: ["Huge"] }],
};

describe("openapiSlice script", function () {
    this.timeout(60_000);
    let dir: string;
    let fullPath: string;
    const slicePath = () => path.join(dir, "openapi.slice.yaml");

    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-slice-"));
        fs.writeFileSync(path.join(dir, "operations.json"), JSON.stringify(operations));
        fullPath = path.join(dir, "full.yaml");
        fs.writeFileSync(fullPath, YAML.stringify(fullDocument()));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("cuts the listed operations and every schema they reach, and nothing else", () => {
        const res = run(fullPath, "--write", `--dir=${dir}`);
        assert.equal(res.code, 0, res.err);
        const slice = YAML.parse(fs.readFileSync(slicePath(), "utf8"));
        assert.deepEqual(Object.keys(slice.paths), [
            "/api/projects/{project_id}/things/",
            "/api/projects/{project_id}/things/{id}/log/",
        ]);
        assert.deepEqual(Object.keys(slice.paths["/api/projects/{project_id}/things/"]), [
            "get",
            "post",
        ]);
        assert.deepEqual(Object.keys(slice.components.schemas), [
            "Huge",
            "PaginatedThingList",
            "StatusEnum",
            "Text",
            "Thing",
            "Wanted",
        ]);
        assert.deepEqual(slice.components.schemas.Wanted, fullDocument().components.schemas.Wanted);
        assert.deepEqual(slice.components.securitySchemes, {
            PersonalAPIKeyAuth: { type: "http", scheme: "bearer" },
        });
    });

    it("replaces a cut schema by a stand-in that keeps its discriminator value", () => {
        assert.equal(run(fullPath, "--write", `--dir=${dir}`).code, 0);
        const huge = YAML.parse(fs.readFileSync(slicePath(), "utf8")).components.schemas.Huge;
        assert.equal(huge["x-slice-cut"], true);
        assert.match(huge.description, /a kind the extension never sends/);
        assert.deepEqual(huge.properties, { kind: { type: "string", enum: ["Huge"] } });
        assert.equal(huge.type, undefined, "a stand-in accepts any value");
    });

    it("applies overlays before the cut, idempotently, and refuses one without its source", () => {
        const overlay = {
            source: {
                repo: "PostHog/posthog",
                path: "posthog/api/thing.py",
                commit: "a".repeat(40),
            },
            why: "the newest source answers a field the description lacks",
            set: {
                "/components/schemas/Thing/properties/shiny": { type: "boolean", readOnly: true },
                "/components/schemas/Extra": {
                    type: "object",
                    properties: { x: { type: "string" } },
                },
                "/paths/~1api~1projects~1{project_id}~1things~1/get/responses/200/content/application~1json/schema":
                    { $ref: "#/components/schemas/Extra" },
            },
        };
        const withOverlay = { ...operations, overlays: [overlay] };
        fs.writeFileSync(path.join(dir, "operations.json"), JSON.stringify(withOverlay));
        const res = run(fullPath, "--write", `--dir=${dir}`);
        assert.equal(res.code, 0, res.err);
        const slice = YAML.parse(fs.readFileSync(slicePath(), "utf8"));
        assert.deepEqual(slice.components.schemas.Thing.properties.shiny, {
            type: "boolean",
            readOnly: true,
        });
        assert.ok(
            slice.components.schemas.Extra,
            "a schema the overlay adds and refers to is kept",
        );
        assert.equal(slice.components.schemas.PaginatedThingList, undefined);
        // The overlaid slice cuts to itself.
        assert.equal(run(slicePath(), "--check", `--dir=${dir}`).code, 0);
        const unsourced = { ...operations, overlays: [{ ...overlay, source: { path: "x.py" } }] };
        fs.writeFileSync(path.join(dir, "operations.json"), JSON.stringify(unsourced));
        const refused = run(fullPath, `--dir=${dir}`);
        assert.equal(refused.code, 2);
        assert.match(refused.err, /must name its source file and commit/);
    });

    it("reproduces its own slice byte for byte and reports no change", () => {
        assert.equal(run(fullPath, "--write", `--dir=${dir}`).code, 0);
        const first = fs.readFileSync(slicePath(), "utf8");
        const again = run(slicePath(), "--check", `--dir=${dir}`);
        assert.equal(again.code, 0, again.out + again.err);
        assert.match(again.out, /No change in operations, scopes or schemas/);
        assert.equal(fs.readFileSync(slicePath(), "utf8"), first);
    });

    it("prints fields, required, enum, scope and operation changes, and --check fails", () => {
        assert.equal(run(fullPath, "--write", `--dir=${dir}`).code, 0);
        const newer = fullDocument();
        const thing = newer.components.schemas.Thing;
        delete thing.properties.name;
        thing.properties.metrics = { nullable: true };
        thing.required = ["id", "metrics"];
        newer.components.schemas.StatusEnum.enum = ["draft", "running", "exposure_frozen"];
        newer.paths["/api/projects/{project_id}/things/"].get.security = [
            { PersonalAPIKeyAuth: ["thing:read", "query:read"] },
        ];
        newer.paths["/api/projects/{project_id}/things/"].get.parameters.push({
            name: "search",
            in: "query",
            schema: { type: "string" },
        });
        fs.writeFileSync(fullPath, YAML.stringify(newer));
        const before = fs.readFileSync(slicePath(), "utf8");

        const res = run(fullPath, "--check", `--dir=${dir}`);
        assert.equal(res.code, 1, res.err);
        const lines = res.out.trim().split("\n");
        for (const expected of [
            "- Thing.name: field removed (string)",
            "+ Thing.metrics: field added (nullable)",
            "+ Thing: metrics now required",
            "- Thing: name no longer required",
            "+ StatusEnum: enum value exposure_frozen",
            "~ GET /api/projects/{project_id}/things/: scopes PersonalAPIKeyAuth[thing:read] -> PersonalAPIKeyAuth[thing:read, query:read]",
            "+ GET /api/projects/{project_id}/things/: parameter query search",
        ]) {
            assert.ok(lines.includes(expected), `missing "${expected}" in:\n${res.out}`);
        }
        assert.equal(
            fs.readFileSync(slicePath(), "utf8"),
            before,
            "without --write nothing changes",
        );
    });

    it("writes the scope table, and --check fails when the table differs from the slice", () => {
        assert.equal(run(fullPath, "--write", `--dir=${dir}`).code, 0);
        const tablePath = path.join(dir, "operationScopes.ts");
        const table = fs.readFileSync(tablePath, "utf8");
        assert.match(
            table,
            /things_list: \{\s*method: "GET",\s*path: "\/api\/projects\/\{project_id\}\/things\/",\s*client: \[\],\s*scopes: \["thing:read"\],/,
        );
        // No PersonalAPIKeyAuth: no personal API key may call it.
        assert.match(
            table,
            /things_log_retrieve: \{\s*method: "GET",\s*path: "[^"]+",\s*client: \[\],\s*scopes: null,/,
        );
        assert.equal(run(slicePath(), "--check", `--dir=${dir}`).code, 0);
        fs.writeFileSync(tablePath, table.replace('["thing:write"]', '["thing:read"]'));
        const res = run(slicePath(), "--check", `--dir=${dir}`);
        assert.equal(res.code, 1, res.out + res.err);
        assert.match(res.out, /operationScopes\.ts differs from the scopes the slice gives/);
    });

    it("refuses an operationId that no longer matches, naming it", () => {
        const newer = fullDocument();
        newer.paths["/api/projects/{project_id}/things/{id}/log/"].get.operationId = "renamed";
        fs.writeFileSync(fullPath, YAML.stringify(newer));
        const res = run(fullPath, `--dir=${dir}`);
        assert.equal(res.code, 2);
        assert.match(res.err, /things\/\{id\}\/log\/ is renamed, not things_log_retrieve/);
    });

    it("reports operations and schemas missing from the document instead of cutting", () => {
        const newer = fullDocument();
        delete newer.paths["/api/projects/{project_id}/things/"].post;
        delete newer.components.schemas.Text;
        fs.writeFileSync(fullPath, YAML.stringify(newer));
        const res = run(fullPath, "--write", `--dir=${dir}`);
        assert.equal(res.code, 2);
        assert.match(
            res.err,
            /operation POST \/api\/projects\/\{project_id\}\/things\/ is not in the document/,
        );
        assert.match(res.err, /schema Text is referred to but not in the document/);
        assert.equal(fs.existsSync(slicePath()), false);
    });

    it("cut from the committed slice, gives the committed slice back byte for byte", () => {
        const res = run(path.join(fixture, "openapi.slice.yaml"), "--check");
        assert.equal(res.code, 0, res.out + res.err);
    });
});
