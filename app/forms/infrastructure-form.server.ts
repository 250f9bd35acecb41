import { api } from "~/api/client.server";
import type { Success } from "~/api/contract";
import * as infrastructures from "~/api/infrastructures/contract";
import * as users from "~/api/users/contract";
import { infrastructureSchema, infrastructureStaffSchema, type InfrastructureInput } from "~/domain/infrastructures/infrastructure";
import type { InfrastructureFormValues } from "~/components/InfrastructureForm";
import type { MediaRef } from "~/components/FileField";
import type { Option } from "~/components/Field";
import { countryOptionList } from "../lib/countries.server";
import { mediumRef, submitAdminForm } from "./admin-form.server";

/** An infrastructure as GET /api/infrastructures/{id} answers. */
export type ApiInfrastructure = Success<typeof infrastructures.one>;

/** What the form offers: countries (in the reader's language), and (editors' forms) the users who may be staff. */
export async function infrastructureFormOptions(request: Request, withUsers: boolean): Promise<{ countries: Option[]; users: Option[] }> {
  const client = api(request);
  const [countries, staff] = await Promise.all([
    countryOptionList(request),
    withUsers ? client.read(users.optionList, { query: { per_page: 1000 } }) : Promise.resolve({ data: [] }),
  ]);
  return {
    countries,
    // The e-mail tells two people of the same name apart.
    users: staff.data.map((o) => ({ label: o.email ? `${o.label} (${o.email})` : o.label, value: String(o.value) })),
  };
}

/** An infrastructure read from the API, as the form's values. */
export function infrastructureFormValues(infra: ApiInfrastructure): InfrastructureFormValues {
  const values: InfrastructureFormValues = {};
  for (const [k, v] of Object.entries(infra)) {
    if (typeof v === "boolean") values[k] = v ? "on" : undefined;
    else if (typeof v === "string" || typeof v === "number") values[k] = String(v);
  }
  values.administrators = infra.administrators.map((a) => String(a.id));
  values.periods = infra.periods.map(({ date_from, date_to }) => ({ date_from, date_to }));
  values.acceptance_agreement = infra.acceptance_agreement ? String(infra.acceptance_agreement.id) : undefined;
  return values;
}

export const agreementOf = (infra: ApiInfrastructure): MediaRef | null =>
  infra.acceptance_agreement ? { id: infra.acceptance_agreement.id, name: infra.acceptance_agreement.name } : null;

/** The agreement a re-shown form lists: the one kept, or the one uploaded in this post (so it need not be chosen again). */
async function postedAgreement(request: Request, payload: Record<string, unknown>, current: MediaRef | null): Promise<MediaRef | null> {
  const id = Number(payload.acceptance_agreement);
  if (!Number.isInteger(id) || id < 1) return null;
  return current?.id === id ? current : mediumRef(request, id);
}

export type InfrastructureTarget =
  | { mode: "create" }
  | { mode: "update"; id: number; current: MediaRef | null }
  | { mode: "staff"; id: number; current: MediaRef | null };

/**
 * The create, update and staff actions (submitAdminForm, which also answers
 * the Add/Remove period intents without JavaScript); a failed post lists its
 * agreement again. Staff (manager, administrators) return to their own list.
 */
export function submitInfrastructureForm(request: Request, target: InfrastructureTarget) {
  const current = target.mode === "create" ? null : target.current;
  return submitAdminForm(request, {
    schema: target.mode === "staff" ? infrastructureStaffSchema : infrastructureSchema,
    operations: { create: infrastructures.create, update: infrastructures.update },
    id: target.mode === "create" ? undefined : target.id,
    body: (v) => {
      const value = v as InfrastructureInput;
      // The API names fields as the form does (`periods[0].date_from`): its errors map back as they are.
      if (target.mode === "create") return { ...value, manager_id: value.manager_id ?? null };
      // Blank fields are absent from the value: send them as null so PUT clears them.
      return target.mode === "update"
        ? { ...value, manager_id: value.manager_id ?? null, administrators: value.administrators ?? [], acceptance_agreement: value.acceptance_agreement ?? null }
        : { ...value, acceptance_agreement: value.acceptance_agreement ?? null };
    },
    reshow: async (payload) => ({ agreement: await postedAgreement(request, payload, current) }),
    created: { screen: "/admin/infrastructure", alert: "infrastructure.created" },
    saved: { to: target.mode === "staff" ? "/infrastructure" : "/admin/infrastructure", alert: "infrastructure.saved" },
  });
}
