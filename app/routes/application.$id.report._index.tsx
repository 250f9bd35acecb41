import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { api } from "~/api/client.server";
import * as reporting from "~/api/reporting/contract";
import { requireUser } from "~/auth/user.server";
import { routeId } from "~/forms/route-id";

/** The bare /application/{id}/report goes to the first part still to complete (the summary once all are, or once submitted). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const report = await api(request).read(reporting.report, { param: { id } });
  const open = report.submitted_at ? undefined : report.parts.find((p) => !p.complete && p.part !== "submit" && p.part !== "publications");
  return redirect(`/application/${id}/report/${open?.part ?? "submit"}`);
}
