// The notebook renderer's messages to the extension as a JTD schema (src/webviewMessages.ts
// checks each one on arrival). Typed by the protocol's union: tsc fails if the two differ.
import type { JTDSchemaType } from "ajv/dist/jtd";
import { chartPrefsSchema } from "../resultsPanel/messageSchema";
import type { FromRenderer } from "../shared/notebookRendererProtocol";

export const fromRendererSchema: JTDSchemaType<FromRenderer> = {
    discriminator: "type",
    mapping: {
        chart: {
            properties: {
                outputId: { type: "string" },
                view: chartPrefsSchema.properties.view,
                spec: chartPrefsSchema.properties.spec,
            },
        },
        copy: { properties: { text: { type: "string" }, rows: { type: "uint32" } } },
        saveChart: {
            properties: {
                format: { enum: ["png", "svg"] },
                data: { type: "string" },
                title: { type: "string" },
            },
        },
        chartImage: { properties: { outputId: { type: "string" }, png: { type: "string" } } },
        openFull: { properties: { outputId: { type: "string" } } },
        l10n: { properties: {} },
    },
};
