import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FieldMessages, fieldDescription } from "~/components/Field";
import { SubmitButton } from "~/components/FormParts";
import { Facts } from "~/components/application/Facts";
import { field, fieldset, label as labelClass, legend, radios } from "~/components/Form.css";
import * as u from "~/styles/utility.css";
import { NOTE_MAX } from "~/domain/recommendation/rules";
import * as css from "./Recommendation.css";
import { infraName, type Infra, type RecommendationData, type RecommendationFormResult } from "./view";

/** The form's id of one field of one application infrastructure (as recommendation-form.server names them). */
const idOf = (name: string, ai: number) => `${name}-${ai}`;

/** The error summary's label of a form field id (`units-12` → "Units (Station)"). */
export function useFieldLabel(infrastructures: Infra[]) {
  const { t } = useTranslation();
  return (id: string) => {
    const m = /^(recommended|units|participants|budget|recommendation)-(\d+)$/.exec(id);
    const infra = m ? infrastructures.find((i) => String(i.id) === m[2]) : undefined;
    if (m && infra) return t("recommendation.screen.field-of", { field: t(`recommendation.screen.${m[1]}`), infrastructure: infraName(infra) });
    return id === "notes" ? t("recommendation.screen.notes") : id;
  };
}

function InfrastructureFields({ infra, errors, posted }: { infra: Infra; errors: Record<string, string[]>; posted?: Record<string, string> }) {
  const { t } = useTranslation();
  const eligible = infra.has_eligible_accesses === true;
  // A refused post shows what was typed; otherwise what is stored.
  const value = (name: string, stored: string | number | null) => (posted ? (posted[idOf(name, infra.id)] ?? "") : stored === null ? "" : String(stored));
  const flag = posted ? posted[idOf("recommended", infra.id)] : infra.ta_recommended === null ? undefined : infra.ta_recommended ? "yes" : "no";
  const flagId = idOf("recommended", infra.id);
  const flagErrors = errors[flagId];
  const { describedBy, errorId } = fieldDescription(flagId, undefined, flagErrors);
  const figure = (name: "units" | "participants" | "budget", stored: string | number | null) => (
    <Field
      id={idOf(name, infra.id)}
      label={t(`recommendation.screen.${name}`)}
      hint={name === "budget" ? t("recommendation.screen.budget-hint") : undefined}
      errors={errors[idOf(name, infra.id)]}
      required={eligible}
    >
      {(aria) => (
        <input
          {...aria}
          name={idOf(name, infra.id)}
          className={css.numberInput}
          inputMode={name === "budget" ? "decimal" : "numeric"}
          autoComplete="off"
          maxLength={20}
          defaultValue={value(name, stored)}
        />
      )}
    </Field>
  );
  return (
    <fieldset className={fieldset}>
      <legend className={legend} data-stored="">
        {infraName(infra)}
      </legend>
      <input type="hidden" name="ai" value={infra.id} />
      {eligible ? (
        <Facts
          items={[
            [t("recommendation.screen.requested-accesses"), <span key="a">{infra.requested.accesses}</span>],
            [t("recommendation.screen.requested-units"), <span key="u">{infra.requested.units}</span>],
            [t("recommendation.screen.requested-participants"), <span key="p">{infra.requested.participants}</span>],
          ]}
        />
      ) : (
        <p className={u.hintLine}>{t("recommendation.screen.no-eligible")}</p>
      )}
      <fieldset id={flagId} role="radiogroup" className={`${field} ${u.groupFieldset}`} tabIndex={-1} aria-describedby={describedBy} aria-required={eligible || undefined}>
        <legend className={labelClass}>{t("recommendation.screen.recommended")}</legend>
        <FieldMessages id={flagId} errors={flagErrors} />
        <span className={radios}>
          {(["yes", "no"] as const).map((v) => (
            <span key={v} className={u.checkboxRow}>
              <input type="radio" id={`${flagId}-${v}`} name={flagId} value={v} defaultChecked={flag === v} aria-invalid={errorId ? true : undefined} />
              <label htmlFor={`${flagId}-${v}`}>{t(`recommendation.screen.${v}`)}</label>
            </span>
          ))}
        </span>
      </fieldset>
      <div className={css.figures}>
        {figure("units", infra.ta_units)}
        {figure("participants", infra.ta_participants)}
        {figure("budget", infra.ta_budget)}
      </div>
      <Field id={idOf("recommendation", infra.id)} label={t("recommendation.screen.recommendation")} errors={errors[idOf("recommendation", infra.id)]}>
        {(aria) => <textarea {...aria} name={idOf("recommendation", infra.id)} rows={4} maxLength={NOTE_MAX} defaultValue={value("recommendation", infra.ta_recommendation)} />}
      </Field>
    </fieldset>
  );
}

/**
 * The editor's form: per requested infrastructure the recommended choice,
 * units, participants, budget and the recommendation's text, then the panel's
 * notes. A real post: it works without JavaScript.
 */
export function RecommendationForm({ data, result }: { data: RecommendationData; result?: RecommendationFormResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  const posted = result?.values;
  return (
    <Form method="post" noValidate aria-labelledby="recommendation-form-title">
      <h2 id="recommendation-form-title">{t("recommendation.screen.form-title")}</h2>
      <p>{t("recommendation.screen.intro")}</p>
      <input type="hidden" name="updated_at" value={data.application.updated_at} />
      {data.infrastructures.map((i) => (
        <InfrastructureFields key={i.id} infra={i} errors={errors} posted={posted} />
      ))}
      <Field id="notes" label={t("recommendation.screen.notes")} hint={t("recommendation.screen.notes-hint")} errors={errors.notes}>
        {(aria) => <textarea {...aria} name="notes" rows={4} maxLength={NOTE_MAX} defaultValue={posted ? posted.notes : (data.application.recommendation_notes ?? "")} />}
      </Field>
      <SubmitButton busy={busy}>{t("recommendation.screen.save")}</SubmitButton>
    </Form>
  );
}
