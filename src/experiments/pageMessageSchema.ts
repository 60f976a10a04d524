// The experiment page's messages to the extension as a JTD schema (src/webviewMessages.ts checks
// each one on arrival). Typed by the protocol's union: tsc fails if the two differ.
import type { JTDSchemaType } from "ajv/dist/jtd";
import type { FromExperimentPage, PageActionId } from "../shared/experimentPageProtocol";

/** Every action a page's button may name (the keys make tsc list each one exactly once). */
const ACTIONS: Record<PageActionId, true> = {
    refresh: true,
    launch: true,
    pause: true,
    resume: true,
    end: true,
    shipVariant: true,
    reset: true,
    edit: true,
    archive: true,
    unarchive: true,
    delete: true,
    duplicate: true,
    createExposureCohort: true,
    recalculateTimeseries: true,
    openInPostHog: true,
    copyFlagKey: true,
    copyMarkdown: true,
    openMarkdown: true,
};

export const fromExperimentPageSchema: JTDSchemaType<FromExperimentPage> = {
    discriminator: "type",
    mapping: {
        ready: { properties: {} },
        action: { properties: { action: { enum: Object.keys(ACTIONS) as PageActionId[] } } },
        log: {
            properties: {
                level: { enum: ["debug", "info", "warn", "error"] },
                message: { type: "string" },
            },
        },
        rendered: {
            properties: {
                metrics: { type: "uint32" },
                charts: { type: "uint32" },
                bands: { type: "uint32" },
            },
        },
    },
};
