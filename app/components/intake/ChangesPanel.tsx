import { useTranslation } from "react-i18next";
import { ListTable } from "~/components/AdminList";
import { useAuditColumns, type AuditEntryView } from "~/components/AuditEntries";
import { Link } from "~/components/Link";

/**
 * The application's latest changes from the audit trail (docs/decisions/051-audit-trail.md)
 * on its staff screen: who changed what, newest first, and a link to all of them.
 */
export function ChangesPanel({ applicationId, entries, total }: { applicationId: number; entries: AuditEntryView[]; total: number }) {
  const { t } = useTranslation();
  const columns = useAuditColumns({ record: false });
  return (
    <section aria-labelledby="changes-title">
      <h2 id="changes-title">{t("audit.trail-title")}</h2>
      <p>{t("audit.trail-intro")}</p>
      <ListTable
        label={t("audit.trail-title")}
        rows={entries}
        meta={{ page: 1, per_page: entries.length || 1, total: entries.length }}
        sortBy="at"
        order="desc"
        empty={{ text: t("audit.trail-none") }}
        paged={false}
        columns={columns}
      />
      {total > entries.length ? (
        <p>
          <Link to={`/admin/application/${applicationId}/changes`}>{t("audit.trail-all", { count: total })}</Link>
        </p>
      ) : null}
    </section>
  );
}
