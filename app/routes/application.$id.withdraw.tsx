import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import * as acceptance from "~/api/acceptance/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireUser } from "~/auth/user.server";
import { readForm } from "~/forms/read-form.server";
import { routeId } from "~/forms/route-id";
import { formRefusal } from "~/forms/form-refusal.server";
import { TEXT_MAX } from "~/domain/applications/fields";
import { Facts } from "~/components/application/Facts";
import { Field } from "~/components/Field";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { button, secondaryButton } from "~/styles/layout.css";
import * as css from "~/components/acceptance/Acceptance.css";
import { titleKey } from "~/lib/document-title";

export const handle = titleKey("acceptance.withdraw.title");

/** The grant to withdraw; an application that cannot be withdrawn (any more) goes back to its page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = routeId(params.id);
  const [app, progress] = await Promise.all([
    api(request).read(applications.one, { param: { id } }),
    api(request).read(acceptance.timeline, { param: { id } }),
  ]);
  if (!progress.acceptance.can_withdraw) throw redirect(`/application/${id}/review`);
  return json({ id, acronym: app.acronym, title: app.title, call: app.call.title, status: app.status, updated_at: progress.updated_at });
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

/** /application/{id}/withdraw: "Withdraw the application?", answered by a real form, so it works without JavaScript. */
export default function WithdrawApplication() {
  const { t } = useTranslation();
  const app = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const notesErrors = refused?.errors.notes;
  const name = app.acronym || app.title || t("wizard.untitled");
  return (
    <>
      <h1>{t("acceptance.withdraw.title")}</h1>
      <Facts
        items={[
          [t("my-applications.call"), app.call],
          [t("my-applications.acronym"), app.acronym],
          [t("my-applications.title"), app.title],
          [t("review-page.status"), t(`applications.status.${app.status}`)],
        ]}
      />
      {refused?.stale ? <StaleNotice message="acceptance.stale" reload="acceptance.reload" /> : null}
      {refused && !refused.stale ? (
        <ErrorSummary
          items={notesErrors ? [{ id: "notes", label: t("acceptance.withdraw.notes"), message: notesErrors[0] }] : []}
          formErrors={refused.message ? [refused.message] : []}
        />
      ) : null}
      <p>{t("acceptance.withdraw.intro", { name })}</p>
      <Form method="post" noValidate>
        <input type="hidden" name="updated_at" value={app.updated_at} />
        <Field id="notes" label={t("acceptance.withdraw.notes")} hint={t("acceptance.withdraw.notes-hint")} errors={notesErrors} required={false}>
          {(aria) => <textarea name="notes" rows={4} maxLength={TEXT_MAX} defaultValue={refused?.notes ?? ""} {...aria} />}
        </Field>
        <div className={css.actions}>
          <button type="submit" className={button} disabled={busy}>
            {t("acceptance.withdraw.confirm")}
          </button>
          <Link to={`/application/${app.id}/review`} className={secondaryButton}>
            {t("acceptance.withdraw.cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}
