import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";
import { api } from "~/api/client.server";
import type { CreateRoute, JsonInput, UpdateRoute } from "~/api/contract";
import * as media from "~/api/media/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { readFormWithUploads, type FormWithUploads } from "~/media/form.server";

type ReplyErrors = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

/** The medium GET /api/media/{id} answers with, as a form lists it; null when it is gone or not the user's. */
export async function mediumRef(request: Request, id: number): Promise<{ id: number; name: string } | null> {
  try {
    const medium = await api(request).read(media.one, { param: { id } });
    return { id: medium.id, name: medium.name };
  } catch {
    return null;
  }
}

/**
 * The record an update form edits, as its GET by id answers it: a trashed one
 * is restored from its list first, so it is not found here.
 */
export async function liveRecord<T extends object>(read: Promise<T>): Promise<T> {
  const record = await read;
  if ("deleted_at" in record && record.deleted_at) throw new Response("Not found", { status: 404 });
  return record;
}

/**
 * How the form's valid value becomes the body the operations take: optional
 * when the value already is such a body, required when it is not (the form
 * names a field otherwise, or holds it as text).
 */
type BodyOption<Value, Body> = { body?: (value: Value) => Body } & ([Value] extends [Body] ? unknown : { body: unknown });

/**
 * The create and update actions of the admin forms (calls, infrastructures,
 * pages, documents): reads the multipart form (uploading chosen files),
 * validates with the shared schema, saves through the API (POST on create,
 * PUT on update) and redirects with the Success alert. Otherwise the form
 * comes back (400) with its errors (schema, upload, API 422, or 409 when it
 * was saved by someone else meanwhile: `stale`) and, from `reshow`, the files
 * it must list again. A post without a status yet (a Conform intent such as
 * "Add period" without JavaScript) comes back as it is, with 200.
 */
export async function submitAdminForm<Schema extends $ZodType, Reshown extends object, Create extends CreateRoute, Update extends UpdateRoute>(
  request: Request,
  opts: {
    schema: Schema;
    /** The API's create and update operations (a resource's contract). */
    operations: { create: Create; update: Update };
    /** The record to update; none on create. */
    id?: number;
    /** What the re-shown form needs besides the reply: the files kept or uploaded by this post. */
    reshow: (payload: Record<string, unknown>) => Promise<Reshown>;
    /** After a create: `{created.screen}/{id}/update`, with this alert. */
    created: { screen: string; alert: string };
    /** After an update. */
    saved: { to: string; alert: string };
    /** The form, when the caller read it first (readFormWithUploads) to look at its intent. */
    read?: FormWithUploads;
  } & BodyOption<output<Schema>, JsonInput<Create> | JsonInput<Update>>,
) {
  const { formData, uploadErrors } = opts.read ?? (await readFormWithUploads(request, { schema: opts.schema }));
  const submission = parseWithZod(formData, { schema: opts.schema });
  // `stale`: the 409's message, shown alone (StaleNotice) rather than as a validation error.
  const reply = async (errors: ReplyErrors, status = 400, stale: string | null = null) =>
    json({ result: submission.reply(errors), ...(await opts.reshow(submission.payload)), stale }, { status });

  if (submission.status === undefined) return reply({}, 200);
  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) return reply({ fieldErrors: uploadErrors });

  // The signature checked the body against the operations' own (BodyOption); the calls go through their shapes.
  const body: unknown = opts.body ? opts.body(submission.value) : submission.value;
  const client = api(request);
  const { create, update }: { create: CreateRoute; update: UpdateRoute } = opts.operations;
  if (opts.id === undefined) {
    const saved = await client.call(create, { json: body });
    if (!saved.ok) return reply({ fieldErrors: saved.errors });
    return redirectWithAlert(request, `${opts.created.screen}/${(saved.data as { id: number }).id}/update`, successAlert(opts.created.alert));
  }
  const saved = await client.call(update, { param: { id: opts.id }, json: body });
  if (!saved.ok) {
    return reply({ fieldErrors: saved.errors }, 400, saved.status === 409 ? saved.message : null);
  }
  return redirectWithAlert(request, opts.saved.to, successAlert(opts.saved.alert));
}
