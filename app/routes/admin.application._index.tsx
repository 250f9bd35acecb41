import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { list as applicationList } from "~/api/admin-applications/contract";
import { ListFilters, ListTable, SelectFilter, TrashedFilter } from "~/components/AdminList";
import { AllSubmittedFilter, ApplicationFilterFields, useApplicationFilterChips, type FilterOptions } from "~/components/ApplicationFilters";
import { FilterChips, useFormatCount, type Chip } from "~/components/FilterPanel";
import { hint as hintClass } from "~/components/Form.css";
import { StatusBadge } from "~/components/StatusBadge";
import { EVALUATION_STATUSES, REVIEW_STATUSES, type SortColumn } from "~/domain/admin-applications/columns";
import { filterSearch, urlFilters, type ScreenFilters } from "~/domain/admin-applications/url-filters";
import { APPLICATION_STATUS_TONE } from "~/domain/applications/status";
import { ACCESS_STATUSES } from "~/domain/applications/access-status";
import { formatDay, portalDay } from "~/domain/dates";
import { DOSSIERS_MAX } from "~/domain/dossier/limits";
import { listLoader } from "~/forms/admin-list.server";
import { applicationFilterOptions } from "~/forms/application-filter-options.server";
import { titleKey } from "~/lib/document-title";
import { button, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { RiStatusFilter } from "~/components/ri-decisions/DecisionStates";

export const handle = titleKey("admin-applications.title");

export async function loader({ request }: LoaderFunctionArgs) {
  return listLoader(request, "/admin/application", async (client) => {
    const f = urlFilters(new URL(request.url).searchParams);
    const [list, options] = await Promise.all([
      client.read(applicationList, { query: { ...f, page: f.page ? String(f.page) : undefined } }),
      applicationFilterOptions(request, client),
    ]);
    // The guard lets editors and admins in, to whom the API answers every application.
    if (list.scope !== "all") throw new Response("Forbidden", { status: 403 });
    // Only what the page shows travels in its data (part of the HTML, JS on or off: budget 60 KB with the CSS).
    return {
      data: list.data.map((a) => ({
        id: a.id, acronym: a.acronym, title: a.title, applicant: a.applicant?.display_name || a.applicant?.email || "", call: a.call.title,
        infrastructures: a.infrastructures.join(", "), status: a.status, evaluations: a.evaluations, updated_at: a.updated_at, deleted: a.deleted_at !== null,
      })),
      meta: list.meta,
      filters: f,
      options,
    };
  });
}

function Filters({ f, options }: { f: ScreenFilters; options: FilterOptions }) {
  const { t } = useTranslation();
  const label = (k: string) => t(`admin-applications.fields.${k}`);
  const enumOptions = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`admin-applications.${prefix}.${v}`) }));
  return (
    <ListFilters label={t("admin-applications.filters")} submit={t("admin-applications.apply-filters")} sortBy={f.sort_by} order={f.order}>
      <ApplicationFilterFields idPrefix="applications" f={f} options={options} />
      <div className={u.fieldRow}>
        <SelectFilter id="applications-evaluation" name="evaluation_status" label={label("evaluation-status")} value={f.evaluation_status} options={enumOptions("evaluation-status", EVALUATION_STATUSES)} />
        <SelectFilter
          id="applications-review"
          name="review_status"
          label={label("review-status")}
          value={f.review_status}
          options={enumOptions("review-status", REVIEW_STATUSES.filter((s) => s !== "all"))}
        />
        <RiStatusFilter id="applications-ri" value={f.ri_status} />
        <SelectFilter id="applications-accesses" name="accesses_status" label={label("accesses-status")} value={f.accesses_status} options={enumOptions("accesses-status", ACCESS_STATUSES)} />
        <AllSubmittedFilter id="applications-allsub" value={f.allsub} />
        <TrashedFilter id="applications-trashed" value={f.trashed} />
      </div>
    </ListFilters>
  );
}

/** The active filters as removable chips: the shared ones, then this list's own. */
function useChips(f: ScreenFilters, options: FilterOptions): Chip[] {
  const { t } = useTranslation();
  const chips = useApplicationFilterChips(f, options);
  const label = (k: string) => t(`admin-applications.fields.${k}`);
  const own: [string, string, string | undefined, (v: string) => string][] = [
    ["evaluation_status", label("evaluation-status"), f.evaluation_status, (v) => t(`admin-applications.evaluation-status.${v}`)],
    ["review_status", label("review-status"), f.review_status, (v) => t(`admin-applications.review-status.${v}`)],
    ["ri_status", t("ri-decisions.list.ri-status"), f.ri_status, (v) => t(`ri-decisions.list.ri-status-${v}`)],
    ["accesses_status", label("accesses-status"), f.accesses_status, (v) => t(`admin-applications.accesses-status.${v}`)],
    ["trashed", t("list.trashed"), f.trashed, (v) => t(`list.trashed-${v}`)],
  ];
  for (const [name, field, value, shown] of own) if (value) chips.push({ name, value, label: t("list.chip", { field, value: shown(value) }) });
  return chips;
}

/** /admin/application: every application, filtered, sorted and paged, and the downloads of every match. */
export default function AdminApplications() {
  const { data, meta, filters: f, options } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const cell = (content: ReactNode, empty: string) => content || <span className={hintClass}>{empty}</span>;
  const chips = useChips(f, options);
  const formatCount = useFormatCount();
  const sortable = (c: SortColumn, content: (a: (typeof data)[number]) => ReactNode) => ({ sort: c, label: t(`admin-applications.columns.${c}`), cell: content });
  return (
    <>
      <h1>{t("admin-applications.title")}</h1>
      <Filters f={f} options={options} />
      <FilterChips count={t("admin-applications.count", { count: meta.total, n: formatCount(meta.total) })} chips={chips} />
      <p>
        <Link to="/admin/application" className={secondaryButton}>
          {t("admin-applications.clear-filters")}
        </Link>
      </p>
      <nav aria-label={t("admin-applications.downloads")} className={u.cluster}>
        {(["csv", "xlsx"] as const).map((format) => (
          <a key={format} href={`/admin/application/export?${filterSearch(f, { export: format })}`} className={button} download>
            {t(`admin-applications.download-${format}`)}
          </a>
        ))}
        {meta.total <= DOSSIERS_MAX ? (
          // No download attribute: a refusal comes back as this list with its reason.
          <a href={`/admin/application/dossiers?${filterSearch(f)}`} className={button}>
            {t("admin-applications.download-dossiers")}
          </a>
        ) : null}
      </nav>
      <p className={hintClass}>{t(meta.total <= DOSSIERS_MAX ? "admin-applications.dossiers-hint" : "admin-applications.dossiers-too-many", { max: DOSSIERS_MAX })}</p>
      <ListTable
        label={t("admin-applications.table")}
        className={u.fullTable}
        // The count above says it to the eye and to screen readers (role=status); the caption names the table.
        caption={{ text: t("admin-applications.caption", { count: meta.total }), hidden: true }}
        empty={{ status: true }}
        rows={data}
        meta={meta}
        sortBy={f.sort_by}
        order={f.order}
        columns={[
          sortable("id", (a) => (
            <Link to={`/admin/application/${a.id}`} aria-label={t("admin-applications.open", { number: a.id })}>
              {a.id}
            </Link>
          )),
          sortable("acronym", (a) => (a.acronym ? <Link to={`/admin/application/${a.id}`}>{a.acronym}</Link> : cell(null, t("admin-applications.no-acronym")))),
          sortable("title", (a) => (
            <>
              {cell(a.title, t("admin-applications.no-title"))}
              {a.deleted ? <> ({t("admin-applications.deleted")})</> : null}
            </>
          )),
          sortable("applicant", (a) => a.applicant),
          sortable("call", (a) => a.call),
          sortable("infrastructures", (a) => cell(a.infrastructures, t("admin-applications.none"))),
          sortable("status", (a) => <StatusBadge status={a.status} tone={APPLICATION_STATUS_TONE[a.status]} prefix="applications.status" />),
          sortable("evaluations", (a) => t("admin-applications.evaluations-value", a.evaluations)),
          sortable("updated_at", (a) => <time dateTime={a.updated_at}>{formatDay(portalDay(new Date(a.updated_at)), i18n.language)}</time>),
        ]}
      />
    </>
  );
}
