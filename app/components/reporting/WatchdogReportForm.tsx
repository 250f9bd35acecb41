import { useTranslation } from "react-i18next";
import { Field, FieldMessages, fieldDescription } from "~/components/Field";
import { field, label as labelClass } from "~/components/Form.css";
import { IntentForm } from "~/components/reviews/ReviewParts";
import * as u from "~/styles/utility.css";

/**
 * The watchdog's verdict on a submitted report (docs/lifecycle.md#report-review): approve, or send
 * it back to the applicant with a note (docs/validation.md#feedback: the note is required then).
 */
export function WatchdogReportForm({ updatedAt, errors, posted }: { updatedAt: string; errors: Record<string, string[]>; posted?: Record<string, string> }) {
  const { t } = useTranslation();
  const choice = fieldDescription("verdict", undefined, errors.verdict);
  return (
    <section aria-labelledby="report-verdict-title">
      <h2 id="report-verdict-title">{t("reporting.verdict.title")}</h2>
      <IntentForm intent="report-review" label={t("reporting.verdict.submit")}>
        <input type="hidden" name="updated_at" value={updatedAt} />
        <fieldset id="verdict" className={`${field} ${u.groupFieldset}`} tabIndex={-1} aria-describedby={choice.describedBy}>
          <legend className={labelClass}>{t("reporting.verdict.legend")}</legend>
          <FieldMessages id="verdict" errors={errors.verdict} />
          {(["approved", "rejected"] as const).map((v) => (
            <span key={v} className={u.checkboxRow}>
              <input type="radio" id={`verdict-${v}`} name="verdict" value={v} defaultChecked={posted?.verdict === v} aria-invalid={choice.errorId ? true : undefined} />
              <label htmlFor={`verdict-${v}`}>{t(`reporting.verdict.${v}`)}</label>
            </span>
          ))}
        </fieldset>
        <Field id="note" label={t("reporting.verdict.note")} hint={t("reporting.verdict.note-hint")} errors={errors.note}>
          {(aria) => <textarea {...aria} name="note" rows={4} maxLength={2000} defaultValue={posted?.note} />}
        </Field>
      </IntentForm>
    </section>
  );
}
