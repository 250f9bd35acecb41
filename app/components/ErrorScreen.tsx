import { useTranslation } from "react-i18next";
import { isRouteErrorResponse } from "@remix-run/react";
import { Link } from "~/components/Link";

export type ErrorKind = "not-found" | "service-unavailable" | "user-not-found" | "user-session" | "cookies-blocked" | "forbidden" | "bad-request" | "too-large" | "unexpected";

const TEXT: Record<ErrorKind, { title: string; description: string }> = {
  "not-found": { title: "errors.not-found-title", description: "errors.not-found-desc" },
  "service-unavailable": { title: "errors.serv-unavai-title", description: "errors.serv-unavai-desc" },
  "user-not-found": { title: "errors.user-not-found-title", description: "errors.user-not-found-desc" },
  "user-session": { title: "errors.user-session-title", description: "errors.user-session-desc" },
  "cookies-blocked": { title: "errors.cookies-blocked-title", description: "errors.cookies-blocked-desc" },
  forbidden: { title: "errors.forbidden-title", description: "errors.forbidden-desc" },
  "bad-request": { title: "errors.bad-request-title", description: "errors.bad-request-desc" },
  "too-large": { title: "errors.too-large-title", description: "errors.too-large-desc" },
  unexpected: { title: "errors.unexpected-title", description: "errors.unexpected-desc" },
};

/** Server messages that only name the status, which the screen's own title already says. */
const GENERIC = new Set(["errors.forbidden", "errors.not-found", "errors.not-authenticated", "Forbidden", "Bad Request", "Not Found"]);

/** Which error screen (docs/ui.md#error-screens) an error thrown by a loader or action shows. */
export function errorKind(error: unknown): { kind: ErrorKind; detail?: string } {
  if (isRouteErrorResponse(error)) {
    if (error.data === "user-not-found") return { kind: "user-not-found" };
    if (error.data === "user-session") return { kind: "user-session" };
    if (error.data === "cookies-blocked") return { kind: "cookies-blocked" };
    if (error.status === 404) return { kind: "not-found" };
    if (error.status === 503) return { kind: "service-unavailable" };
    // The server's message (app/api/client.server.ts), a key or a text, says why, unless it only repeats the screen's title.
    const said = typeof error.data === "string" && error.data !== error.statusText && !GENERIC.has(error.data) ? error.data : undefined;
    if (error.status === 403) return { kind: "forbidden", detail: said };
    // A form the portal refused to read (readForm): the sender's to fix, not "our side".
    if (error.status === 413) return { kind: "too-large" };
    if (error.status === 400 || error.status === 415) return { kind: "bad-request" };
    return { kind: "unexpected", detail: `${error.status} ${error.statusText}` };
  }
  return { kind: "unexpected" };
}

export const errorTitleKey = (kind: ErrorKind) => TEXT[kind].title;

/** The error screens (docs/ui.md#error-screens), each with a way back. */
export function ErrorScreen({ kind, detail, supportEmail }: { kind: ErrorKind; detail?: string; supportEmail?: string }) {
  const { t } = useTranslation();
  const text = TEXT[kind];
  return (
    <section aria-labelledby="error-title">
      <h1 id="error-title">{t(text.title, { defaultValue: t("errors.title") })}</h1>
      <p>{t(text.description)}</p>
      {detail ? <p>{t(detail, { defaultValue: detail })}</p> : null}
      {supportEmail ? (
        <p>
          {t("errors.support")} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      ) : null}
      <p>
        <Link to="/">{t("errors.back-home")}</Link>
      </p>
    </section>
  );
}
