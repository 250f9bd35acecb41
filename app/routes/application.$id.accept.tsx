import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as acceptance from "~/api/acceptance/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";
import { formRefusal } from "~/forms/form-refusal.server";
import { grantQuestion } from "~/forms/grant-question.server";
import { Confirmation } from "~/components/Confirmation";
import * as css from "~/components/acceptance/Acceptance.css";
import { grantFacts } from "~/components/acceptance/grant-facts";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("acceptance.accept.title");

/** The grant to accept; an application that cannot be accepted (any more) goes back to its page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return json(await grantQuestion(request, routeId(params.id), "can_accept"));
}

/** PUT /api/applications/{id}/accept, then the application's page with a success alert; a refusal stays on the question. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const updated_at = form.get("updated_at");
  const res = await api(request).call(acceptance.accept, { param: { id }, json: { updated_at: typeof updated_at === "string" ? updated_at : "" } });
  if (res.ok) return redirectWithAlert(request, `/application/${id}/review`, successAlert("acceptance.done.accept"));
  const { status, ...refused } = formRefusal(res, "applications.stale");
  return json(refused, { status });
}

/** /application/{id}/accept: "Accept the grant?", answered by a real form, so it works without JavaScript. */
export default function AcceptGrant() {
  const { t } = useTranslation();
  const app = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const name = app.acronym || app.title || t("wizard.untitled");
  return (
    <Confirmation
      title={t("acceptance.accept.title")}
      facts={grantFacts(t, app)}
      intro={
        <>
          {app.late ? (
            <p className={css.notice} role="status">
              {t("acceptance.section.late")}
            </p>
          ) : null}
          <p>{t("acceptance.accept.intro", { name })}</p>
        </>
      }
      refused={refused}
      stale={{ message: "acceptance.stale", reload: "acceptance.reload" }}
      fields={{ updated_at: app.updated_at }}
      yes={t("acceptance.accept.confirm")}
      cancelTo={`/application/${app.id}/review`}
    />
  );
}
