import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { infrastructureFormOptions, submitInfrastructureForm } from "~/forms/infrastructure-form.server";
import { InfrastructureForm } from "~/components/InfrastructureForm";
import { AdminFormScreen } from "~/components/AdminForm";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("infrastructure.create-title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  return json(await infrastructureFormOptions(request, true));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  return submitInfrastructureForm(request, { mode: "create" });
}

const EMPTY = { periods: [] };

/** /admin/infrastructure/create: a new research infrastructure with its staff and available periods. */
export default function CreateInfrastructure() {
  const { countries, users } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen back="/admin/infrastructure" backLabel={t("infrastructure.back")} title={t("infrastructure.create-title")}>
      <InfrastructureForm
        mode="create"
        defaultValue={EMPTY}
        lastResult={actionData?.result}
        countries={countries}
        users={users}
        agreement={actionData?.agreement ?? null}
      />
    </AdminFormScreen>
  );
}
