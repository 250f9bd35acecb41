// One member of the User group step (docs/data.md#member) as a numbered fieldset:
// every field, the group-leader and early-career boxes, the consortium box
// when the settings ask for it, and the row's Remove button (Conform's remove
// intent: a real submit button, so it works without JavaScript).
//
// The three countries are ordinary selects, always: ~30 KB of HTML a member,
// which the step's weight budget allows per member (ADR 055).
import type { FieldMetadata } from "@conform-to/react";
import type { ButtonHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import type { Option } from "~/components/Field";
import { CheckboxField, ChoiceField, TextField } from "./StepFields";
import type { MemberDraft } from "~/domain/applications/step-group";
import { secondaryButton } from "~/styles/layout.css";
import * as wizard from "./Wizard.css";
import * as css from "./Group.css";
import * as u from "~/styles/utility.css";
import { langOf, type Localized } from "~/domain/localized";

/** A member's fields in the order the row shows them (the error summary lists them so). */
export const MEMBER_FORM_ORDER = [
  "name", "surname", "email", "orcid", "gender", "birth_year", "nationality", "residence_country", "residence_place", "researcher_status",
  "work_place", "organization_type", "organization_city", "work_country", "intent_of_research", "leader", "young", "is_consortium",
] as const satisfies readonly (keyof MemberDraft)[];

export interface MemberOptions {
  countries: Option[];
  genders: Option[];
  statuses: Option[];
  organizationTypes: Option[];
}

export function MemberRow({
  row, index, options, removeProps, young, consortium,
}: {
  row: FieldMetadata<MemberDraft>;
  index: number;
  options: MemberOptions;
  removeProps: ButtonHTMLAttributes<HTMLButtonElement>;
  /** The young-description setting's text, beside the early-career box. */
  young: Localized;
  /** Whether the consortium box is asked, and the consortium setting's link. */
  consortium: { ask: boolean; url: string };
}) {
  const { t } = useTranslation();
  const f = row.getFieldset();
  const n = index + 1;
  const label = (name: string) => t(`group-step.${name}`);
  const hint = (name: string) => t(`group-step.${name}-hint`, { defaultValue: "" }) || undefined;
  const text = (name: "name" | "surname" | "residence_place" | "work_place" | "organization_city", autoComplete?: string) => (
    <TextField meta={f[name]} label={label(name)} hint={hint(name)} autoComplete={autoComplete} required />
  );
  const choice = (name: "nationality" | "residence_country" | "work_country" | "gender" | "researcher_status" | "organization_type", list: Option[], placeholder: string) => (
    <ChoiceField meta={f[name]} label={label(name)} hint={hint(name)} options={list} placeholder={placeholder} required />
  );
  const country = t("group-step.choose-country");
  const any = t("group-step.choose");
  const countryField = (name: "nationality" | "residence_country" | "work_country") => choice(name, options.countries, country);
  return (
    <fieldset id={row.id} className={wizard.rowFieldset}>
      <legend className={wizard.rowLegend}>{t("group-step.member-n", { n })}</legend>
      {/* The member's key, so an access can name its member whatever rows are removed before it. Controlled by
          the form's value, not a default: it follows its row through a removal, and takes the key the save gave. */}
      <input type="hidden" name={f.key.name} value={f.key.value ?? ""} />
      <div className={css.memberGrid}>
        {text("name", "given-name")}
        {text("surname", "family-name")}
        <TextField meta={f.email} label={label("email")} hint={hint("email")} type="email" autoComplete="off" required />
        <TextField meta={f.orcid} label={label("orcid")} hint={hint("orcid")} autoComplete="off" />
        {choice("gender", options.genders, any)}
        <TextField meta={f.birth_year} label={label("birth_year")} hint={hint("birth_year")} inputMode="numeric" />
        {countryField("nationality")}
        {countryField("residence_country")}
        {text("residence_place")}
        {choice("researcher_status", options.statuses, any)}
        {text("work_place")}
        {choice("organization_type", options.organizationTypes, any)}
        {text("organization_city")}
        {countryField("work_country")}
        <div className={css.wide}>
          <TextField meta={f.intent_of_research} label={label("intent_of_research")} hint={hint("intent_of_research")} rows={3} required />
        </div>
      </div>
      <CheckboxField meta={f.leader} label={label("leader")} hint={hint("leader")} />
      <CheckboxField meta={f.young} label={label("young")} hint={young.text ? <span {...langOf(young)}>{young.text}</span> : undefined} />
      {consortium.ask ? (
        <>
          <CheckboxField meta={f.is_consortium} label={label("is_consortium")} />
          {consortium.url ? (
            <p className={wizard.settingText}>
              <a href={consortium.url}>{label("consortium-link")}</a>
            </p>
          ) : null}
        </>
      ) : null}
      <div className={u.cluster}>
        <button className={secondaryButton} {...removeProps} aria-label={t("group-step.remove-n", { n })}>
          {t("group-step.remove")}
        </button>
      </div>
    </fieldset>
  );
}
