// Pages of the PostHog app that code insight opens. The paths follow PostHog's
// frontend/src/scenes/urls.ts @02ec3bafaa18f0e0604aeeae466b5e311caa1d3c: `project(id, path)` is
// `/project/${id}` + path, and `eventDefinition(id)` is `/data-management/events/${id}`, where the
// id is the event definition's UUID (the name alone does not address the page). Pure: no vscode.
import { appLink } from "../appLinks";

/** The event definition's page in the PostHog app; throws when the host is not usable. */
export function eventDefinitionUrl(host: string, projectId: string, definitionId: string): string {
    return appLink(host, "project", projectId, "data-management", "events", definitionId);
}
