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
import { TEXT_MAX } from "~/domain/applications/fields";
import { Confirmation } from "~/components/Confirmation";
import { Field } from "~/components/Field";
import { ErrorSummary } from "~/components/ErrorSummary";
import { grantFacts } from "~/components/acceptance/grant-facts";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("acceptance.withdraw.title");

/** The grant to withdraw; an application that cannot be withdrawn (any more) goes back to its page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return json(await grantQuestion(request, routeId(params.id), "can_withdraw"));
}

/** PUT /api/applications/{id}/withdraw, then the application's page with a success alert; a refusal stays on the form. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const notes = text("notes");
  const res = await api(request).call(acceptance.withdraw, { param: { id }, json: { notes, updated_at: text("updated_at") } });
  if (res.ok) return redirectWithAlert(request, `/application/${id}/review`, successAlert("acceptance.done.withdraw"));
  const { status, ...refused } = formRefusal(res, "applications.stale");
  return json({ ...refused, notes }, { status });
}

/** /application/{id}/withdraw: "Withdraw the application?", answered by a real form with optional notes, so it works without JavaScript. */
export default function WithdrawApplication() {
  const { t } = useTranslation();
  const app = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const notesErrors = refused?.errors.notes;
  const name = app.acronym || app.title || t("wizard.untitled");
  return (
    <Confirmation
      title={t("acceptance.withdraw.title")}
      facts={grantFacts(t, app)}
      intro={
        <>
          {refused && !refused.stale ? (
            <ErrorSummary
              items={notesErrors ? [{ id: "notes", label: t("acceptance.withdraw.notes"), message: notesErrors[0] }] : []}
              formErrors={refused.message ? [refused.message] : []}
            />
          ) : null}
          <p>{t("acceptance.withdraw.intro", { name })}</p>
        </>
      }
      refused={refused?.stale ? refused : null}
      stale={{ message: "acceptance.stale", reload: "acceptance.reload" }}
      fields={{ updated_at: app.updated_at }}
      yes={t("acceptance.withdraw.confirm")}
      cancelTo={`/application/${app.id}/review`}
      cancel={t("acceptance.withdraw.cancel")}
    >
      <Field id="notes" label={t("acceptance.withdraw.notes")} hint={t("acceptance.withdraw.notes-hint")} errors={notesErrors} required={false}>
        {(aria) => <textarea name="notes" rows={4} maxLength={TEXT_MAX} defaultValue={refused?.notes ?? ""} {...aria} />}
      </Field>
    </Confirmation>
  );
}
