// The sandbox's consent page: plain HTML with Allow and Deny, where PostHog shows its React
// consent screen (the frontend posts the same fields back to /oauth/authorize/, see
// OAuthAuthorizationSerializer in posthog/api/oauth/views.py @00cf18db). The client name came from
// an unauthenticated registration: it is escaped like every other value on the page
// (client_name.py sanitize_client_name escapes names at ingestion for the same reason).

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
    return text
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#x27;");
}

/** The fields the form posts back, as the authorization request carried them. */
const FIELDS = [
    "client_id",
    "redirect_uri",
    "response_type",
    "state",
    "code_challenge",
    "code_challenge_method",
    "scope",
];

export function consentPage(clientName: string, params: URLSearchParams): string {
    const hidden = FIELDS.filter((f) => params.has(f))
        .map((f) => `<input type="hidden" name="${f}" value="${escapeHtml(params.get(f) ?? "")}">`)
        .join("\n");
    const scopes = (params.get("scope") ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((s) => `<li>${escapeHtml(s)}</li>`)
        .join("");
    return `<!doctype html>
<html><head><meta charset="utf-8"><title>Authorize application</title></head>
<body>
<h1>Authorize <span id="client-name">${escapeHtml(clientName)}</span></h1>
<p>This application asks for access to your PostHog account:</p>
<ul id="scopes">${scopes}</ul>
<form method="post" action="/oauth/authorize/">
${hidden}
<input type="hidden" name="access_level" value="all">
<button type="submit" name="allow" value="true" id="allow">Allow</button>
<button type="submit" name="allow" value="false" id="deny">Deny</button>
</form>
</body></html>`;
}

export function errorPage(message: string): string {
    return `<!doctype html>
<html><head><meta charset="utf-8"><title>Authorization error</title></head>
<body><h1>Authorization error</h1><p id="error">${escapeHtml(message)}</p></body></html>`;
}
