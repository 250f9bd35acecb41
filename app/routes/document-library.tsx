import type { LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as documentsApi from "~/api/documents/contract";
import { formatDay, todayIso } from "~/domain/dates";
import { listQuery } from "~/forms/list-query";
import { DocumentFiles } from "~/components/DocumentFiles";
import { Pagination } from "~/components/Pagination";
import { card, secondaryButton, status } from "~/styles/layout.css";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { i18next } from "~/i18n/i18next.server";
import { langOf, localizeFields } from "~/domain/localized";

export const handle = titleKey("library.title");

/** The documents the visitor may see (docs/roles.md#documents: by their roles), optionally of one tag. */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = listQuery(request, ["tag", "page"]);
  const client = api(request);
  const [documents, tags, locale] = await Promise.all([
    client.read(documentsApi.publicList, { query }),
    client.read(documentsApi.tags),
    i18next.getLocale(request),
  ]);
  // Each title in the reader's language, else in English marked so (ADR 052).
  const shown = { ...documents, data: documents.data.map((d) => localizeFields(locale, d, ["title"])) };
  return json({ documents: shown, tags: tags.data, tag: typeof query.tag === "string" ? query.tag : "" });
}

/** /document-library: the public document library, filterable by tag, with download links. */
export default function DocumentLibrary() {
  const { documents, tags, tag } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  // Keyed on the query: a client-side navigation shows the filters it leads to, not the last chosen (uncontrolled fields).
  const { search } = useLocation();
  const selected = tags.find((x) => x.tag.toLowerCase() === tag.toLowerCase())?.tag ?? tag;
  return (
    <>
      <h1>{t("library.title")}</h1>
      <p>{t("library.intro")}</p>
      {tags.length ? (
        <Form key={search} method="get" className={u.filterForm}>
          <div className={u.labelStack}>
            <label htmlFor="library-tag">{t("library.tag")}</label>
            <select id="library-tag" name="tag" defaultValue={selected}>
              <option value="">{t("library.all-tags")}</option>
              {tags.map((x) => (
                <option key={x.tag} value={x.tag}>
                  {t("library.tag-option", { tag: x.tag, count: x.count })}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButton}>
            {t("library.apply")}
          </button>
        </Form>
      ) : null}
      {tag ? (
        <p>
          {t("library.shown", { tag: selected })} <Link to="/document-library">{t("library.clear")}</Link>
        </p>
      ) : null}
      {documents.data.length === 0 ? (
        <p role="status">{t(tag ? "library.empty-tag" : "library.empty")}</p>
      ) : (
        <ul className={u.cardList}>
          {documents.data.map((d) => (
            <li key={d.id}>
              <article className={card} aria-labelledby={`document-${d.id}`}>
                <h2 id={`document-${d.id}`} className={u.cardTitle} {...langOf(d.title)}>
                  {d.title.text}
                </h2>
                {d.tags.length ? (
                  <p>
                    {t("typography.label", { label: t("library.tags") })}{" "}
                    {d.tags.map((x, i) => (
                      <span key={x}>
                        {i > 0 ? ", " : null}
                        <Link to={`/document-library?tag=${encodeURIComponent(x)}`}>{x}</Link>
                      </span>
                    ))}
                  </p>
                ) : null}
                <DocumentFiles files={d.attachments} />
                <p className={status}>{t("library.updated", { date: formatDay(todayIso(new Date(d.updated_at)), i18n.language) })}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination meta={documents.meta} />
    </>
  );
}
