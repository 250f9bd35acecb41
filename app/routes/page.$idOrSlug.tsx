import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as pagesApi from "~/api/pages/contract";
import { getAccessToken } from "~/auth/tokens.server";
import { loginUrl } from "~/auth/user.server";
import { formatDay, todayIso } from "~/domain/dates";
import { sanitizePageHtml } from "~/domain/pages/markdown.server";
import { DocumentFiles } from "~/components/DocumentFiles";
import { ErrorScreen } from "~/components/ErrorScreen";
import { status } from "~/styles/layout.css";
import { titleFrom } from "~/lib/document-title";
import { i18next } from "~/i18n/i18next.server";
import { langOf, localize, localizeField, type Localized } from "~/domain/localized";
import { richText } from "~/styles/rich-text.css";
import * as u from "~/styles/utility.css";

export const handle = titleFrom<{ page: { title: Localized } }>((d) => d.page.title.text);

// The title comes from the handle (see document-title); the summary describes the page.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...(data?.page.summary.text ? [{ name: "description", content: data.page.summary.text }] : []),
];

/**
 * A published page the visitor may see, by id or slug. A members' page sends a
 * signed-out visitor to sign in; anything else (draft, deleted, unknown) is the
 * API's 404, shown as the not-found screen with a 404 status.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await api(request)
    .read(pagesApi.publicOne, { param: { idOrSlug: params.idOrSlug ?? "" } })
    .catch(async (err: unknown) => {
      // A members' page: a signed-out visitor signs in and comes back (docs/roles.md#sign-in-redirects).
      if (err instanceof Response && err.status === 401 && !(await getAccessToken(request).catch(() => null))) throw redirect(loginUrl(request));
      throw err;
    });
  // The reader's language, else the English text marked lang="en" (ADR 052):
  // only the version shown goes to the browser.
  const locale = await i18next.getLocale(request);
  const content = localize(locale, { en: page.content_html, fr: page.content_html_fr });
  const { title_fr: _t, summary_fr: _s, content_html_fr: _c, ...rest } = page;
  return json({
    page: {
      ...rest,
      title: localizeField(locale, page, "title"),
      summary: localizeField(locale, page, "summary"),
      // Rendered and sanitized by the API; once more here because the API may be a
      // separate deployment (API_URL) and this HTML goes into our origin. Memoised:
      // the same HTML is cleaned once per process, not on every view.
      content_html: { ...content, text: sanitizePageHtml(content.text) },
      documents: page.documents.map((d) => ({ ...d, title: localizeField(locale, d, "title") })),
    },
  });
}

/** /page/{id} and /page/{slug}: a content page (docs/ui.md#screens, docs/data.md#page). */
export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <article aria-labelledby="page-title">
      <h1 id="page-title" {...langOf(page.title)}>
        {page.title.text}
      </h1>
      {page.summary.text ? (
        <p className={u.lead} {...langOf(page.summary)}>
          {page.summary.text}
        </p>
      ) : null}
      {page.is_public ? null : <p className={status}>{t("page.members-only")}</p>}
      {/* Markdown rendered to server-sanitized HTML (app/domain/pages/sanitize.ts allow-list). */}
      <div className={richText} {...langOf(page.content_html)} dangerouslySetInnerHTML={{ __html: page.content_html.text }} />
      {page.attachments.length ? (
        <section aria-labelledby="page-attachments">
          <h2 id="page-attachments">{t("page.attachments")}</h2>
          <DocumentFiles files={page.attachments} />
        </section>
      ) : null}
      {page.documents.length ? (
        <section aria-labelledby="page-documents">
          <h2 id="page-documents">{t("page.documents")}</h2>
          {page.documents.map((d) => (
            <section key={d.id} aria-labelledby={`page-document-${d.id}`}>
              <h3 id={`page-document-${d.id}`} {...langOf(d.title)}>
                {d.title.text}
              </h3>
              <DocumentFiles files={d.attachments} />
            </section>
          ))}
        </section>
      ) : null}
      <p className={status}>{t("page.updated", { date: formatDay(todayIso(new Date(page.updated_at)), i18n.language) })}</p>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorScreen kind="not-found" />;
  if (isRouteErrorResponse(error) && error.status === 503) return <ErrorScreen kind="service-unavailable" />;
  return <ErrorScreen kind="unexpected" />;
}
