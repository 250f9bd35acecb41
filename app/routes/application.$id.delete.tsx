import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import { redirectWithAlert, refusedAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";
import { Facts } from "~/components/application/Facts";
import { formatInstantDay } from "~/components/application/instant";
import { button, secondaryButton } from "~/styles/layout.css";
import * as css from "~/components/wizard/Wizard.css";
import { titleKey } from "~/lib/document-title";
import { i18next } from "~/i18n/i18next.server";
import { localizeField } from "~/domain/localized";
import { LocalText } from "~/components/LocalText";

export const handle = titleKey("delete-draft.title");

/** The draft to delete (a submitted application cannot be: its review page instead). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application/update"]);
  const id = routeId(params.id);
  const [app, locale] = await Promise.all([api(request).read(applications.one, { param: { id } }), i18next.getLocale(request)]);
  if (app.status !== "draft") throw redirect(`/application/${id}/review`);
  return json({ id: app.id, acronym: app.acronym, title: app.title, call: localizeField(locale, app.call, "title"), updated_at: app.updated_at });
}

/** DELETE /api/applications/{id}, then My applications with a success alert. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application/update"]);
  const id = routeId(params.id);
  await readForm(request);
  const deleted = await api(request).call(applications.remove, { param: { id } });
  if (!deleted.ok) return redirectWithAlert(request, `/application/${id}/review`, refusedAlert(deleted.message));
  return redirectWithAlert(request, "/application", successAlert("delete-draft.deleted"));
}

/** /application/{id}/delete: "Delete this draft?", answered by a real form, so it works without JavaScript. */
export default function DeleteDraft() {
  const { t, i18n } = useTranslation();
  const app = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>{t("delete-draft.title")}</h1>
      <Facts
        items={[
          [t("my-applications.call"), <LocalText key="call" text={app.call} />],
          [t("my-applications.acronym"), app.acronym],
          [t("my-applications.title"), app.title],
          [t("my-applications.changed"), formatInstantDay(app.updated_at, i18n.language)],
        ]}
      />
      <p>{t("delete-draft.warning")}</p>
      <Form method="post">
        <div className={css.buttons}>
          <button type="submit" className={button} disabled={busy}>
            {t("delete-draft.confirm")}
          </button>
          <Link to="/application" className={secondaryButton}>
            {t("delete-draft.cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}
