// HTML for the development identity provider: sign-in, sign-out and error pages.
// Plain server-rendered documents with no JavaScript so they work in the
// JS-off browser tests, and with colours chosen to pass axe's contrast rule.
import type { DemoAccount } from "./accounts.js";

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

// Contrast: #1a1a1a on #fff ≈ 17:1, #fff on #1d4ed8 ≈ 6.7:1, #991b1b on #fef2f2 ≈ 7.6:1.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#fff}
main{max-width:34rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.5rem;line-height:1.25}
h2{font-size:1.15rem;margin-top:2rem}
label{display:block;font-weight:600;margin-top:1rem}
input{display:block;width:100%;font:inherit;padding:.5rem;margin-top:.25rem;border:1px solid #595959;border-radius:4px;color:#1a1a1a;background:#fff}
button{font:inherit;font-weight:600;margin-top:1.25rem;padding:.55rem 1.25rem;border:0;border-radius:4px;color:#fff;background:#1d4ed8;cursor:pointer}
button:hover{background:#1e3a8a}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
.alert{padding:.75rem 1rem;border:1px solid #991b1b;border-radius:4px;color:#991b1b;background:#fef2f2;font-weight:600}
table{border-collapse:collapse;width:100%}
caption{text-align:left;font-weight:600;padding-bottom:.25rem}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #d4d4d4}
a{color:#1d4ed8}
code{font-size:.95em}
`;

/** A complete HTML5 document; `body` is trusted markup placed inside <main>. */
export function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const SIGN_IN_TITLE = "Sign in to the TA portal (development)";
export const INVALID_CREDENTIALS = "Invalid username or password";
// Trusted constant, inserted unescaped so the apostrophe stays literal in the markup.
export const DEMO_PASSWORD_NOTE = "Every demo account's password is demo";

export interface LoginPageOptions {
  uid: string;
  username?: string;
  error?: string;
  /** Listed in a table when given; omitted to hide the demo accounts. */
  accounts?: readonly DemoAccount[];
}

export function loginPage({ uid, username = "", error, accounts }: LoginPageOptions): string {
  const errorId = "sign-in-error";
  const described = error ? ` aria-describedby="${errorId}" aria-invalid="true"` : "";
  const alert = error ? `<p class="alert" role="alert" id="${errorId}">${escapeHtml(error)}</p>\n` : "";
  const demo = accounts?.length
    ? `<section aria-labelledby="demo-accounts">
<h2 id="demo-accounts">Demo accounts</h2>
<p>${DEMO_PASSWORD_NOTE}.</p>
<table>
<caption>Demo accounts and their portal roles</caption>
<thead><tr><th scope="col">Username</th><th scope="col">Role</th></tr></thead>
<tbody>
${accounts.map((a) => `<tr><td>${escapeHtml(a.username)}</td><td>${escapeHtml(a.role)}</td></tr>`).join("\n")}
</tbody>
</table>
</section>`
    : "";

  return layout(
    error ? `Error: ${SIGN_IN_TITLE}` : SIGN_IN_TITLE,
    `<h1>${escapeHtml(SIGN_IN_TITLE)}</h1>
${alert}<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${described}>
<label for="password">Password</label>
<input id="password" type="password" name="password" autocomplete="current-password" required${described}>
<button type="submit">Sign in</button>
</form>
${demo}`,
  );
}

/**
 * oidc-provider hands us its confirmation form (with the xsrf token) as markup;
 * the submit controls go inside it rather than via the `form` attribute so the
 * page works in any browser without JavaScript.
 */
export function logoutPage(providerForm: string): string {
  const controls = `<input type="hidden" name="logout" value="yes">
<button type="submit">Sign out</button>
</form>`;
  const form = providerForm.includes("</form>")
    ? providerForm.replace("</form>", controls)
    : `${providerForm}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`;
  return layout(
    "Sign out of the TA portal (development)",
    `<h1>Sign out</h1>
<p>Do you want to sign out of the TA portal development identity provider?</p>
${form}`,
  );
}

export function postLogoutPage(returnUrl?: string): string {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to the TA portal</a></p>` : "";
  return layout(
    "Signed out of the TA portal (development)",
    `<h1>You are signed out</h1>
<p>You have signed out of the TA portal development identity provider.</p>
${back}`,
  );
}

export function errorPage(title: string, message: string, details: Record<string, unknown> = {}): string {
  const rows = Object.entries(details)
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join("\n");
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${rows ? `<dl>\n${rows}\n</dl>` : ""}`,
  );
}
