import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { WizardCall, WizardInfrastructure, WizardSettings } from "~/domain/applications/context";
import type { Training } from "~/domain/applications/accesses";
import type { Draft } from "~/domain/applications/draft";
import type { SectionKey } from "~/domain/applications/steps";
import { lookupKey, type LookupList } from "~/domain/lookups/lists";
import { hint } from "~/components/Form.css";
import * as u from "~/styles/utility.css";
import { fieldName } from "~/domain/applications/field-labels";
import * as css from "./Application.css";

// The small parts every read-only section uses.

/** What the read-only application needs of GET /api/applications/{id}. */
export interface ReadOnlyApplication {
  id: number;
  draft: Draft;
  infrastructures: WizardInfrastructure[];
  media: { id: number; name: string }[];
  /** The call's switches and the settings that say what the wizard asks (trainingsAsked, dataManagementPlanAsked). */
  call: Pick<WizardCall, "data_management_plan" | Training>;
  settings: Pick<WizardSettings, "dataManagementPlan" | "riTraining" | "dataTraining" | "spareBerths">;
}

/** Country names by ISO code, in the reader's language (the loader's country list). */
export type CountryNames = Record<string, string>;

/** A value of a lookup list in the reader's language (the stored value when the list has no translation). */
export function useLookupText() {
  const { t } = useTranslation();
  return (list: LookupList, value: string) => t(lookupKey(list, value), { defaultValue: value });
}

/**
 * Label–value pairs; an empty value says "Not given". A value given as text is
 * what the applicant typed (marked data-stored: it is in their language, not
 * the interface's); translated values come as elements.
 */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  const { t } = useTranslation();
  return (
    <dl className={`${u.facts} ${u.flush}`}>
      {items.map(([label, value], i) => (
        <Fragment key={i}>
          <dt className={u.strong}>{label}</dt>
          <dd className={`${u.fact} ${css.typed}`} data-stored={typeof value === "string" ? "" : undefined}>
            {value === undefined || value === null || value === "" ? <span className={hint}>{t("users.not-given")}</span> : value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** Hooks the labels of a section's fields to its step's texts. */
export function useFieldName(section: SectionKey) {
  const { t, i18n } = useTranslation();
  return (name: string) => fieldName(t, i18n, section, name);
}
