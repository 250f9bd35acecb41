import { useTranslation } from "react-i18next";
import { ScrollBox } from "~/components/ScrollBox";
import { StatusBadge } from "~/components/StatusBadge";
import { APPLICATION_STATUS_TONE, type ApplicationStatus } from "~/domain/applications/status";
import { formatInstant } from "~/components/application/instant";
import * as u from "~/styles/utility.css";

interface Entry {
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  notes: string | null;
  created_at: string;
  by: string | null;
}

const Badge = ({ status }: { status: ApplicationStatus }) => (
  <StatusBadge status={status} tone={APPLICATION_STATUS_TONE[status]} prefix="applications.status" />
);

/** Every transition of the application for staff (docs/lifecycle.md#history): when, from, to, who, and the notes. */
export function HistoryPanel({ history }: { history: Entry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t("intake.screen.history-title")}</h2>
      <ScrollBox label={t("intake.screen.history-title")}>
        <table className={u.fullTable}>
          <thead>
            <tr>
              <th scope="col">{t("intake.screen.history-when")}</th>
              <th scope="col">{t("intake.screen.history-from")}</th>
              <th scope="col">{t("intake.screen.history-to")}</th>
              <th scope="col">{t("intake.screen.history-by")}</th>
              <th scope="col">{t("intake.screen.history-notes")}</th>
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().map((h, i) => (
              <tr key={`${h.created_at}-${i}`}>
                <td>
                  <time dateTime={h.created_at}>{formatInstant(h.created_at, i18n.language)}</time>
                </td>
                <td>{h.from_status ? <Badge status={h.from_status} /> : "—"}</td>
                <td>
                  <Badge status={h.to_status} />
                </td>
                <td>{h.by ?? "—"}</td>
                <td>{h.notes ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
