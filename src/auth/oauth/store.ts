// OAuth sign-ins in SecretStorage only, one per host, next to the keys (keyStore.ts); the hosts
// that have one, and the registered clients (public client ids, not secret), in global state.
import type * as vscode from "vscode";
import type { RegisteredClient } from "../../api/oauthHttp";
import { HostSecrets } from "../keyStore";
import type { RegistrationStore } from "./browserSignIn";
import { type OAuthSession, parseSession } from "./tokens";

const SECRET_PREFIX = "posthog-workbench.oauth:";
const HOSTS_STATE = "posthog-workbench.hostsWithOAuth";
const CLIENTS_STATE = "posthog-workbench.oauthClients";
/** Registrations kept per host: one per redirect address seen (desktop, browser, loopback). */
const CLIENTS_PER_HOST = 4;

/** The browser sign-ins' tokens, one per host (see {@link HostSecrets}). */
export class OAuthStore extends HostSecrets {
    constructor(secrets: vscode.SecretStorage, state: vscode.Memento) {
        super(secrets, state, SECRET_PREFIX, HOSTS_STATE);
    }

    async get(origin: string): Promise<OAuthSession | undefined> {
        return parseSession(await this.read(origin), origin);
    }

    set(session: OAuthSession): Promise<void> {
        return this.write(session.host, JSON.stringify(session));
    }

    // RegistrationStore: the clients registered with each host, kept across sign-ins.

    registration(host: string, redirectUri: string): RegisteredClient | undefined {
        return this.clients()[host]?.find((c) => c.redirectUris.includes(redirectUri));
    }

    async register(host: string, client: RegisteredClient): Promise<void> {
        const all = this.clients();
        all[host] = [client, ...(all[host] ?? [])].slice(0, CLIENTS_PER_HOST);
        await this.state.update(CLIENTS_STATE, all);
    }

    /** The registrations as the sign-in flow reads and keeps them. */
    get registrations(): RegistrationStore {
        return {
            get: (host, redirectUri) => this.registration(host, redirectUri),
            set: (host, client) => this.register(host, client),
        };
    }

    /** Forgets a host's registrations (its server no longer knows them). */
    async forgetRegistrations(host: string): Promise<void> {
        const all = this.clients();
        delete all[host];
        await this.state.update(CLIENTS_STATE, all);
    }

    private clients(): Record<string, RegisteredClient[]> {
        return { ...this.state.get<Record<string, RegisteredClient[]>>(CLIENTS_STATE) };
    }
}
