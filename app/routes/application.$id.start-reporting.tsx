import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as acceptance from "~/api/acceptance/contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";

/** Nothing to show here: the button lives on the application's page. */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/application/${routeId(params.id)}/review`);
}

/** The Start reporting button's form: PUT /api/applications/{id}/start-reporting, then to the report's first part. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const updated_at = form.get("updated_at");
  const res = await api(request).call(acceptance.startReporting, { param: { id }, json: { updated_at: typeof updated_at === "string" ? updated_at : "" } });
  if (!res.ok) return redirectWithAlert(request, `/application/${id}/review`, refusedAlert(res.message));
  return redirectWithAlert(request, `/application/${id}/report/activity`, successAlert("reporting.start.done"));
}
