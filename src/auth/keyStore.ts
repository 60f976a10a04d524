import type * as vscode from "vscode";

const SECRET_PREFIX = "posthog-workbench.apiKey:";
const HOSTS_STATE = "posthog-workbench.hostsWithKeys";

/**
 * Personal API keys, one per host, in SecretStorage only. The secret's name contains the host's
 * origin, so a key can only ever be read back for the host it was saved for. The list of hosts
 * that have a key (not secret) is kept in global state because SecretStorage cannot enumerate.
 */
export class KeyStore {
    constructor(
        private readonly secrets: vscode.SecretStorage,
        private readonly state: vscode.Memento,
    ) {}

    get(origin: string): Thenable<string | undefined> {
        return this.secrets.get(SECRET_PREFIX + origin);
    }

    async set(origin: string, key: string): Promise<void> {
        await this.secrets.store(SECRET_PREFIX + origin, key);
        const hosts = new Set(this.hosts());
        hosts.add(origin);
        await this.state.update(HOSTS_STATE, [...hosts]);
    }

    async delete(origin: string): Promise<void> {
        await this.secrets.delete(SECRET_PREFIX + origin);
        await this.state.update(
            HOSTS_STATE,
            this.hosts().filter((host) => host !== origin),
        );
    }

    /** Hosts the user saved a key for, in the order they were added. */
    hosts(): string[] {
        return this.state.get<string[]>(HOSTS_STATE) ?? [];
    }

    /** Fires with the origin whose key changed (also when changed from another window). */
    onDidChange(listener: (origin: string) => void): vscode.Disposable {
        return this.secrets.onDidChange((event) => {
            if (event.key.startsWith(SECRET_PREFIX))
                listener(event.key.slice(SECRET_PREFIX.length));
        });
    }
}
