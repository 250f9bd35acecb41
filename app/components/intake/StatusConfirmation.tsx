import { useTranslation } from "react-i18next";
import { Confirmation } from "~/components/Confirmation";
import { StatusBadge } from "~/components/StatusBadge";
import { APPLICATION_STATUS_TONE, isApplicationStatus } from "~/domain/applications/status";
import type { IntakeFormResult } from "./intake-form";

const Badge = ({ status }: { status: string }) => (
  <StatusBadge status={status} tone={isApplicationStatus(status) ? APPLICATION_STATUS_TONE[status] : "orange"} prefix="applications.status" />
);

/**
 * The question a status change asks before it is made (docs/ui.md#confirmations):
 * the application, its status now and the one chosen, the notes, and what
 * follows. "Yes" posts the status panel's fields again, confirmed; a refusal
 * then shows in the panel, where the choice can be changed.
 */
export function StatusConfirmation({ app, asked }: {
  app: { id: number; acronym: string | null; title: string | null; call: { title: string } };
  asked: IntakeFormResult & { confirm: NonNullable<IntakeFormResult["confirm"]> };
}) {
  const { t } = useTranslation();
  const name = app.acronym || app.title || t("wizard.untitled");
  const posted = (field: string) => asked.values[field]?.[0] ?? "";
  // The status panel's choice, or the override's status.
  const choice: Record<string, string> = asked.intent === "status" ? { transition: posted("transition") } : { status: posted("status") };
  return (
    <Confirmation
      title={t("intake.confirm-status.title", { name })}
      facts={[
        [t("review-page.call"), app.call.title],
        [t("my-applications.acronym"), app.acronym],
        [t("review-page.title-field"), app.title],
        [t("intake.confirm-status.from"), <Badge key="from" status={asked.confirm.from} />],
        [t("intake.screen.new-status"), <Badge key="to" status={asked.confirm.to} />],
        [t("intake.screen.notes"), posted("notes").trim()],
      ]}
      intro={
        <>
          {asked.confirm.override ? <p>{t("intake.confirm-status.override")}</p> : null}
          <p>{t("intake.confirm-status.intro")}</p>
        </>
      }
      fields={{ intent: asked.intent, ...choice, notes: posted("notes"), updated_at: posted("updated_at"), confirmed: "yes" }}
      yes={t("intake.confirm-status.confirm")}
      cancelTo={`/admin/application/${app.id}`}
    />
  );
}
