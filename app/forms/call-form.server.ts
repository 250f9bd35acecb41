import { api } from "~/api/client.server";
import * as infrastructuresApi from "~/api/infrastructures/contract";
import * as calls from "~/api/calls/contract";
import * as reviewsApi from "~/api/reviews/contract";
import type { Success } from "~/api/contract";
import { CALL_FILES, callCreateSchema, callUpdateSchema, type CallFile } from "~/domain/calls/call-form";
import type { CallFiles, CallFormValues, CriterionOption } from "~/components/CallForm";
import type { Option } from "~/components/Field";
import { countryOptionList } from "../lib/countries.server";
import { mediumRef, submitAdminForm } from "./admin-form.server";

type ApiOption = { label: string; value: string | number };

/**
 * What the call form offers: countries (GET /api/countries, in the reader's
 * language), live infrastructures, and the evaluation criteria with those the
 * call (or a new call) scores on.
 */
export async function callFormOptions(request: Request, callId?: number): Promise<{ countries: Option[]; infrastructures: Option[]; criteria: CriterionOption[]; chosenCriteria: string[] }> {
  const client = api(request);
  const [countries, infrastructures, criteria] = await Promise.all([
    countryOptionList(request),
    client.read(infrastructuresApi.optionList, { query: { per_page: 1000 } }),
    client.read(reviewsApi.criteriaList, { query: callId === undefined ? {} : { call_id: callId } }),
  ]);
  const options = (list: ApiOption[]) => list.map((o) => ({ label: o.label, value: String(o.value) }));
  return {
    countries,
    infrastructures: options(infrastructures.data),
    criteria: criteria.data.map((c) => ({ label: c.label, value: String(c.value), key: c.key })),
    chosenCriteria: criteria.data.filter((c) => c.chosen).map((c) => String(c.value)),
  };
}

/** A call as GET /api/calls/{id} answers. */
export type ApiCall = Success<typeof calls.one>;

/** A call read from the API, as the form's values (yyyy-MM-dd days, ids as strings, ticked boxes as "on"). */
export function callFormValues(call: ApiCall): CallFormValues {
  const values: CallFormValues = {};
  for (const [k, v] of Object.entries(call)) {
    if (typeof v === "boolean") values[k] = v ? "on" : undefined;
    else if (typeof v === "string" || typeof v === "number") values[k] = String(v);
  }
  values.unauthorized_countries = call.unauthorized_countries as string[];
  values.available_infrastructures = (call.available_infrastructures ?? []).map((i) => String(i.id));
  for (const name of CALL_FILES) values[name] = (call[name] as { id: number } | null)?.id?.toString();
  return values;
}

export const filesOfCall = (call: ApiCall): CallFiles =>
  Object.fromEntries(CALL_FILES.map((name) => [name, (call[name] as CallFiles[CallFile]) ?? null])) as CallFiles;

/**
 * The files a re-shown form must list after a failed post: what was kept,
 * and what was uploaded in this post (so it need not be chosen again).
 */
async function postedFiles(request: Request, payload: Record<string, unknown>, current: CallFiles): Promise<CallFiles> {
  const entries = await Promise.all(
    CALL_FILES.map(async (name) => {
      const id = Number(payload[name]);
      if (!Number.isInteger(id) || id < 1) return [name, null] as const;
      return [name, current[name]?.id === id ? current[name] : await mediumRef(request, id)] as const;
    }),
  );
  return Object.fromEntries(entries) as CallFiles;
}

/** The create and update actions (submitAdminForm); a failed post lists its files again. */
export function submitCallForm(request: Request, target: { mode: "create" } | { mode: "update"; id: number; current: CallFiles }) {
  const current = target.mode === "update" ? target.current : { acceptance_agreement: null, scientific_report_template: null, data_man_template: null };
  return submitAdminForm(request, {
    schema: target.mode === "create" ? callCreateSchema : callUpdateSchema,
    operations: { create: calls.create, update: calls.update },
    id: target.mode === "update" ? target.id : undefined,
    reshow: async (payload) => ({ files: await postedFiles(request, payload, current) }),
    created: { screen: "/admin/call", alert: "admin-call.created" },
    saved: { to: "/admin/call", alert: "admin-call.saved" },
  });
}
