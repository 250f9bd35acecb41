import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as audit from "~/api/audit/contract";
import { requireAccess } from "~/auth/user.server";
import { ListFilters, ListTable, SelectFilter, TextFilter } from "~/components/AdminList";
import { DateFilter } from "~/components/ApplicationFilters";
import { useAuditColumns } from "~/components/AuditEntries";
import { AUDIT_ENTITIES, isAuditEntity } from "~/domain/audit/entities";
import { urlFilters } from "~/domain/admin-applications/url-filters";
import { isId } from "~/domain/id-rules";
import { ROUTE_RULES } from "~/domain/navigation";
import { pageParam } from "~/forms/list-query";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("nav.admin-audit");

/** Only values the API accepts travel on: a hand-edited URL shows the trail, not an error. */
function filtersOf(params: URLSearchParams) {
  const text = (name: string, max: number) => params.get(name)?.replace(/\u0000/g, "").trim().slice(0, max) || undefined;
  // Real days, in order: the staff list's reading of the same parameters.
  const { date_from, date_to } = urlFilters(params);
  const entity = params.get("entity");
  const application = Number(params.get("application_id"));
  return {
    person: text("person", 200),
    entity: isAuditEntity(entity) ? entity : undefined,
    entity_id: isAuditEntity(entity) ? text("entity_id", 64) : undefined,
    application_id: isId(application) ? application : undefined,
    date_from,
    date_to,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/audit"]);
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const list = await api(request).read(audit.list, { query: { ...filters, page: pageParam(params.get("page")) } });
  return json({ list, filters });
}

/**
 * /admin/audit (admins): every write made through the portal, newest first:
 * who made it, with which roles, the operation, its record and each changed
 * field's old and new value, filtered by person, record and period
 * (docs/decisions/051-audit-trail.md).
 */
export default function AuditTrail() {
  const { list, filters: f } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns = useAuditColumns();
  return (
    <>
      <h1>{t("nav.admin-audit")}</h1>
      <p>{t("audit.intro")}</p>
      <ListFilters label={t("audit.filters")} submit={t("audit.apply")}>
        <TextFilter id="audit-person" name="person" label={t("audit.person")} value={f.person} />
        <SelectFilter
          id="audit-entity"
          name="entity"
          label={t("audit.entity")}
          value={f.entity}
          options={AUDIT_ENTITIES.map((e) => ({ value: e, label: t(`audit.entities.${e}`) }))}
        />
        <TextFilter id="audit-entity-id" name="entity_id" label={t("audit.entity-id")} value={f.entity_id} />
        <DateFilter id="audit-date-from" name="date_from" label={t("audit.date-from")} value={f.date_from} />
        <DateFilter id="audit-date-to" name="date_to" label={t("audit.date-to")} value={f.date_to} />
        {f.application_id ? <input type="hidden" name="application_id" value={f.application_id} /> : null}
      </ListFilters>
      {f.application_id ? <p>{t("audit.of-application", { id: f.application_id })}</p> : null}
      <ListTable
        label={t("nav.admin-audit")}
        rows={list.data}
        meta={list.meta}
        sortBy="at"
        order="desc"
        caption={{ text: t("audit.caption", { count: list.meta.total }), status: true }}
        empty={{ text: t("audit.none"), status: true }}
        columns={columns}
      />
    </>
  );
}
