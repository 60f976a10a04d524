// What a browser does on the sandbox's consent page, for tests that cannot click: open the
// authorization URL, read the form, submit it with Allow or Deny, and return where the server
// redirects (the client's redirect URI with `code` or `error`, and `state`).

/** Submits the consent form at `authorizeUrl`; returns the redirect's Location. */
export async function consent(authorizeUrl: string, choice: "allow" | "deny"): Promise<string> {
    const page = await fetch(authorizeUrl, { redirect: "manual" });
    if (page.status === 302) return page.headers.get("location") ?? "";
    const html = await page.text();
    if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html}`);
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        form.set(m[1], unescapeHtml(m[2]));
    form.set("allow", choice === "allow" ? "true" : "false");
    const action = new URL("/oauth/authorize/", authorizeUrl);
    const res = await fetch(action, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        redirect: "manual",
    });
    const location = res.headers.get("location");
    if (res.status !== 302 || !location)
        throw new Error(`consent answered ${res.status}: ${await res.text()}`);
    return location;
}

function unescapeHtml(text: string): string {
    return text
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
}
