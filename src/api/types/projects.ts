/** A project as listed by `GET /api/projects/`. */
export interface Project {
    /** Numeric project id (used in every path). */
    id: number;
    /** Project UUID. */
    uuid?: string;
    /** Organization id. */
    organization?: string;
    /** Project name. */
    name: string;
    /** The project token (`phc_...`); public, used by SDKs, not for these endpoints. */
    api_token?: string;
    /** Timezone of the project, e.g. `UTC`. */
    timezone?: string;
    /** ISO 8601 creation time. */
    created_at?: string;
    /** Whether the project has ingested events. */
    ingested_event?: boolean;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}
