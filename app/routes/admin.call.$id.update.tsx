import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as calls from "~/api/calls/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { callFormOptions, callFormValues, filesOfCall, submitCallForm } from "~/forms/call-form.server";
import { CallForm } from "~/components/CallForm";
import { titleFrom } from "~/lib/document-title";
import { AdminFormScreen } from "~/components/AdminForm";
import { EvaluationReminder } from "~/components/EvaluationReminder";
import { ReportReminders } from "~/components/reporting/ReportReminders";
import { routeId } from "~/forms/route-id";

export const handle = titleFrom<{ title: string }>((d, t) => t("typography.label-value", { label: t("admin-call.update-title"), value: d.title }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  const id = routeId(params.id);
  const [call, options] = await Promise.all([api(request).read(calls.one, { param: { id } }), callFormOptions(request, id)]);
  return json({ ...options, title: call.title, values: { ...callFormValues(call), criteria: options.chosenCriteria }, files: filesOfCall(call) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  const id = routeId(params.id);
  const call = await api(request).read(calls.one, { param: { id } });
  return submitCallForm(request, { mode: "update", id, current: filesOfCall(call) });
}

/** /admin/call/{id}/update: every field of the call, including its status. */
export default function UpdateCall() {
  const { countries, infrastructures, criteria, title, values, files } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen
      back="/admin/call"
      backLabel={t("admin-call.back")}
      title={t("typography.label-value", { label: t("admin-call.update-title"), value: title })}
      stale={actionData?.stale}
      reload="admin-call.stale-reload"
    >
      <CallForm
        mode="update"
        defaultValue={values}
        lastResult={actionData?.result}
        countries={countries}
        infrastructures={infrastructures}
        criteria={criteria}
        files={actionData?.files ?? files}
      />
      <EvaluationReminder />
      <ReportReminders />
    </AdminFormScreen>
  );
}
