import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import * as reviews from "~/api/reviews/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { reviewAction, ticked } from "~/forms/review-form.server";
import { routeId } from "~/forms/route-id";
import { countryNames, namesInDraft } from "~/lib/country-names.server";
import { publicSettings } from "~/cache/content.server";
import { ApplicationSections } from "~/components/application/ApplicationSections";
import { Facts } from "~/components/application/Facts";
import { Fieldset } from "~/components/Field";
import { Declaration, FormMessage, IntentForm } from "~/components/reviews/ReviewParts";
import { titleFrom } from "~/lib/document-title";
import { DossierLinks } from "~/components/dossier/DossierLinks";
import { i18next } from "~/i18n/i18next.server";
import { entrySetting } from "~/domain/settings/setting-languages";
import type { Localized } from "~/domain/localized";

export const handle = titleFrom<{ row: { acronym: string | null; title: string | null } }>((d, t) =>
  t("reviews.view.title", { name: d.row.acronym || d.row.title || t("wizard.untitled") }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-applications-reviews"]);
  const id = routeId(params.id);
  const client = api(request);
  const row = (await client.read(reviews.toView)).data.find((v) => v.application_id === id);
  if (!row) throw new Response("Not found", { status: 404 });
  if (!row.declared) {
    const [settings, locale] = await Promise.all([publicSettings(), i18next.getLocale(request)]);
    return json({ row, declaration: entrySetting(settings.data, "confidential-declaration-viewer", locale), app: null, countries: {} });
  }
  const [app, countries] = await Promise.all([client.read(applications.one, { param: { id } }), countryNames(request)]);
  return json({ row, declaration: { text: "" } as Localized, app, countries: namesInDraft(countries, app.draft) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-applications-reviews"]);
  const id = routeId(params.id);
  const client = api(request);
  return reviewAction(
    request,
    `/my-applications-reviews/${id}`,
    (intent, form) =>
      intent === "declare"
        ? client.call(reviews.viewerDeclare, { param: { id }, json: { confidential_declaration: ticked(form, "confidential_declaration") as true } })
        : null,
    () => "reviews.done.declare",
  );
}

/** /my-applications-reviews/{application id}: the confidentiality declaration first, then the application read-only. */
export default function ViewApplication() {
  const { t } = useTranslation();
  const { row, declaration, app, countries } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const name = row.acronym || row.title || t("wizard.untitled");
  return (
    <>
      <p>
        <Link to="/my-applications-reviews">{t("reviews.view.back")}</Link>
      </p>
      <h1>{t("reviews.view.title", { name })}</h1>
      <Facts items={[[t("reviews.list.call"), row.call_title]]} />
      {app ? (
        <>
          <DossierLinks applicationId={app.id} />
          <ApplicationSections app={app} countries={countries} />
        </>
      ) : (
        <>
          <p>{t("reviews.view.declare-first")}</p>
          <FormMessage message={posted?.message} />
          <Fieldset title={t("reviews.view.declaration")}>
            <IntentForm intent="declare" label={t("reviews.view.declare")}>
              <Declaration id="confidential_declaration" name="confidential_declaration" text={declaration} errors={posted?.errors.confidential_declaration} />
            </IntentForm>
          </Fieldset>
        </>
      )}
    </>
  );
}
