/**
 * The scheme of the upgrade previews (the right side of the diffs). Its own module: the lenses
 * need it at activation, the upgrade's code (./upgrade.ts) loads when an upgrade first runs.
 */
export const UPGRADE_SCHEME = "posthog-workbench-upgrade";
