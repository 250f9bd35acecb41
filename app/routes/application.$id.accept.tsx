import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as acceptance from "~/api/acceptance/contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";

/** Nothing to show here: the accept button lives on the application's page. */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/application/${routeId(params.id)}/review`);
}

/** The accept button's form: PUT /api/applications/{id}/accept, then back to the application with the outcome. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const updated_at = form.get("updated_at");
  const res = await api(request).call(acceptance.accept, { param: { id }, json: { updated_at: typeof updated_at === "string" ? updated_at : "" } });
  const back = `/application/${id}/review`;
  if (!res.ok) return redirectWithAlert(request, back, refusedAlert(res.message));
  return redirectWithAlert(request, back, successAlert("acceptance.done.accept"));
}
