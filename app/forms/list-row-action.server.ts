import { redirect } from "@remix-run/node";
import type { RouteConfig } from "@hono/zod-openapi";
import { api } from "~/api/client.server";
import { idFromText } from "~/domain/ids";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { readForm } from "~/forms/read-form.server";

/**
 * The delete and restore buttons of the admin lists (TrashOrRestore): small
 * POST forms with an `intent` and an `id` (and `confirmed` for a delete, else
 * the list comes back asking). Back to the same list (filters, sort
 * and page kept: the form posts to the list's own URL) with the Success alert;
 * an unknown intent or id is a 400.
 */
export async function listRowAction(
  request: Request,
  opts: {
    screen: string;
    /** The resource's trash and restore operations (its contract's remove and restore). */
    operations: { remove: RouteConfig; restore: RouteConfig };
    deleted: string;
    restored: string;
  },
) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = idFromText(String(form.get("id") ?? ""));
  if (id === undefined) throw new Response("Bad Request", { status: 400 });
  if (intent !== "delete" && intent !== "restore") throw new Response("Bad Request", { status: 400 });
  const back = new URL(request.url).searchParams;
  back.delete("index");
  back.delete("confirm");
  // A delete not confirmed yet (an old page, a hand-made post) asks first.
  if (intent === "delete" && form.get("confirmed") !== "yes") {
    const ask = new URLSearchParams(back);
    ask.set("confirm", String(id));
    return redirect(`${opts.screen}?${ask}#confirm-${id}`);
  }
  const client = api(request);
  const done =
    intent === "delete"
      ? await client.call(opts.operations.remove, { param: { id } } as never)
      : await client.call(opts.operations.restore, { param: { id } } as never);
  const to = `${opts.screen}${back.size ? `?${back}` : ""}`;
  // A refusal with a reason (an infrastructure still offered by a call): back to the list, saying why.
  if (!done.ok && done.status === 409) return redirectWithAlert(request, to, refusedAlert(done.message));
  if (!done.ok) throw new Response(done.message, { status: done.status });
  return redirectWithAlert(request, to, successAlert(intent === "delete" ? opts.deleted : opts.restored));
}
