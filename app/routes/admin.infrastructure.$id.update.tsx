import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as infrastructures from "~/api/infrastructures/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import {
  agreementOf, infrastructureFormOptions, infrastructureFormValues, submitInfrastructureForm,
} from "~/forms/infrastructure-form.server";
import { InfrastructureForm } from "~/components/InfrastructureForm";
import { titleFrom } from "~/lib/document-title";
import { AdminFormScreen } from "~/components/AdminForm";
import { liveRecord } from "~/forms/admin-form.server";
import { routeId } from "~/forms/route-id";

export const handle = titleFrom<{ name: string }>((d, t) => t("infrastructure.update-title", { name: d.name }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  const id = routeId(params.id);
  const [infra, options] = await Promise.all([liveRecord(api(request).read(infrastructures.one, { param: { id } })), infrastructureFormOptions(request, true)]);
  return json({ ...options, name: infra.name, values: infrastructureFormValues(infra), agreement: agreementOf(infra) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  const id = routeId(params.id);
  const infra = await liveRecord(api(request).read(infrastructures.one, { param: { id } }));
  return submitInfrastructureForm(request, { mode: "update", id, current: agreementOf(infra) });
}

/** /admin/infrastructure/{id}/update: every field, its staff and its available periods. */
export default function UpdateInfrastructure() {
  const { countries, users, name, values, agreement } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminFormScreen
      back="/admin/infrastructure"
      backLabel={t("infrastructure.back")}
      title={t("infrastructure.update-title", { name })}
      stale={actionData?.stale}
      reload="infrastructure.stale-reload"
    >
      <InfrastructureForm
        mode="update"
        defaultValue={values}
        lastResult={actionData?.result}
        countries={countries}
        users={users}
        agreement={actionData ? actionData.agreement : agreement}
      />
    </AdminFormScreen>
  );
}
