// The faults suite's figure for issue 39's hostile names: every name of
// test/fixtures/hostile-names.json through each pure builder of a sink, rendered as VS Code renders
// that sink, counting what would be live (a link, image, command, HTML element or theme icon).
// The unit, integration, webview and UI suites check the same per sink; this is the total.
import { detailsMarkdown } from "../../src/events/format";
import { experimentPageData, pageMarkdown } from "../../src/experiments/pageData";
import { hoverMarkdown } from "../../src/language/hoverText";
import { table } from "../../src/lm/markdown";
import { inLabel, inMarkdown, quotedInMessage } from "../../src/shared/plainText";
import {
    hostileNames,
    iconsInMarkdownString,
    liveIcons,
    liveInMarkdownString,
    liveInPreview,
    notificationLinks,
} from "../hostile/liveMarkup";
import { definition, experiment } from "../hostile/serverObjects";
import type { Figure } from "./run";

const HOST = "https://us.posthog.com";

/** Each sink: what it makes live of one name. */
const sinks: [string, (name: string) => string[]][] = [
    [
        "notification",
        (n) => notificationLinks(`Deleted the event definition ${quotedInMessage(n)}.`),
    ],
    ["quick pick", (n) => liveIcons(inLabel(n))],
    [
        "tooltip",
        (n) => [
            ...liveInMarkdownString(`**${inMarkdown(n)}**`),
            ...iconsInMarkdownString(inMarkdown(n)),
        ],
    ],
    ["details preview", (n) => liveInPreview(detailsMarkdown(definition(n), 3))],
    [
        "experiment Markdown",
        (n) => {
            const e = experiment(n);
            const data = experimentPageData(
                e,
                new Map([[n, { kind: "failed", message: n }]]),
                null,
                new Date(0),
            );
            const own = `<a href="${HOST}/project/2/experiments/7">`;
            return liveInPreview(pageMarkdown(e, data, HOST, "2")).filter((tag) => tag !== own);
        },
    ],
    [
        "hover",
        (n) =>
            liveInMarkdownString(
                hoverMarkdown("t", false, [{ name: "t", fields: [{ name: n, type: n }] }]) ?? "",
            ),
    ],
    ["chat table", (n) => liveInMarkdownString(table(["name"], [[n]], 10, "rows", "chat"))],
    ["tool result table", (n) => liveInMarkdownString(table(["name"], [[n]], 10, "rows", "model"))],
];

export function hostileNamesFigure(): Figure {
    const names = hostileNames();
    const bySink = sinks.map(([sink, live]) => ({
        sink,
        live: names.reduce((total, { name }) => total + live(name).length, 0),
    }));
    const total = bySink.reduce((sum, s) => sum + s.live, 0);
    const worst = bySink.filter((s) => s.live > 0).map((s) => `${s.sink} ${s.live}`);
    return {
        name: "hostile names: live links, images, commands, icons",
        value: `${total} (${names.length} names x ${sinks.length} sinks${worst.length ? `: ${worst.join(", ")}` : ""})`,
        rule: "0",
        ok: total === 0,
    };
}
