import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { callFormOptions, submitCallForm } from "~/forms/call-form.server";
import { CallForm } from "~/components/CallForm";
import { AdminFormScreen } from "~/components/AdminForm";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("admin-call.create-title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  return json(await callFormOptions(request));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/call"]);
  return submitCallForm(request, { mode: "create" });
}

const NO_FILES = { acceptance_agreement: null, scientific_report_template: null, data_man_template: null };

/** /admin/call/create: a new call, always a draft (docs/lifecycle.md#call-statuses). */
export default function CreateCall() {
  const { countries, infrastructures, criteria, chosenCriteria } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen back="/admin/call" backLabel={t("admin-call.back")} title={t("admin-call.create-title")}>
      <CallForm
        mode="create"
        defaultValue={{ user_report_days: "30", criteria: chosenCriteria }}
        lastResult={actionData?.result}
        countries={countries}
        infrastructures={infrastructures}
        criteria={criteria}
        files={actionData?.files ?? NO_FILES}
      />
    </AdminFormScreen>
  );
}
