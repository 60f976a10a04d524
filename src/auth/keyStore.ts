import type * as vscode from "vscode";

const SECRET_PREFIX = "posthog-workbench.apiKey:";
const HOSTS_STATE = "posthog-workbench.hostsWithKeys";

/**
 * One secret per host in SecretStorage only. The secret's name contains the host's origin, so a
 * secret can only ever be read back for the host it was saved for. The list of hosts that have one
 * (not secret) is kept in global state because SecretStorage cannot enumerate. Personal API keys
 * (KeyStore) and browser sign-ins (oauth/store.ts) are kept this way, each under its own names.
 */
export class HostSecrets {
    constructor(
        private readonly secrets: vscode.SecretStorage,
        protected readonly state: vscode.Memento,
        /** Starts the secret's name; the origin ends it. */
        private readonly prefix: string,
        /** The global-state key of the list of hosts. */
        private readonly hostsState: string,
    ) {}

    protected read(origin: string): Thenable<string | undefined> {
        return this.secrets.get(this.prefix + origin);
    }

    protected async write(origin: string, secret: string): Promise<void> {
        // The host first: the secret's change event tells listeners such as the Accounts menu
        // (accountProvider.ts), which list the hosts; a host added after it was missed, and the
        // account never showed.
        if (!this.hosts().includes(origin))
            await this.state.update(this.hostsState, [...this.hosts(), origin]);
        await this.secrets.store(this.prefix + origin, secret);
    }

    async delete(origin: string): Promise<void> {
        await this.secrets.delete(this.prefix + origin);
        await this.state.update(
            this.hostsState,
            this.hosts().filter((host) => host !== origin),
        );
    }

    /** Hosts that have a secret here, in the order they were added. */
    hosts(): string[] {
        return this.state.get<string[]>(this.hostsState) ?? [];
    }

    /** Fires with the origin whose secret changed (also when changed from another window). */
    onDidChange(listener: (origin: string) => void): vscode.Disposable {
        return this.secrets.onDidChange((event) => {
            if (event.key.startsWith(this.prefix)) listener(event.key.slice(this.prefix.length));
        });
    }
}

/** Personal API keys, one per host (see {@link HostSecrets}). */
export class KeyStore extends HostSecrets {
    constructor(secrets: vscode.SecretStorage, state: vscode.Memento) {
        super(secrets, state, SECRET_PREFIX, HOSTS_STATE);
    }

    get(origin: string): Thenable<string | undefined> {
        return this.read(origin);
    }

    set(origin: string, key: string): Promise<void> {
        return this.write(origin, key);
    }
}
