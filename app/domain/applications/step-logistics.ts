// Step 5, Logistic information (docs/data.md#application-infrastructure, #access;
// docs/validation.md#accesses): one or more of the call's
// infrastructures, each with one or more accesses whose dates lie between the
// call's bounds (start_at, end_at) and inside one of the infrastructure's
// available periods.
import * as z from "zod/mini";
import { optionalText, requiredText, TEXT_MAX, wholeNumber } from "./fields";
import { errorsAgainst, keptPer, type StepModule } from "./step-module";
import type { FieldErrors } from "../field-errors";
import type { WizardContext } from "./context";
import { dayOf, isDay } from "../dates";
import { accessDatesProblem, allowedAccessTypes, trainingsAsked, UNITS_MAX, YES_NO, type Training } from "./accesses";
import { logisticsDraft, type LogisticsDraft } from "./section-logistics";

export { ACCESS_TYPES, ACCESSES_MAX, accessesOf, allowedAccessTypes, INFRASTRUCTURES_MAX, UNITS_MAX, YES_NO } from "./accesses";

export { accessDraft, applicationInfrastructureDraft, logisticsDraft, type AccessDraft, type ApplicationInfrastructureDraft, type LogisticsDraft } from "./section-logistics";

const choice = (values: readonly string[], message = "validation.invalid") =>
  z.string({ error: "validation.required" }).check(z.refine((v) => values.includes(v), message));
const day = dayOf("applications-validation.date");

// Per call, and per the contacted-RI-operator setting and the training questions asked ("yes|ri_training,…").
const accessesRules = /* @__PURE__ */ keptPer((call: WizardContext["call"], variant: string) => {
  const [contacted, asked] = variant.split("|");
  return z.object({ infrastructures: z.array(z.object({ accesses: z.array(accessRules(call, contacted === "yes", asked.split(","))) })) });
});

// A training text is judged only when its question is asked (accesses.ts trainingsAsked).
const training = (asked: string[], name: Training) => (asked.includes(name) ? optionalText(TEXT_MAX) : z.optional(z.unknown()));

const accessRules = (call: WizardContext["call"], contactedRiOperator: boolean, asked: string[]) =>
  z.object({
    type: choice(allowedAccessTypes(call), "applications-validation.access-type"),
    date_from: day,
    date_to: day,
    requested_units: wholeNumber(1, UNITS_MAX, "applications-validation.units"),
    cofunding_available: choice(YES_NO),
    cofunding_description: optionalText(TEXT_MAX),
    ri_training: training(asked, "ri_training"),
    data_management_training: training(asked, "data_management_training"),
    spare_berths_training: training(asked, "spare_berths_training"),
    travel_route_and_means: optionalText(TEXT_MAX),
    justification: requiredText(TEXT_MAX),
    available_season: optionalText(TEXT_MAX),
    bring_equipment: optionalText(TEXT_MAX),
    need_equipment: optionalText(TEXT_MAX),
    contacted_ri_operator: contactedRiOperator ? choice(YES_NO) : z.optional(z.string()),
  });

function crossErrors(section: LogisticsDraft | undefined, ctx: WizardContext): FieldErrors {
  const errors: FieldErrors = {};
  const rows = section?.infrastructures ?? [];
  if (!rows.length) errors.infrastructures = ["applications-validation.infrastructures"];
  const memberKeys = new Set((ctx.draft.group?.members ?? []).map((m) => m.key).filter(Boolean));
  const chosen = new Set<string>();
  rows.forEach((row, i) => {
    const at = `infrastructures[${i}]`;
    const infra = ctx.infrastructures.find((x) => String(x.id) === row.infrastructure_id);
    if (!row.infrastructure_id) errors[`${at}.infrastructure_id`] = ["validation.required"];
    else if (!infra) errors[`${at}.infrastructure_id`] = ["applications-validation.infrastructure"];
    else if (chosen.has(row.infrastructure_id)) errors[`${at}.infrastructure_id`] = ["applications-validation.infrastructure-twice"];
    if (row.infrastructure_id) chosen.add(row.infrastructure_id);
    if (row.second_choice_id && (row.second_choice_id === row.infrastructure_id || !ctx.infrastructures.some((x) => String(x.id) === row.second_choice_id))) {
      errors[`${at}.second_choice_id`] = ["applications-validation.second-choice"];
    }
    const accesses = row.accesses ?? [];
    if (!accesses.length) errors[`${at}.accesses`] = ["applications-validation.accesses"];
    accesses.forEach((a, j) => {
      const an = `${at}.accesses[${j}]`;
      if (a.type === "physical" && !a.member) errors[`${an}.member`] = ["applications-validation.access-member"];
      else if (a.member && !memberKeys.has(a.member)) errors[`${an}.member`] = ["applications-validation.access-member"];
      if (isDay(a.date_from) && isDay(a.date_to)) {
        if (a.date_to < a.date_from) errors[`${an}.date_to`] = ["applications-validation.date-order"];
        else if (infra) {
          const problem = accessDatesProblem(ctx.call, infra.periods, a.date_from, a.date_to);
          if (problem) errors[`${an}.date_from`] = errors[`${an}.date_to`] = [problem];
        }
      }
      if (a.cofunding_available === "yes" && !a.cofunding_description?.trim()) errors[`${an}.cofunding_description`] = ["validation.required"];
    });
  });
  return errors;
}

export const logisticsStep: StepModule<LogisticsDraft> = {
  draft: logisticsDraft,
  check: (section, ctx) => {
    const rules = accessesRules(ctx.call, `${ctx.settings.contactedRiOperator ? "yes" : "no"}|${trainingsAsked(ctx.call, ctx.settings).join(",")}`);
    const value = { infrastructures: (section?.infrastructures ?? []).map((r) => ({ accesses: r.accesses ?? [] })) };
    return errorsAgainst(rules, value, crossErrors(section, ctx));
  },
  suggestions: (section) =>
    (section?.infrastructures ?? []).flatMap((r, i) =>
      (r.accesses ?? []).flatMap((a, j) => (a.available_season ? [] : [`infrastructures[${i}].accesses[${j}].available_season`])),
    ),
};
