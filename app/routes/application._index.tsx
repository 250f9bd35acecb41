import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { APPLICATION_STATUSES, APPLICATION_STATUS_TONE, isApplicationStatus } from "~/domain/applications/status";
import { NextActionCell, useNextActionText } from "~/components/NextAction";
import { ID_MAX } from "~/domain/id-rules";
import { pageParam } from "~/forms/list-query";
import { ListFilters, SelectFilter } from "~/components/AdminList";
import { Pagination } from "~/components/Pagination";
import { ScrollBox } from "~/components/ScrollBox";
import { StatusBadge } from "~/components/StatusBadge";
import { formatInstantDay } from "~/components/application/instant";
import { hint } from "~/components/Form.css";
import * as u from "~/styles/utility.css";
import { stackRows } from "~/components/stack-rows";
import { stackTable } from "~/styles/stack-table.css";
import { titleKey } from "~/lib/document-title";
import { i18next } from "~/i18n/i18next.server";
import { localizeField, localizeFields } from "~/domain/localized";
import { LocalText } from "~/components/LocalText";

export const handle = titleKey("nav.my-applications");

/** The URL's filters, less any value the API would refuse (a hand-edited URL shows the list, not an error). */
function filters(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = params.get("status[]") ?? "";
  const call = params.get("call_id[]") ?? "";
  return {
    "status[]": isApplicationStatus(status) ? [status] : undefined,
    "call_id[]": /^[1-9]\d{0,9}$/.test(call) && Number(call) <= ID_MAX ? [call] : undefined,
    page: pageParam(params.get("page")),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application"]);
  const f = filters(request);
  const [list, calls, locale] = await Promise.all([api(request).read(applications.my, { query: f }), api(request).read(applications.myCalls), i18next.getLocale(request)]);
  // The calls' titles in the reader's language, else in English marked so (ADR 052).
  return json({
    ...list,
    data: list.data.map((a) => localizeFields(locale, a, ["call_title"])),
    calls: calls.data.map((c) => ({ value: c.value, label: localizeField(locale, c, "label").text })),
    filters: { status: f["status[]"]?.[0], call: f["call_id[]"]?.[0] },
  });
}

/**
 * My applications: the user's applications with their call, status and last
 * change, and its next action with its deadline (docs/ui.md#lists) beside reading it,
 * filtered by status and call in the URL, 20 a page; a draft can be deleted
 * (through its confirmation page).
 */
export default function MyApplications() {
  const { t, i18n } = useTranslation();
  const text = useNextActionText();
  const { data, meta, calls, filters: f } = useLoaderData<typeof loader>();
  const filtered = Boolean(f.status || f.call);
  const columns = [t("my-applications.application"), t("list.status"), t("my-applications.next"), t("my-applications.call"), t("my-applications.changed")];
  if (!data.length && !filtered && meta.page === 1) {
    return (
      <>
        <h1>{t("nav.my-applications")}</h1>
        <p>{t("applications.empty")}</p>
        <p>
          <Link to="/call">{t("applications.browse-calls")}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t("nav.my-applications")}</h1>
      <p>
        <Link to="/call">{t("applications.browse-calls")}</Link>
      </p>
      <ListFilters label={t("my-applications.filters")} labelHidden submit={t("my-applications.apply-filters")}>
        <SelectFilter
          id="my-status"
          name="status[]"
          label={t("list.status")}
          value={f.status}
          options={APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`applications.status.${s}`) }))}
        />
        <SelectFilter id="my-call" name="call_id[]" label={t("my-applications.call")} value={f.call} options={calls.map((c) => ({ value: String(c.value), label: c.label }))} />
      </ListFilters>
      {data.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <ScrollBox label={t("nav.my-applications")}>
          <table className={`${u.fullTable} ${stackTable}`}>
            <caption className={u.leftCaption}>{t("my-applications.caption", { count: meta.total })}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {/* On a phone, a card per row, the next action full width (stack-table.css.ts). */}
              {stackRows(
                data.map((a) => {
                const name = a.acronym || a.title || t("wizard.untitled");
                const context = <span className="visually-hidden"> ({name})</span>;
                return (
                  <tr key={a.id}>
                    <td>
                      <span className={u.strong}>{a.acronym || t("wizard.untitled")}</span>
                      {a.title ? <div className={hint}>{a.title}</div> : null}
                    </td>
                    <td>
                      <StatusBadge status={a.status} tone={APPLICATION_STATUS_TONE[a.status]} prefix="applications.status" />
                    </td>
                    <td>
                      {/* The next action from the one rule (app/domain/todo/next-action.ts), then reading it; a draft can also be deleted. */}
                      {a.next.action === "none" ? (
                        <NextActionCell next={a.next} context={context} readText={t("my-applications.view")} />
                      ) : (
                        <>
                          <span className={u.cluster}>
                            <Link to={a.next.href}>
                              {text(a.next)}
                              {context}
                            </Link>
                            <Link to={`/application/${a.id}/review`}>
                              {t("my-applications.view")}
                              {context}
                            </Link>
                            {a.status === "draft" ? (
                              <Link to={`/application/${a.id}/delete`}>
                                {t("my-applications.delete")}
                                {context}
                              </Link>
                            ) : null}
                          </span>
                          {a.next.overdue ? <div className={hint}>{t("todo.deadline-passed")}</div> : null}
                        </>
                      )}
                    </td>
                    <td>
                      <LocalText text={a.call_title} />
                    </td>
                    <td>
                      <time dateTime={a.updated_at}>{formatInstantDay(a.updated_at, i18n.language)}</time>
                    </td>
                  </tr>
                );
                }),
                columns,
                2,
              )}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <Pagination meta={meta} />
    </>
  );
}
