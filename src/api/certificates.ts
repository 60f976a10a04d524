// The certificate authorities the client trusts.
//
// VS Code trusts the operating system's certificate store when `http.systemCertificates` is on
// (its default), but only for what its own patches of Node's http, https and tls modules and of
// the global fetch carry: it offers extensions no API to read that list, and its patch of
// `tls.connect` (`http.experimental.systemCertificatesV2`, off by default) stands aside when a
// connection names its own authorities. This client speaks through its own bundled undici, so it
// reads the same store itself where Node can (`tls.getCACertificates("system")`, Node 22.15 and
// 23.10 on: VS Code's newer builds; VS Code uses the same call when `http.systemCertificatesNode`
// is on). On an older Node it leaves Node's defaults alone: the bundled Mozilla list,
// `NODE_EXTRA_CA_CERTS`, and whatever VS Code's patch adds.
import { readFileSync } from "node:fs";
import * as tls from "node:tls";
import type { NetworkSettings } from "./network";

/** Node's `tls.getCACertificates`, where this Node has it. */
type GetCACertificates = (type?: "default" | "system" | "bundled" | "extra") => string[];

function getCACertificates(): GetCACertificates | undefined {
    const fn = (tls as unknown as { getCACertificates?: unknown }).getCACertificates;
    return typeof fn === "function" ? (fn as GetCACertificates) : undefined;
}

/**
 * The authorities to trust as PEM, or undefined to keep Node's defaults. Naming any authority
 * replaces Node's whole list (NODE_EXTRA_CA_CERTS included), so a list given here always starts
 * with those defaults.
 */
export function trustedAuthorities(
    settings: Pick<NetworkSettings, "systemCertificates" | "ca">,
    env: Record<string, string | undefined> = process.env,
): string[] | undefined {
    const read = getCACertificates();
    const system = settings.systemCertificates !== false && read ? read("system") : [];
    const extra = settings.ca ?? [];
    if (system.length === 0 && extra.length === 0) return undefined;
    const defaults = read ? read("default") : [...tls.rootCertificates, ...extraFile(env)];
    return [...new Set([...defaults, ...system, ...extra])];
}

/** The certificates of NODE_EXTRA_CA_CERTS, which Node adds only when no list is named. */
function extraFile(env: Record<string, string | undefined>): string[] {
    const file = env.NODE_EXTRA_CA_CERTS;
    if (!file) return [];
    try {
        return (
            readFileSync(file, "utf8").match(
                /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
            ) ?? []
        );
    } catch {
        // Node itself only warns about an unreadable file; so does the lack of its certificates.
        return [];
    }
}

let cached: { key: string; context: tls.SecureContext | undefined } | undefined;

/**
 * A secure context holding the authorities to trust, or undefined for Node's defaults. Built once
 * per set of settings: parsing a few hundred certificates takes tens of milliseconds, too long to
 * repeat for every connection or client.
 */
export function trustedContext(
    settings: Pick<NetworkSettings, "systemCertificates" | "ca">,
): tls.SecureContext | undefined {
    const key = JSON.stringify([settings.systemCertificates !== false, settings.ca ?? []]);
    if (cached?.key !== key) {
        const ca = trustedAuthorities(settings);
        cached = { key, context: ca ? tls.createSecureContext({ ca }) : undefined };
    }
    return cached.context;
}
