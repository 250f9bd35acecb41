import { Form, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";

/**
 * The call screen's report reminders (docs/lifecycle.md#report-reminders): two small forms posted to
 * /admin/call/{id}/report-reminder, apart from the call's form.
 */
export function ReportReminders() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <section aria-labelledby="report-reminders">
      <h2 id="report-reminders">{t("reporting.reminders.title")}</h2>
      <p>{t("reporting.reminders.intro")}</p>
      <div className={u.cluster}>
        {(["applicants", "staff"] as const).map((audience) => (
          <Form key={audience} method="post" action={`/admin/call/${id}/report-reminder`}>
            <input type="hidden" name="audience" value={audience} />
            <button type="submit" className={secondaryButton}>
              {t(`reporting.reminders.${audience}`)}
            </button>
          </Form>
        ))}
      </div>
    </section>
  );
}
