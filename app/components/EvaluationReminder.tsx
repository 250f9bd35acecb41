import { Form, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { secondaryButton } from "~/styles/layout.css";

/**
 * The call screen's "remind evaluators" button: its own small form, posted to
 * /admin/call/{id}/evaluation-reminder, apart from the call's form.
 */
export function EvaluationReminder() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <section aria-labelledby="evaluation-reminder">
      <h2 id="evaluation-reminder">{t("notifications.reminder.title")}</h2>
      <p>{t("notifications.reminder.intro")}</p>
      <Form method="post" action={`/admin/call/${id}/evaluation-reminder`}>
        <button type="submit" className={secondaryButton}>
          {t("notifications.reminder.send")}
        </button>
      </Form>
    </section>
  );
}
