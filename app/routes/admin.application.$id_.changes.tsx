import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as audit from "~/api/audit/contract";
import { requireAccess } from "~/auth/user.server";
import { ListTable } from "~/components/AdminList";
import { useAuditColumns } from "~/components/AuditEntries";
import { Link } from "~/components/Link";
import { ROUTE_RULES } from "~/domain/navigation";
import { pageParam } from "~/forms/list-query";
import { routeId } from "~/forms/route-id";
import { titleFrom } from "~/lib/document-title";

export const handle = titleFrom<{ id: number }>((d, t) => t("audit.of-application", { id: d.id }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/application"]);
  const id = routeId(params.id);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const list = await api(request).read(audit.ofApplication, { param: { id }, query: { page, per_page: 20 } });
  return json({ id, list });
}

/** /admin/application/{id}/changes (editor, admin): the application's whole audit trail, newest first, 20 a page. */
export default function ApplicationChanges() {
  const { id, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns = useAuditColumns({ record: false });
  return (
    <>
      <p>
        <Link to={`/admin/application/${id}`}>{t("audit.back", { id })}</Link>
      </p>
      <h1>{t("audit.of-application", { id })}</h1>
      <p>{t("audit.trail-intro")}</p>
      <ListTable
        label={t("audit.trail-title")}
        rows={list.data}
        meta={list.meta}
        sortBy="at"
        order="desc"
        caption={{ text: t("audit.caption", { count: list.meta.total }), hidden: true }}
        empty={{ text: t("audit.trail-none") }}
        columns={columns}
      />
    </>
  );
}
