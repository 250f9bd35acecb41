import { json, redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import type { ByIdRoute } from "~/api/contract";
import { requireAccess } from "~/auth/user.server";
import { idFromText } from "~/domain/id-rules";
import { ROUTE_RULES } from "~/domain/navigation";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { readForm } from "~/forms/read-form.server";

// The loaders and actions of the admin lists (applications, calls,
// infrastructures, pages, documents, users); their screens share
// app/components/AdminList.tsx.

/** An admin list's address, which names who may see it (ROUTE_RULES). */
export type ListScreen = "/admin/application" | "/admin/call" | "/admin/infrastructure" | "/admin/page" | "/admin/document" | "/admin/users";

/** A list's loader: the screen's guard, then what `read` gets through the API client, as the page's data. */
export async function listLoader<T>(request: Request, screen: ListScreen, read: (client: ReturnType<typeof api>) => Promise<T>) {
  await requireAccess(request, ROUTE_RULES[screen]);
  return json(await read(api(request)));
}

/**
 * The delete and restore buttons of the admin lists (TrashOrRestore), after
 * the screen's guard: small POST forms with an `intent` and an `id` (and
 * `confirmed` for a delete, else the list comes back asking). Back to the
 * same list (filters, sort and page kept: the form posts to the list's own
 * URL) with the Success alert; an unknown intent or id is a 400.
 */
export async function listRowAction(
  request: Request,
  opts: {
    screen: ListScreen;
    /** The resource's trash and restore operations (its contract's remove and restore). */
    operations: { remove: ByIdRoute; restore: ByIdRoute };
    deleted: string;
    restored: string;
  },
) {
  await requireAccess(request, ROUTE_RULES[opts.screen]);
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
      ? await client.call(opts.operations.remove, { param: { id } })
      : await client.call(opts.operations.restore, { param: { id } });
  const to = `${opts.screen}${back.size ? `?${back}` : ""}`;
  // A refusal with a reason (an infrastructure still offered by a call): back to the list, saying why.
  if (!done.ok && done.status === 409) return redirectWithAlert(request, to, refusedAlert(done.message));
  if (!done.ok) throw new Response(done.message, { status: done.status });
  return redirectWithAlert(request, to, successAlert(intent === "delete" ? opts.deleted : opts.restored));
}
