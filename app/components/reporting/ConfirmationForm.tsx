import { useTranslation } from "react-i18next";
import { formatDay } from "~/domain/days";
import { Field, FieldMessages, Fieldset, fieldDescription } from "~/components/Field";
import { field, label as labelClass } from "~/components/Form.css";
import { IntentForm } from "~/components/reviews/ReviewParts";
import * as css from "~/components/wizard/Wizard.css";
import * as u from "~/styles/utility.css";

interface Access {
  id: number; type: string; requested_units: number; date_from: string; date_to: string;
  user_units: number | null; user_date_from: string | null; user_date_to: string | null;
  sm_report_confirmed: boolean | null; sm_report_units: number | null; sm_report_type: string | null;
  sm_report_date_from: string | null; sm_report_date_to: string | null; sm_reimbursement_date: string | null;
}

export interface ConfirmationInfrastructure {
  id: number; name: string; short_name: string | null; updated_at: string; can_confirm: boolean; accesses: Access[];
}

const DATES = ["sm_report_date_from", "sm_report_date_to", "sm_reimbursement_date"] as const;

/**
 * One infrastructure's confirmation of its reported accesses (docs/lifecycle.md#report-confirmation,
 * docs/validation.md#report-confirmation): per access, did it take place; once confirmed, the units, type,
 * dates and reimbursement date, starting from what the applicant reported.
 * Field names carry the access's row (accesses.<i>.<field>), as the API's errors.
 */
export function ConfirmationForm({ infra, errors, posted }: { infra: ConfirmationInfrastructure; errors: Record<string, string[]>; posted?: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const name = (i: number, f: string) => `accesses.${i}.${f}`;
  const id = (i: number, f: string) => `${name(i, f)}-${infra.id}`;
  const value = (i: number, f: string, stored: string | number | boolean | null, fallback: string | number | null = null) =>
    posted?.[name(i, f)] ?? (stored !== null ? String(stored) : fallback !== null ? String(fallback) : "");
  return (
    <Fieldset title={t("reporting.confirm.title", { name: infra.short_name || infra.name })}>
      <IntentForm intent="confirm" label={t("reporting.confirm.submit")}>
        <input type="hidden" name="application_infrastructure_id" value={infra.id} />
        <input type="hidden" name="updated_at" value={infra.updated_at} />
        {infra.accesses.map((a, i) => {
          const choice = fieldDescription(id(i, "sm_report_confirmed"), undefined, errors[name(i, "sm_report_confirmed")]);
          const confirmed = value(i, "sm_report_confirmed", a.sm_report_confirmed);
          return (
            <fieldset key={a.id} className={css.rowFieldset}>
              <legend className={css.rowLegend}>{t("reporting.confirm.access", { n: i + 1 })}</legend>
              <input type="hidden" name="access" value={a.id} />
              <p className={u.hintLine}>
                {a.user_units === null
                  ? t("reporting.confirm.not-reported")
                  : t("reporting.confirm.reported", { units: a.user_units, from: a.user_date_from ? formatDay(a.user_date_from, i18n.language) : "—", to: a.user_date_to ? formatDay(a.user_date_to, i18n.language) : "—" })}
              </p>
              <fieldset id={id(i, "sm_report_confirmed")} className={`${field} ${u.groupFieldset}`} tabIndex={-1} aria-describedby={choice.describedBy}>
                <legend className={labelClass}>{t("reporting.confirm.confirmed")}</legend>
                <FieldMessages id={id(i, "sm_report_confirmed")} errors={errors[name(i, "sm_report_confirmed")]} />
                {(["true", "false"] as const).map((v) => (
                  <span key={v} className={u.checkboxRow}>
                    <input type="radio" id={`${id(i, "sm_report_confirmed")}-${v}`} name={name(i, "sm_report_confirmed")} value={v} defaultChecked={confirmed === v} aria-invalid={choice.errorId ? true : undefined} />
                    <label htmlFor={`${id(i, "sm_report_confirmed")}-${v}`}>{t(v === "true" ? "reporting.confirm.yes" : "reporting.confirm.no")}</label>
                  </span>
                ))}
              </fieldset>
              <div className={u.fieldRow}>
                <Field id={id(i, "sm_report_units")} label={t("reporting.confirm.units")} errors={errors[name(i, "sm_report_units")]}>
                  {(aria) => <input {...aria} name={name(i, "sm_report_units")} inputMode="numeric" size={8} defaultValue={value(i, "sm_report_units", a.sm_report_units, a.user_units)} />}
                </Field>
                <Field id={id(i, "sm_report_type")} label={t("reporting.confirm.type")} errors={errors[name(i, "sm_report_type")]}>
                  {(aria) => (
                    <select {...aria} name={name(i, "sm_report_type")} defaultValue={value(i, "sm_report_type", a.sm_report_type, a.type)}>
                      {["physical", "remote"].map((type) => (
                        <option key={type} value={type}>
                          {t(`intake.screen.access-type.${type}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              <div className={u.fieldRow}>
                {DATES.map((f) => (
                  <Field key={f} id={id(i, f)} label={t(`reporting.confirm.${f}`)} errors={errors[name(i, f)]}>
                    {(aria) => (
                      <input
                        {...aria}
                        type="date"
                        name={name(i, f)}
                        defaultValue={value(i, f, a[f], f === "sm_report_date_from" ? a.user_date_from : f === "sm_report_date_to" ? a.user_date_to : null)}
                      />
                    )}
                  </Field>
                ))}
              </div>
            </fieldset>
          );
        })}
      </IntentForm>
    </Fieldset>
  );
}
