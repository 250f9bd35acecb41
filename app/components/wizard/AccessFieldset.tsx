// One access of the logistics step (docs/data.md#access): its own fieldset, named
// by its number and its infrastructure, with a Remove button; the fields the
// call and the settings switch on; the infrastructure's available periods and
// the call's access bounds beside the dates.
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { AccessDraft } from "~/domain/applications/step-logistics";
import type { WizardInfrastructure } from "~/domain/applications/context";
import type { CallBounds, Training } from "~/domain/applications/accesses";
import type { TFunction } from "i18next";
import { formatDay } from "~/domain/days";
import type { Option } from "~/components/Field";
import { secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { ChoiceField, TextField, YesNoField } from "./StepFields";
import { withNote } from "./AssistantPanel";
import * as css from "./Wizard.css";

/** The training texts of an access (docs/data.md#access), each shown when asked: the call's switch and its setting (trainingsAsked). */
export { TRAININGS } from "~/domain/applications/accesses";
/** The access's free texts after the justification, all optional. */
export const ACCESS_TEXTS = ["available_season", "bring_equipment", "need_equipment"] as const;

export interface AccessOptions {
  types: Option[];
  members: Option[];
  /** The call offers physical access only: every access needs its member. */
  memberRequired: boolean;
  trainings: Training[];
  travelRoute: boolean;
  contactedRiOperator: boolean;
  /** The call's access bounds, said beside the dates when the call sets them. */
  callBounds: CallBounds;
}

/** "The call's access period: 1 March 2027 – 30 November 2027." in the reader's language, or undefined when the call sets none. */
function boundsText(t: TFunction, bounds: CallBounds, locale: string): string | undefined {
  const from = bounds.start_at ? formatDay(bounds.start_at, locale) : undefined;
  const to = bounds.end_at ? formatDay(bounds.end_at, locale) : undefined;
  if (from && to) return t("logistics-step.call-bounds", { from, to });
  if (from) return t("logistics-step.call-from", { from });
  if (to) return t("logistics-step.call-to", { to });
  return undefined;
}

/** "1 March 2027 – 30 April 2027; …" in the reader's language, or undefined without periods. */
export function periodsText(infra: WizardInfrastructure | undefined, locale: string): string | undefined {
  if (!infra?.periods.length) return undefined;
  return infra.periods.map((p) => `${formatDay(p.date_from, locale)} – ${formatDay(p.date_to, locale)}`).join("; ");
}

/** The legend of access `n`: "Access n at {infrastructure}", or "Access n" while none is chosen. */
export function accessLegend(t: (k: string, o?: Record<string, unknown>) => string, n: number, infra: WizardInfrastructure | undefined) {
  return infra ? t("logistics-step.access-n-at", { n, name: infra.name }) : t("logistics-step.access-n", { n });
}

export function AccessFieldset({
  form, meta, accessesName, index, infra, options, notes,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the logistics form
  form: FormMetadata<any, string[]>;
  meta: FieldMetadata<AccessDraft>;
  accessesName: string;
  index: number;
  infra: WizardInfrastructure | undefined;
  options: AccessOptions;
  /** "Suggested by the assistant" (or confirmed, edited) by field, for the fields the assistant filled (AssistantPanel's originNote). */
  notes?: Partial<Record<string, string>>;
}) {
  const { t, i18n } = useTranslation();
  const f = meta.getFieldset();
  const noted = (name: string, hint: string) => withNote(notes?.[name], hint);
  const legend = accessLegend(t, index + 1, infra);
  const label = (name: string) => t(`logistics-step.${name}`);
  const periods = periodsText(infra, i18n.language);
  const periodHint = periods ? t("logistics-step.periods", { periods }) : infra ? label("no-periods") : label("choose-infrastructure-first");
  const bounds = boundsText(t, options.callBounds, i18n.language);
  const dateHint = bounds ? `${periodHint} ${bounds}` : periodHint;
  return (
    <fieldset id={meta.id} className={css.rowFieldset}>
      <legend className={css.rowLegend}>{legend}</legend>
      <input {...getInputProps(f.key, { type: "hidden" })} />
      <ChoiceField meta={f.type} label={label("type")} placeholder={label("choose-type")} options={options.types} required />
      <ChoiceField meta={f.member} label={label("member")} hint={label("member-hint")} placeholder={label("choose-member")} options={options.members} required={options.memberRequired || undefined} />
      <div className={u.fieldRow}>
        <TextField meta={f.date_from} type="date" label={label("date_from")} hint={dateHint} required />
        <TextField meta={f.date_to} type="date" label={label("date_to")} hint={dateHint} required />
      </div>
      <TextField meta={f.requested_units} label={label("requested_units")} hint={label("requested_units-hint")} inputMode="numeric" required />
      <YesNoField meta={f.cofunding_available} label={label("cofunding_available")} required />
      <TextField meta={f.cofunding_description} label={label("cofunding_description")} hint={label("cofunding_description-hint")} rows={3} />
      {options.trainings.map((name) => (
        <TextField key={name} meta={f[name]} label={label(name)} hint={label("text-hint")} rows={3} />
      ))}
      {options.travelRoute ? <TextField meta={f.travel_route_and_means} label={label("travel_route_and_means")} rows={3} /> : null}
      <TextField meta={f.justification} label={label("justification")} hint={noted("justification", label("text-hint"))} rows={5} required />
      {ACCESS_TEXTS.map((name) => (
        <TextField key={name} meta={f[name]} label={label(name)} hint={noted(name, label("text-hint"))} rows={3} />
      ))}
      {options.contactedRiOperator ? <YesNoField meta={f.contacted_ri_operator} label={label("contacted_ri_operator")} required /> : null}
      <button className={secondaryButton} {...form.remove.getButtonProps({ name: accessesName, index })}>
        {t("wizard.remove")}
        <span className="visually-hidden"> {legend}</span>
      </button>
    </fieldset>
  );
}
