/**
 * PostHog's HogQL tables as read from its source (posthog/hogql/database/), for completion and
 * hover when no schema of the project is cached yet (signed out, offline, or before the first
 * DatabaseSchemaQuery answers). scripts/hogql/write.mjs writes hogqlTables.json from the reading.
 * Read on first use, not at activation, like the function catalogue. Pure: no `vscode` import.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { HogQLTable } from "./languageFeatures";

interface CatalogueTable extends HogQLTable {
    /** `[min, max]` arguments when the table is a table function, `numbers(10)`. */
    tableFunction?: [number, number];
}

interface TableCatalogueFile {
    tables: CatalogueTable[];
}

let loaded: CatalogueTable[] | undefined;

/** dist/hogqlTables.json beside the bundle; the compiled tests read the source file. */
function catalogueFile(): string {
    const beside = join(__dirname, "hogqlTables.json");
    return existsSync(beside)
        ? beside
        : resolve(__dirname, "..", "..", "..", "src", "language", "hogqlTables.json");
}

/**
 * Every table PostHog registers at the root of its database, sorted by name; tables whose schema
 * module the reading did not cover have no fields listed.
 */
export function catalogueTables(): readonly CatalogueTable[] {
    if (!loaded) {
        const file = JSON.parse(readFileSync(catalogueFile(), "utf8")) as TableCatalogueFile;
        loaded = file.tables;
    }
    return loaded;
}

/** Whether the table catalogue has been read (activation must not read it). */
export function tableCatalogueLoaded(): boolean {
    return loaded !== undefined;
}
