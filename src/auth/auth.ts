import type { Ctx } from "../ctx";

/** Sign-in state. Filled in by the sign-in issue. */
export class Auth {
    constructor(private readonly ctx: Ctx) {}

    async signIn(): Promise<void> {
        await this.ctx.ui.info("Sign In is not available yet.");
    }
}
