import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as notifications from "~/api/notifications/contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/admin/call/${routeId(params.id)}/update`);

/** The call screen's reminder button: PUT /api/calls/{id}/evaluation-reminder, then back with an alert. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  const id = routeId(params.id);
  await readForm(request);
  const back = `/admin/call/${id}/update`;
  const sent = await api(request).call(notifications.evaluationReminder, { param: { id } });
  if (!sent.ok) return redirectWithAlert(request, back, refusedAlert(sent.message));
  return redirectWithAlert(request, back, successAlert(sent.data.evaluators ? "notifications.reminder.sent" : "notifications.reminder.none"));
}
