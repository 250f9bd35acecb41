import type { ActionFunctionArgs, LoaderFunctionArgs,} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as infrastructures from "~/api/infrastructures/contract";
import { requireAccess } from "~/auth/user.server";
import { isInfrastructureStaff } from "~/domain/infrastructures/infrastructure-lookups";
import { ROUTE_RULES } from "~/domain/navigation";
import {
  agreementOf, infrastructureFormOptions, infrastructureFormValues, submitInfrastructureForm, type ApiInfrastructure,
} from "~/forms/infrastructure-form.server";
import { InfrastructureForm } from "~/components/InfrastructureForm";
import { titleFrom } from "~/lib/document-title";
import { StaleNotice } from "~/components/StaleNotice";

export const handle = titleFrom<{ name: string }>((d, t) => t("infrastructure.update-title", { name: d.name }));

/**
 * The infrastructure of the URL, if the signed-in user is its manager or an
 * administrator. Anyone else gets 404 — an editor who also holds a staff role
 * included: this screen is for one's own infrastructures (editors have theirs).
 */
async function ownInfrastructure(request: Request, raw: string | undefined): Promise<ApiInfrastructure> {
  const user = await requireAccess(request, ROUTE_RULES["/infrastructure"]);
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || !isInfrastructureStaff(user, id)) throw new Response("Not found", { status: 404 });
  return api(request).read(infrastructures.one, { param: { id } });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const infra = await ownInfrastructure(request, params.id);
  const { countries } = await infrastructureFormOptions(request, false);
  return json({ countries, name: infra.name, values: infrastructureFormValues(infra), agreement: agreementOf(infra) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const infra = await ownInfrastructure(request, params.id);
  return submitInfrastructureForm(request, { mode: "staff", id: infra.id, current: agreementOf(infra) });
}

const NO_USERS: never[] = [];

/** /infrastructure/{id}/update: the staff's own infrastructure, every field but who its staff are. */
export default function UpdateMyInfrastructure() {
  const { countries, name, values, agreement } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      <p>
        <Link to="/infrastructure">{t("infrastructure.back-mine")}</Link>
      </p>
      <h1>{t("infrastructure.update-title", { name })}</h1>
      <p>{t("infrastructure.staff-note")}</p>
      {actionData?.stale ? <StaleNotice message={actionData.stale} reload="infrastructure.stale-reload" /> : null}
      <InfrastructureForm
        mode="staff"
        defaultValue={values}
        lastResult={actionData?.result}
        countries={countries}
        users={NO_USERS}
        agreement={actionData ? actionData.agreement : agreement}
      />
    </>
  );
}
