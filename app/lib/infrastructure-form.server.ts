import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { api } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { readFormWithUploads } from "~/media/form.server";
import { infrastructureSchema, infrastructureStaffSchema, type InfrastructureInput } from "~/domain/infrastructure";
import type { InfrastructureFormValues } from "~/components/InfrastructureForm";
import type { MediaRef } from "~/components/FileField";
import type { Option } from "~/components/InfrastructureFields";

type ApiOption = { label: string; value: string | number; email?: string };

/** An infrastructure as GET /api/infrastructures/{id} answers. */
export interface ApiInfrastructure {
  id: number;
  name: string;
  updated_at: string;
  deleted_at: string | null;
  manager_id: number | null;
  administrators: { id: number; display_name: string; email: string }[];
  periods: { date_from: string; date_to: string }[];
  acceptance_agreement: { id: number; name: string } | null;
  [field: string]: unknown;
}

/** What the form offers: countries, and (editors' forms) the users who may be staff. */
export async function infrastructureFormOptions(request: Request, withUsers: boolean): Promise<{ countries: Option[]; users: Option[] }> {
  const client = api(request);
  const [countries, users] = await Promise.all([
    client.get<{ data: ApiOption[] }>("/countries", { per_page: 1000 }),
    withUsers ? client.get<{ data: ApiOption[] }>("/users/option-list", { per_page: 1000 }) : Promise.resolve({ data: [] }),
  ]);
  return {
    countries: countries.data.map((o) => ({ label: o.label, value: String(o.value) })),
    // The e-mail tells two people of the same name apart.
    users: users.data.map((o) => ({ label: o.email ? `${o.label} (${o.email})` : o.label, value: String(o.value) })),
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
  if (current?.id === id) return current;
  try {
    const medium = await api(request).get<{ id: number; name: string }>(`/media/${id}`);
    return { id: medium.id, name: medium.name };
  } catch {
    return null;
  }
}

export type InfrastructureTarget =
  | { mode: "create" }
  | { mode: "update"; id: number; current: MediaRef | null }
  | { mode: "staff"; id: number; current: MediaRef | null };

/**
 * The create, update and staff actions: reads the multipart form (uploading a
 * chosen agreement), applies Add/Remove period intents, validates with the
 * shared schema, saves through the API and redirects with the Success alert;
 * otherwise shows the form again (400) with its errors (schema, upload, API
 * 422 or 409) and values.
 */
export async function submitInfrastructureForm(request: Request, target: InfrastructureTarget) {
  const { formData, uploadErrors } = await readFormWithUploads(request);
  const schema = target.mode === "staff" ? infrastructureStaffSchema : infrastructureSchema;
  const submission = parseWithZod(formData, { schema });
  const current = target.mode === "create" ? null : target.current;
  const reply = async (extra: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}, status = 400, stale = false) =>
    json({ result: submission.reply(extra), agreement: await postedAgreement(request, submission.payload, current), stale }, { status });

  // Add period / Remove period without JavaScript: no status, as nothing was
  // submitted yet; the same form comes back with one row more or less.
  if (submission.status === undefined) return reply({}, 200);
  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) return reply({ fieldErrors: uploadErrors });

  const value = submission.value as InfrastructureInput;
  const client = api(request);
  if (target.mode === "create") {
    const saved = await client.write<{ id: number }>("POST", "/infrastructures", { ...value, manager_id: value.manager_id ?? null });
    // The API names fields as the form does (`periods[0].date_from`): its errors map back as they are.
    if (!saved.ok) return reply({ fieldErrors: saved.errors });
    return redirectWithAlert(request, `/admin/infrastructure/${saved.data.id}/update`, successAlert("infrastructure.created"));
  }
  // Blank fields are absent from the value: send them as null so PUT clears them.
  const body =
    target.mode === "update"
      ? { ...value, manager_id: value.manager_id ?? null, administrators: value.administrators ?? [], acceptance_agreement: value.acceptance_agreement ?? null }
      : { ...value, acceptance_agreement: value.acceptance_agreement ?? null };
  const saved = await client.write<{ id: number }>("PUT", `/infrastructures/${target.id}`, body);
  if (!saved.ok) {
    const stale = saved.status === 409;
    return reply({ fieldErrors: saved.errors, formErrors: stale ? [saved.message] : [] }, 400, stale);
  }
  const back = target.mode === "update" ? "/admin/infrastructure" : "/infrastructure";
  return redirectWithAlert(request, back, successAlert("infrastructure.saved"));
}
