// The queries `@posthog /query` drafted and showed, each waiting for the user's click on its Run
// button. The button carries an id, never the SQL: the command it calls runs only a query the
// participant drafted and showed, so a command link built elsewhere cannot run SQL of its own.
import { nodeCrypto } from "../nodeCrypto";

/** Drafts kept: the recent ones of a session; older buttons say to draft again. */
const KEPT = 50;

export class ChatDrafts {
    private readonly drafts = new Map<string, string>();

    /** Keeps `sql` and returns the id its Run button carries. */
    add(sql: string): string {
        const id = nodeCrypto().randomUUID();
        this.drafts.set(id, sql);
        for (const oldest of this.drafts.keys()) {
            if (this.drafts.size <= KEPT) break;
            this.drafts.delete(oldest);
        }
        return id;
    }

    /** The SQL shown under the button with this id, if it is still kept. */
    get(id: unknown): string | undefined {
        return typeof id === "string" ? this.drafts.get(id) : undefined;
    }
}

const byOwner = new WeakMap<object, ChatDrafts>();

/**
 * The drafts of this activation (the participant adds, the Run command reads), kept per `owner`:
 * the pieces both were given, which are the same object for one activation.
 */
export function chatDraftsOf(owner: object): ChatDrafts {
    let drafts = byOwner.get(owner);
    if (!drafts) {
        drafts = new ChatDrafts();
        byOwner.set(owner, drafts);
    }
    return drafts;
}
