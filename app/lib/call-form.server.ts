import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { api } from "~/api/client.server";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { readFormWithUploads } from "~/media/form.server";
import { CALL_FILES, callCreateSchema, callUpdateSchema, type CallFile } from "~/domain/call-form";
import type { CallFiles, CallFormValues } from "~/components/CallForm";
import type { Option } from "~/components/CallFields";

type ApiOption = { label: string; value: string | number };

/** What the call form offers: countries (GET /api/countries) and live infrastructures. */
export async function callFormOptions(request: Request): Promise<{ countries: Option[]; infrastructures: Option[] }> {
  const client = api(request);
  const [countries, infrastructures] = await Promise.all([
    client.get<{ data: ApiOption[] }>("/countries", { per_page: 1000 }),
    client.get<{ data: ApiOption[] }>("/infrastructures/option-list", { per_page: 1000 }),
  ]);
  const options = (list: ApiOption[]) => list.map((o) => ({ label: o.label, value: String(o.value) }));
  return { countries: options(countries.data), infrastructures: options(infrastructures.data) };
}

export interface ApiCall {
  id: number;
  title: string;
  updated_at: string;
  deleted_at: string | null;
  available_infrastructures: { id: number }[];
  [field: string]: unknown;
}

/** A call read from the API, as the form's values (yyyy-MM-dd days, ids as strings, ticked boxes as "on"). */
export function callFormValues(call: ApiCall): CallFormValues {
  const values: CallFormValues = {};
  for (const [k, v] of Object.entries(call)) {
    if (typeof v === "boolean") values[k] = v ? "on" : undefined;
    else if (typeof v === "string" || typeof v === "number") values[k] = String(v);
  }
  values.unauthorized_countries = call.unauthorized_countries as string[];
  values.available_infrastructures = call.available_infrastructures.map((i) => String(i.id));
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
      if (current[name]?.id === id) return [name, current[name]] as const;
      try {
        const medium = await api(request).get<{ id: number; name: string }>(`/media/${id}`);
        return [name, { id: medium.id, name: medium.name }] as const;
      } catch {
        return [name, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries) as CallFiles;
}

/**
 * The create and update actions: reads the multipart form (uploading chosen
 * files), validates with the shared schema, saves through the API and
 * redirects with the Success alert; otherwise answers 400 with the form's
 * errors (schema, upload, API 422 or 409) and its values.
 */
export async function submitCallForm(
  request: Request,
  target: { mode: "create" } | { mode: "update"; id: number; current: CallFiles },
) {
  const { formData, uploadErrors } = await readFormWithUploads(request);
  const submission = parseWithZod(formData, { schema: target.mode === "create" ? callCreateSchema : callUpdateSchema });
  const current = target.mode === "update" ? target.current : { acceptance_agreement: null, scientific_report_template: null, data_man_template: null };
  const failed = async (extra: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }, stale = false) =>
    json(
      { result: submission.reply(extra), files: await postedFiles(request, submission.payload, current), stale },
      { status: 400 },
    );

  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) return failed({ fieldErrors: uploadErrors });

  const client = api(request);
  if (target.mode === "create") {
    const saved = await client.write<{ id: number }>("POST", "/calls", submission.value);
    if (!saved.ok) return failed({ fieldErrors: saved.errors });
    return redirectWithAlert(request, `/admin/call/${saved.data.id}/update`, successAlert("admin-call.created"));
  }
  const saved = await client.write<{ id: number }>("PUT", `/calls/${target.id}`, submission.value);
  if (!saved.ok) {
    const stale = saved.status === 409;
    return failed({ fieldErrors: saved.errors, formErrors: stale ? [saved.message] : [] }, stale);
  }
  return redirectWithAlert(request, "/admin/call", successAlert("admin-call.saved"));
}
