/** Global state: the name of each project seen at sign-in or switch, by id (the status bar's). */
export const PROJECT_NAMES = "posthog-workbench.projectNames";
