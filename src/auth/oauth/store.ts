// OAuth sign-ins in SecretStorage only, one per host, next to the keys (keyStore.ts); the hosts
// that have one, and the registered clients (public client ids, not secret), in global state.
import type * as vscode from "vscode";
import type { RegisteredClient } from "../../api/oauthHttp";
import type { RegistrationStore } from "./browserSignIn";
import { type OAuthSession, parseSession } from "./tokens";

const SECRET_PREFIX = "posthog-workbench.oauth:";
const HOSTS_STATE = "posthog-workbench.hostsWithOAuth";
const CLIENTS_STATE = "posthog-workbench.oauthClients";
/** Registrations kept per host: one per redirect address seen (desktop, browser, loopback). */
const CLIENTS_PER_HOST = 4;

export class OAuthStore {
    constructor(
        private readonly secrets: vscode.SecretStorage,
        private readonly state: vscode.Memento,
    ) {}

    async get(origin: string): Promise<OAuthSession | undefined> {
        return parseSession(await this.secrets.get(SECRET_PREFIX + origin), origin);
    }

    async set(session: OAuthSession): Promise<void> {
        // The host first: the secret's change event tells the Accounts menu (accountProvider.ts),
        // which lists the hosts; a host added after it was missed, and the account never showed.
        if (!this.hosts().includes(session.host))
            await this.state.update(HOSTS_STATE, [...this.hosts(), session.host]);
        await this.secrets.store(SECRET_PREFIX + session.host, JSON.stringify(session));
    }

    async delete(origin: string): Promise<void> {
        await this.secrets.delete(SECRET_PREFIX + origin);
        await this.state.update(
            HOSTS_STATE,
            this.hosts().filter((host) => host !== origin),
        );
    }

    /** Hosts with an OAuth sign-in, in the order they were added. */
    hosts(): string[] {
        return this.state.get<string[]>(HOSTS_STATE) ?? [];
    }

    /** Fires with the origin whose sign-in changed (also when changed in another window). */
    onDidChange(listener: (origin: string) => void): vscode.Disposable {
        return this.secrets.onDidChange((event) => {
            if (event.key.startsWith(SECRET_PREFIX))
                listener(event.key.slice(SECRET_PREFIX.length));
        });
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
