import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { scoreSteps, type Criterion, type Scores } from "~/domain/reviews/criteria";
import { Field, FieldMessages, fieldDescription } from "~/components/Field";
import { field, label as labelClass } from "~/components/Form.css";
import { button, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { useCriterionName } from "./ReviewParts";

/**
 * The evaluator's scores: per criterion of the call a score (radios: 1 to 5,
 * halves when the call allows them) and a justification. Save keeps them as
 * they are; Submit hands them in (every criterion scored and justified).
 */
export function ScoreForm({
  criteria, halves, scores, errors, posted, updatedAt,
}: {
  criteria: Criterion[];
  halves: boolean;
  scores: Scores;
  errors: Record<string, string[]>;
  /** The values of a refused post, shown again as sent. */
  posted?: Record<string, string>;
  updatedAt: string;
}) {
  const { t } = useTranslation();
  const name = useCriterionName();
  const busy = useNavigation().state === "submitting";
  const steps = scoreSteps(halves);
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="updated_at" value={updatedAt} />
      <p className={u.hintLine}>{t(halves ? "reviews.score.hint-halves" : "reviews.score.hint")}</p>
      {criteria.map((c) => {
        const id = `score-${c.id}`;
        const scoreErrors = errors[`scores.${c.id}.score`];
        const saved = posted ? posted[id] : scores[String(c.id)]?.score?.toString();
        const { describedBy, errorId } = fieldDescription(id, undefined, scoreErrors);
        return (
          <fieldset key={c.id} id={id} className={`${field} ${u.groupFieldset}`} tabIndex={-1} aria-describedby={describedBy}>
            <legend className={labelClass}>{name(c)}</legend>
            <FieldMessages id={id} errors={scoreErrors} />
            <span className={u.roleList}>
              {steps.map((s) => (
                <span key={s} className={u.checkboxRow}>
                  <input type="radio" id={`${id}-${s}`} name={id} value={String(s)} defaultChecked={saved === String(s)} aria-invalid={errorId ? true : undefined} />
                  <label htmlFor={`${id}-${s}`}>{s}</label>
                </span>
              ))}
            </span>
            <Field
              id={`justification-${c.id}`}
              label={t("reviews.score.justification-of", { criterion: name(c) })}
              errors={errors[`scores.${c.id}.justification`]}
              required
            >
              {(aria) => (
                <textarea
                  {...aria}
                  name={`justification-${c.id}`}
                  rows={4}
                  maxLength={2000}
                  defaultValue={posted ? posted[`justification-${c.id}`] : (scores[String(c.id)]?.justification ?? "")}
                />
              )}
            </Field>
          </fieldset>
        );
      })}
      <div className={u.cluster}>
        <button type="submit" name="intent" value="save" className={secondaryButton} disabled={busy}>
          {t("reviews.score.save")}
        </button>
        <button type="submit" name="intent" value="submit" className={button} disabled={busy}>
          {t("reviews.score.submit")}
        </button>
      </div>
    </Form>
  );
}

/** The API body of a posted score form: scores by criterion id, blanks left out. */
export function scoresOf(form: FormData, criteria: Criterion[]): Scores {
  const out: Scores = {};
  for (const c of criteria) {
    const score = form.get(`score-${c.id}`);
    const justification = form.get(`justification-${c.id}`);
    const entry: { score?: number; justification?: string } = {};
    if (typeof score === "string" && score.trim() !== "") entry.score = Number(score);
    if (typeof justification === "string" && justification.trim() !== "") entry.justification = justification;
    if (entry.score !== undefined || entry.justification !== undefined) out[String(c.id)] = entry;
  }
  return out;
}
