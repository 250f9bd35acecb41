import { useTranslation } from "react-i18next";
import { Field, FieldMessages, Fieldset, fieldDescription } from "~/components/Field";
import { field, label as labelClass } from "~/components/Form.css";
import * as u from "~/styles/utility.css";
import { IntentForm } from "./ReviewParts";

/** The watchdog's review of one evaluation: agree, or a comment the editor must read (then required). */
export function WatchdogReviewForm({
  evaluationId, n, review, errors, posted,
}: {
  evaluationId: number;
  n: number;
  review?: { verdict: string | null; comment: string | null; updated_at: string };
  errors: Record<string, string[]>;
  posted?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const id = `verdict-${evaluationId}`;
  const verdict = posted?.verdict ?? review?.verdict ?? "";
  const { describedBy, errorId } = fieldDescription(id, undefined, errors.verdict);
  return (
    <Fieldset title={t("reviews.watch.review-title", { n })}>
      <IntentForm intent="review" label={t("reviews.watch.save-review")}>
        <input type="hidden" name="evaluation_id" value={evaluationId} />
        {review ? <input type="hidden" name="updated_at" value={review.updated_at} /> : null}
        <fieldset id={id} className={`${field} ${u.groupFieldset}`} tabIndex={-1} aria-describedby={describedBy}>
          <legend className={labelClass}>{t("reviews.watch.verdict")}</legend>
          <FieldMessages id={id} errors={errors.verdict} />
          {(["agree", "comment"] as const).map((v) => (
            <span key={v} className={u.checkboxRow}>
              <input type="radio" id={`${id}-${v}`} name="verdict" value={v} defaultChecked={verdict === v} aria-invalid={errorId ? true : undefined} />
              <label htmlFor={`${id}-${v}`}>{t(`reviews.verdict.${v}`)}</label>
            </span>
          ))}
        </fieldset>
        <Field id={`comment-${evaluationId}`} label={t("reviews.watch.comment")} hint={t("reviews.watch.comment-hint")} errors={errors.comment}>
          {(aria) => <textarea {...aria} name="comment" rows={4} maxLength={2000} defaultValue={posted?.comment ?? review?.comment ?? ""} />}
        </Field>
      </IntentForm>
    </Fieldset>
  );
}
