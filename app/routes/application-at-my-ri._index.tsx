import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as ri from "~/api/ri-decisions/contract";
import { requireAccess } from "~/auth/user.server";
import { APPLICATION_STATUS_TONE, APPLICATION_STATUSES, isApplicationStatus } from "~/domain/applications/status";
import { formatDay } from "~/domain/dates";
import { idFromText } from "~/domain/id-rules";
import { ROUTE_RULES } from "~/domain/navigation";
import { RI_STATUSES, type RiStatus } from "~/domain/ri-decisions/rules";
import { listQuery } from "~/forms/list-query";
import { ListFilters, SelectFilter } from "~/components/AdminList";
import { PagedTable } from "~/components/PagedTable";
import { StatusBadge } from "~/components/StatusBadge";
import { NextRowCell } from "~/components/reviews/ReviewParts";
import { DecisionStates, RiStatusFilter } from "~/components/ri-decisions/DecisionStates";
import { hint } from "~/components/Form.css";
import { titleKey } from "~/lib/document-title";
import * as u from "~/styles/utility.css";
import { boundedFilter } from "~/components/ri-decisions/RiDecisions.css";

export const handle = titleKey("nav.applications-at-my-ri");

/** The URL's filters, less any value the API would refuse (a hand-edited URL shows the list, never an error page). */
function filters(request: Request) {
  const q = listQuery(request, ["ri_status", "report_status", "call_id", "status", "page"]);
  const status = typeof q.status === "string" && isApplicationStatus(q.status) ? q.status : undefined;
  const page = Number(q.page);
  return {
    ri_status: RI_STATUSES.includes(q.ri_status as RiStatus) ? (q.ri_status as RiStatus) : undefined,
    report_status: RI_STATUSES.includes(q.report_status as RiStatus) ? (q.report_status as RiStatus) : undefined,
    call_id: typeof q.call_id === "string" ? idFromText(q.call_id) : undefined,
    status,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application-at-my-ri"]);
  const f = filters(request);
  const list = await api(request).read(ri.atMyInfrastructures, {
    query: { ri_status: f.ri_status, report_status: f.report_status, call_id: f.call_id, "status[]": f.status ? [f.status] : undefined, page: f.page },
  });
  return json({ ...list, filters: f });
}

/**
 * /application-at-my-ri: the applications at the reader's infrastructures,
 * filtered by where their decisions stand, call and status (a GET form that
 * works without JavaScript), each with its decisions and the deadline.
 */
export default function ApplicationsAtMyRi() {
  const { t, i18n } = useTranslation();
  const { data, meta, calls, filters: f } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("nav.applications-at-my-ri")}</h1>
      <p>{t("ri-decisions.list.intro")}</p>
      <ListFilters label={t("ri-decisions.list.filters")} labelHidden submit={t("ri-decisions.list.apply")}>
        <RiStatusFilter id="ri-status" value={f.ri_status} />
        <RiStatusFilter id="report-status" value={f.report_status} report />
        <div className={boundedFilter}>
          <SelectFilter id="ri-call" name="call_id" label={t("ri-decisions.list.call")} value={f.call_id ? String(f.call_id) : undefined} options={calls.map((c) => ({ value: String(c.id), label: c.title }))} />
        </div>
        <SelectFilter
          id="ri-application-status"
          name="status"
          label={t("ri-decisions.list.status")}
          value={f.status}
          options={APPLICATION_STATUSES.filter((s) => s !== "draft").map((s) => ({ value: s, label: t(`applications.status.${s}`) }))}
        />
      </ListFilters>
      <PagedTable
        label={t("nav.applications-at-my-ri")}
        caption={t("ri-decisions.list.caption", { count: meta.total })}
        columns={[t("ri-decisions.list.application"), t("ri-decisions.list.call"), t("ri-decisions.list.status"), t("ri-decisions.list.infrastructures"), t("ri-decisions.list.deadline"), t("ri-decisions.list.action")]}
        meta={meta}
        empty={data.length === 0}
        action={5}
      >
        {data.map((a) => (
          <tr key={a.id}>
            <td>
              <span className={u.strong}>{t("reviews.list.number", { id: a.id })}</span> <span data-stored="">{a.acronym}</span>
              {a.title ? (
                <div className={hint} data-stored="">
                  {a.title}
                </div>
              ) : null}
            </td>
            <td data-stored="">{a.call.title}</td>
            <td>
              <StatusBadge status={a.status} tone={APPLICATION_STATUS_TONE[a.status]} prefix="applications.status" />
            </td>
            <td>
              <DecisionStates decisions={a.decisions} />
            </td>
            <td>
              <time dateTime={a.call.evaluation_manager_date}>{formatDay(a.call.evaluation_manager_date, i18n.language)}</time>
              {/* Only where a decision of the reader's is still to make (docs/ui.md#lists). */}
              {a.next.overdue ? <div className={hint}>{t("todo.deadline-passed")}</div> : null}
            </td>
            <td>
              <NextRowCell next={a.next} application={a} readText={t("ri-decisions.list.open")} />
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
