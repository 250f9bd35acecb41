import { useTranslation } from "react-i18next";
import { Field, FieldMessages, Fieldset, fieldDescription } from "~/components/Field";
import { field, label as labelClass } from "~/components/Form.css";
import { IntentForm } from "~/components/reviews/ReviewParts";
import * as u from "~/styles/utility.css";

export interface DecisionRow {
  id: number;
  name: string;
  short_name: string | null;
  has_eligible_accesses: boolean | null;
  updated_at: string;
  sm_accepted: boolean | null;
  sm_units: number | null;
  sm_participants: number | null;
  sm_budget: string | null;
  sm_justification: string | null;
}

/**
 * One infrastructure's decision (docs/validation.md#infrastructure-decision): a real
 * form, each field named after the API's; a reopened decision starts from
 * what was recorded, a refused one from what was posted. Ids carry the
 * application infrastructure so two forms on a page never share one.
 */
export function DecisionForm({ row, errors, posted }: { row: DecisionRow; errors: Record<string, string[]>; posted?: Record<string, string> }) {
  const { t } = useTranslation();
  const id = (f: string) => `${f}-${row.id}`;
  const value = (f: "sm_units" | "sm_participants" | "sm_budget" | "sm_justification") => posted?.[f] ?? (row[f] === null ? "" : String(row[f]));
  const accepted = posted?.sm_accepted ?? (row.sm_accepted === null ? "" : String(row.sm_accepted));
  const required = row.has_eligible_accesses === true;
  const choice = fieldDescription(id("sm_accepted"), undefined, errors.sm_accepted);
  return (
    <Fieldset title={t("ri-decisions.form.title", { name: row.short_name || row.name })}>
      {required ? <p>{t("ri-decisions.form.required-hint")}</p> : null}
      <IntentForm intent="decide" label={t("ri-decisions.form.submit")}>
        <input type="hidden" name="application_infrastructure_id" value={row.id} />
        <input type="hidden" name="updated_at" value={row.updated_at} />
        <fieldset id={id("sm_accepted")} className={`${field} ${u.groupFieldset}`} tabIndex={-1} aria-describedby={choice.describedBy}>
          <legend className={labelClass}>{t("ri-decisions.form.accepted")}</legend>
          <FieldMessages id={id("sm_accepted")} errors={errors.sm_accepted} />
          {(["true", "false"] as const).map((v) => (
            <span key={v} className={u.checkboxRow}>
              <input type="radio" id={`${id("sm_accepted")}-${v}`} name="sm_accepted" value={v} defaultChecked={accepted === v} aria-invalid={choice.errorId ? true : undefined} />
              <label htmlFor={`${id("sm_accepted")}-${v}`}>{t(v === "true" ? "ri-decisions.form.accepted-yes" : "ri-decisions.form.accepted-no")}</label>
            </span>
          ))}
        </fieldset>
        <div className={u.fieldRow}>
          <Field id={id("sm_units")} label={t("ri-decisions.form.units")} errors={errors.sm_units} required={required}>
            {(aria) => <input {...aria} name="sm_units" inputMode="numeric" size={8} defaultValue={value("sm_units")} />}
          </Field>
          <Field id={id("sm_participants")} label={t("ri-decisions.form.participants")} errors={errors.sm_participants} required={required}>
            {(aria) => <input {...aria} name="sm_participants" inputMode="numeric" size={8} defaultValue={value("sm_participants")} />}
          </Field>
          <Field id={id("sm_budget")} label={t("ri-decisions.form.budget")} hint={t("ri-decisions.form.budget-hint")} errors={errors.sm_budget} required={required}>
            {(aria) => <input {...aria} name="sm_budget" inputMode="decimal" size={14} defaultValue={value("sm_budget")} />}
          </Field>
        </div>
        <Field id={id("sm_justification")} label={t("ri-decisions.form.justification")} errors={errors.sm_justification} required={required}>
          {(aria) => <textarea {...aria} name="sm_justification" rows={4} maxLength={2000} defaultValue={value("sm_justification")} />}
        </Field>
      </IntentForm>
    </Fieldset>
  );
}
