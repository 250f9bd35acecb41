import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
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
import { StaleNotice } from "~/components/StaleNotice";
import { routeId } from "~/forms/route-id";

export const handle = titleFrom<{ name: string }>((d, t) => t("infrastructure.update-title", { name: d.name }));

/** Editors edit live infrastructures: a deleted one is restored from the list first. */
async function liveInfrastructure(request: Request, id: number) {
  const infra = await api(request).read(infrastructures.one, { param: { id } });
  if (infra.deleted_at) throw new Response("Not found", { status: 404 });
  return infra;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  const id = routeId(params.id);
  const [infra, options] = await Promise.all([liveInfrastructure(request, id), infrastructureFormOptions(request, true)]);
  return json({ ...options, name: infra.name, values: infrastructureFormValues(infra), agreement: agreementOf(infra) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/infrastructure"]);
  const id = routeId(params.id);
  const infra = await liveInfrastructure(request, id);
  return submitInfrastructureForm(request, { mode: "update", id, current: agreementOf(infra) });
}

/** /admin/infrastructure/{id}/update: every field, its staff and its available periods. */
export default function UpdateInfrastructure() {
  const { countries, users, name, values, agreement } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      <p>
        <Link to="/admin/infrastructure">{t("infrastructure.back")}</Link>
      </p>
      <h1>{t("infrastructure.update-title", { name })}</h1>
      {actionData?.stale ? <StaleNotice message={actionData.stale} reload="infrastructure.stale-reload" /> : null}
      <InfrastructureForm
        mode="update"
        defaultValue={values}
        lastResult={actionData?.result}
        countries={countries}
        users={users}
        agreement={actionData ? actionData.agreement : agreement}
      />
    </>
  );
}
