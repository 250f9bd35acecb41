// zod/mini: the form runs this schema in the browser too, where the full zod
// would cost ~100 KB of compressed JavaScript (docs/budgets.md#weight).
import * as z from "zod/mini";
import { singleLine } from "../single-line";
import { COST_CALCULATIONS, INFRASTRUCTURE_CATEGORIES, UNIT_COSTS, valuesOf } from "./infrastructure-lookups";
import { dayOf, versionSchema } from "../dates";
import { idOf } from "../ids";

export * from "./infrastructure-lookups";

/** Messages of the infrastructure rules that common.json's validation.* does not cover. */
export const V = {
  country: "infrastructure-validation.country",
  number: "infrastructure-validation.number",
  integer: "infrastructure-validation.integer",
  minZero: "infrastructure-validation.min-zero",
  money: "infrastructure-validation.money",
  tooLarge: "infrastructure-validation.too-large",
  date: "infrastructure-validation.date",
  periodOrder: "infrastructure-validation.period-order",
  periodOverlap: "infrastructure-validation.period-overlap",
  costPerUnitRequired: "infrastructure-validation.cost-per-unit-required",
  administratorsDuplicate: "infrastructure-validation.administrators-duplicate",
  managerIsAdministrator: "infrastructure-validation.manager-is-administrator",
  userNotFound: "infrastructure-validation.user-not-found",
  tooMany: "infrastructure-validation.too-many",
  stale: "infrastructure-validation.stale",
  staffFields: "infrastructure-validation.staff-fields",
} as const;

// numeric(14, 2) and integer columns: refuse what the database could not hold.
const MAX_MONEY = 999_999_999_999.99;
const MAX_INTEGER = 2_147_483_647;
export const MAX_PERIODS = 50;
export const MAX_ADMINISTRATORS = 50;

// Empty fields arrive as undefined (Conform's coercion; the API normalises
// blanks and nulls the same way), so "required" is an undefined input.
const requiredOr = (message: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? "validation.required" : message) });

const text = (max: number) => z.optional(z.string(requiredOr("validation.invalid")).check(z.trim(), z.maxLength(max, "validation.max")));
/** A single-line text (docs/validation.md#single-line-texts). */
const line = (max: number) => z.optional(z.string(requiredOr("validation.invalid")).check(singleLine(), z.trim(), z.maxLength(max, "validation.max")));
const choice = (values: [string, ...string[]]) => z.optional(z.enum(values, requiredOr("validation.invalid")));

const amount = z
  .number(requiredOr(V.number))
  .check(
    z.minimum(0, V.minZero),
    z.maximum(MAX_MONEY, V.tooLarge),
    // Euro with cents: more decimals would be rounded away by the database.
    z.refine((v) => /^-?\d+(\.\d{1,2})?$/.test(String(v)), V.money),
  );
const quantity = z
  .number(requiredOr(V.number))
  .check(z.refine(Number.isInteger, V.integer), z.minimum(0, V.minZero), z.maximum(MAX_INTEGER, V.tooLarge));
const positiveId = idOf();
const isoDate = dayOf(V.date);

export const periodSchema = z.object({ date_from: isoDate, date_to: isoDate });
export type Period = z.infer<typeof periodSchema>;

export interface PeriodIssue {
  index: number;
  field: "date_from" | "date_to";
  message: string;
}

/**
 * Available periods (docs/data.md#research-infrastructure): each ends on or after its start, and no two share
 * a day (the dates are inclusive, so a period may start the day after another
 * ends). An overlap is reported on the later-starting period.
 */
export function periodIssues(periods: Partial<Period>[]): PeriodIssue[] {
  const issues: PeriodIssue[] = [];
  const complete: { index: number; from: string; to: string }[] = [];
  periods.forEach((p, index) => {
    if (!p.date_from || !p.date_to) return;
    if (p.date_to < p.date_from) issues.push({ index, field: "date_to", message: V.periodOrder });
    else complete.push({ index, from: p.date_from, to: p.date_to });
  });
  complete.sort((a, b) => (a.from === b.from ? a.index - b.index : a.from < b.from ? -1 : 1));
  let latestEnd: string | undefined;
  for (const p of complete) {
    if (latestEnd !== undefined && p.from <= latestEnd) issues.push({ index: p.index, field: "date_from", message: V.periodOverlap });
    if (latestEnd === undefined || p.to > latestEnd) latestEnd = p.to;
  }
  return issues.sort((a, b) => a.index - b.index);
}

const periods = z
  .array(periodSchema)
  .check(
    z.maxLength(MAX_PERIODS, V.tooMany),
    z.superRefine((list, ctx) => {
      for (const issue of periodIssues(list)) {
        ctx.issues.push({ code: "custom", message: issue.message, path: [issue.index, issue.field], input: list[issue.index]?.[issue.field] });
      }
    }),
  );

/** The fields infrastructure staff may edit: everything but who the staff are. */
const ownFields = {
  name: z.string(requiredOr("validation.invalid")).check(singleLine(), z.trim(), z.minLength(1, "validation.required"), z.maxLength(255, "validation.max")),
  short_name: line(255),
  country: z.optional(z.string(requiredOr(V.country)).check(z.trim(), z.regex(/^[A-Z]{2}$/, V.country))),
  type: line(255),
  owner: line(255),
  owner_contact: line(255),
  description: text(2000),
  website: z.optional(
    z.url({ protocol: /^https?$/, error: (iss) => (iss.input === undefined ? "validation.required" : "validation.url") }).check(z.maxLength(2000, "validation.max")),
  ),
  installation_name: line(255),
  ta_installation_number: line(255),
  ra_installation_number: line(255),
  ga_usage_cost_budget: z.optional(amount),
  ga_other_cost_budget: z.optional(amount),
  ga_access_quantity: z.optional(quantity),
  actual_cost: z._default(z.boolean(requiredOr("validation.invalid")), false),
  preset_unit_cost: z._default(z.boolean(requiredOr("validation.invalid")), false),
  cost_per_unit: z.optional(amount),
  unit_cost_type: choice(valuesOf(UNIT_COSTS)),
  category: choice(valuesOf(INFRASTRUCTURE_CATEGORIES)),
  cost_calculation: choice(valuesOf(COST_CALCULATIONS)),
  periods,
  /** Id of the uploaded acceptance agreement (media collection `acceptance_agreement`). */
  acceptance_agreement: z.optional(positiveId),
  /** Optimistic concurrency: the updated_at the form was loaded with (required by PUT). */
  updated_at: z.optional(versionSchema),
};

const staffFields = {
  manager_id: z.optional(positiveId),
  administrators: z.array(positiveId).check(
    z.maxLength(MAX_ADMINISTRATORS, V.tooMany),
    z.refine((ids) => new Set(ids).size === ids.length, V.administratorsDuplicate),
  ),
};

// The cross-field rules run even when other fields failed (`when`), so one
// submission shows every error; they therefore read the values defensively.
const always = { when: () => true };

const costPerUnitRule = z.superRefine((v: { preset_unit_cost?: boolean; cost_per_unit?: number }, ctx) => {
  if (typeof v === "object" && v !== null && v.preset_unit_cost === true && v.cost_per_unit === undefined) {
    ctx.issues.push({ code: "custom", message: V.costPerUnitRequired, path: ["cost_per_unit"], input: v.cost_per_unit });
  }
}, always);

const managerRule = z.superRefine((v: { manager_id?: number; administrators?: number[] }, ctx) => {
  if (typeof v !== "object" || v === null || typeof v.manager_id !== "number" || !Array.isArray(v.administrators)) return;
  if (v.administrators.includes(v.manager_id)) {
    ctx.issues.push({ code: "custom", message: V.managerIsAdministrator, path: ["administrators"], input: v.administrators });
  }
}, always);

/** A research infrastructure (docs/data.md#research-infrastructure), as editors and admins edit it (form, action and API). */
export const infrastructureSchema = z.object({ ...ownFields, ...staffFields }).check(costPerUnitRule, managerRule);
export type InfrastructureInput = z.infer<typeof infrastructureSchema>;

/** The same infrastructure as its own manager and administrators edit it: they may not change its staff. */
export const infrastructureStaffSchema = z.object(ownFields).check(costPerUnitRule);
export type InfrastructureStaffInput = z.infer<typeof infrastructureStaffSchema>;

/** The money fields, shown in euro. */
export const MONEY_FIELDS = ["ga_usage_cost_budget", "ga_other_cost_budget", "cost_per_unit"] as const;
