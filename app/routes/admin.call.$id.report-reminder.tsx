import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as reminders from "~/api/reporting/reminders-contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/admin/call/${routeId(params.id)}/update`);

/** The call screen's report reminder buttons: the group leaders or the infrastructures' staff, then back with how many were reminded. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  const id = routeId(params.id);
  const form = await readForm(request);
  const back = `/admin/call/${id}/update`;
  const client = api(request);
  if (form.get("audience") === "staff") {
    const sent = await client.call(reminders.reportReminder, { param: { id } });
    if (!sent.ok) return redirectWithAlert(request, back, refusedAlert(sent.message));
    return redirectWithAlert(request, back, successAlert(sent.data.staff ? "reporting.reminders.staff-sent" : "reporting.reminders.none"));
  }
  const sent = await client.call(reminders.applicantReportReminder, { param: { id } });
  if (!sent.ok) return redirectWithAlert(request, back, refusedAlert(sent.message));
  return redirectWithAlert(request, back, successAlert(sent.data.applicants ? "reporting.reminders.applicants-sent" : "reporting.reminders.none"));
}
