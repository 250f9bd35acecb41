import { useTranslation } from "react-i18next";
import type { ListColumn } from "~/components/AdminList";
import { formatInstant } from "~/components/application/instant";
import { Link } from "~/components/Link";
import { RoleNames } from "~/components/UserRoles";
import { auditRecordScreen, isAuditEntity } from "~/domain/audit/entities";
import { changeList, changeRow, operation, value } from "./AuditEntries.css";

/** An audit entry as GET /api/audit answers it. */
export interface AuditEntryView {
  id: number;
  at: string;
  actor: { id: number; name: string; email: string | null } | null;
  roles: string[];
  operation: string;
  entity: string | null;
  entity_id: string | null;
  changes: { table: string; op: "insert" | "update" | "delete"; key: Record<string, unknown>; fields: Record<string, [unknown, unknown]> }[];
  more_changes: number;
}

/** A recorded value as text: absent values as a dash, texts as they are, the rest as JSON. */
function shown(v: unknown): string {
  if (v === null || v === undefined) return "—";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** A table's name as people say it, or the name itself. */
function useEntityName() {
  const { t } = useTranslation();
  return (entity: string) => (isAuditEntity(entity) ? t(`audit.entities.${entity}`) : entity);
}

/** What one entry changed, folded: each row, then each field's old and new value ([null, null]: erased). */
export function AuditChanges({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  const entityName = useEntityName();
  if (entry.changes.length === 0) return <>{t("audit.no-changes")}</>;
  return (
    <details>
      <summary>{t("audit.changes", { count: entry.changes.length + entry.more_changes })}</summary>
      <ul className={changeList}>
        {entry.changes.map((c, i) => (
          <li key={i} className={changeRow}>
            {t(`audit.ops.${c.op}`, { record: `${entityName(c.table)} ${Object.values(c.key).map(shown).join(" / ")}` })}
            {Object.keys(c.fields).length ? (
              <ul className={changeList}>
                {Object.entries(c.fields).map(([field, [before, after]]) => (
                  <li key={field}>
                    <code>{field}</code>
                    {t("typography.label", { label: "" })}{" "}
                    {before === null && after === null && c.op === "update" ? (
                      t("audit.erased")
                    ) : (
                      <>
                        <span className={value}>{shown(before)}</span> → <span className={value}>{shown(after)}</span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        {entry.more_changes ? <li>{t("audit.more-changes", { count: entry.more_changes })}</li> : null}
      </ul>
    </details>
  );
}

/** The columns of an audit list: when, who (name, roles), the operation, its record (with its screen's link), what changed. */
export function useAuditColumns({ record = true }: { record?: boolean } = {}): ListColumn<AuditEntryView>[] {
  const { t, i18n } = useTranslation();
  const entityName = useEntityName();
  const columns: ListColumn<AuditEntryView>[] = [
    { label: t("audit.when"), rowHeader: true, cell: (e) => <time dateTime={e.at}>{formatInstant(e.at, i18n.language)}</time> },
    {
      label: t("audit.who"),
      cell: (e) =>
        e.actor ? (
          <>
            <Link to={`/admin/users/${e.actor.id}`}>{e.actor.name}</Link> (<RoleNames roles={e.roles} />)
          </>
        ) : (
          t("audit.nobody")
        ),
    },
    { label: t("audit.operation"), cell: (e) => <code className={operation}>{e.operation}</code> },
  ];
  if (record) {
    columns.push({
      label: t("audit.record"),
      cell: (e) => {
        if (!e.entity) return "—";
        const text = e.entity_id ? `${entityName(e.entity)} ${e.entity_id}` : entityName(e.entity);
        const to = auditRecordScreen(e.entity, e.entity_id);
        return to ? <Link to={to}>{text}</Link> : text;
      },
    });
  }
  columns.push({ label: t("audit.what"), cell: (e) => <AuditChanges entry={e} /> });
  return columns;
}
