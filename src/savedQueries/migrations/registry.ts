// PostHog's migration registry (posthog/schema_migrations/__init__.py, PostHog, MIT): every
// migration in file-name order; LATEST_VERSIONS[kind] is one past the highest target version,
// MIGRATIONS[kind][version] the migration that moves a node on from that version. Two
// migrations targeting the same (kind, version) are refused, as discovery refuses them.
import { migration0001 } from "./0001_retention_query_show_mean";
import { migration0002 } from "./0002_stickiness_hidden_legend_indexes";
import { migration0003PieShowTotal } from "./0003_data_visualization_pie_show_total";
import { migration0003 } from "./0003_trends_result_customizations_compare";
import { migration0004 } from "./0004_entity_node_kind";
import { migration0005 } from "./0005_trends_result_customizations_homogeneous";
import type { SchemaMigration } from "./base";

/** The migrations of PostHog's posthog/schema_migrations/, sorted by file name. */
export const ALL_MIGRATIONS: readonly SchemaMigration[] = [
    migration0001,
    migration0002,
    migration0003PieShowTotal,
    migration0003,
    migration0004,
    migration0005,
];

export interface Registry {
    latestVersions: Record<string, number>;
    migrations: Record<string, Record<number, SchemaMigration>>;
}

export function buildRegistry(list: readonly SchemaMigration[]): Registry {
    const latestVersions: Record<string, number> = {};
    const migrations: Record<string, Record<number, SchemaMigration>> = {};
    // Code-point order, as `sorted(migration_files)` orders the file names (follows
    // posthog/schema_migrations/__init__.py @108aa8e3); localeCompare would not, and its first
    // call loads the ICU collator during activation.
    const byName = (a: SchemaMigration, b: SchemaMigration) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    for (const migration of [...list].sort(byName)) {
        for (const [kind, version] of Object.entries(migration.targets)) {
            const byVersion = (migrations[kind] ??= {});
            if (byVersion[version])
                throw new Error(
                    `Duplicate schema migration target: ${migration.name} targets ${kind} version ${version}`,
                );
            byVersion[version] = migration;
            latestVersions[kind] = Math.max(latestVersions[kind] ?? 1, version + 1);
        }
    }
    return { latestVersions, migrations };
}

export const REGISTRY: Registry = buildRegistry(ALL_MIGRATIONS);
