import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as calls from "~/api/calls/contract";
import * as applications from "~/api/applications/contract";
import { redirectWithAlert, successAlert } from "~/alerts.server";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { formatDay } from "~/domain/days";
import { applyRefusal, COUNTRY_MISSING, COUNTRY_NOT_AUTHORIZED } from "~/domain/applications/may-apply";
import { idFromText } from "~/domain/id-rules";
import { readForm } from "~/forms/read-form.server";
import { stepUrl } from "~/forms/wizard-step.server";
import { stepAt } from "~/domain/applications/steps";
import { Paragraphs } from "~/components/Paragraphs";
import { SubmitButton } from "~/components/FormParts";
import { summary } from "~/components/Form.css";
import { titleFrom } from "~/lib/document-title";
import { card } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import { routeId } from "~/forms/route-id";
import { i18next } from "~/i18n/i18next.server";
import { localizeField } from "~/domain/localized";
import { LabelValue, LocalSentence, LocalText } from "~/components/LocalText";

export const handle = titleFrom<{ call: { title: { text: string } } }>((d, t) => t("apply.title", { title: d.call.title.text }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, ROUTE_RULES["/application/create"]);
  const id = routeId(params.callId);
  const client = api(request);
  const [call, earlier, locale] = await Promise.all([
    client.read(calls.one, { param: { id } }),
    client.read(applications.my, { query: { per_page: 100 } }),
    i18next.getLocale(request),
  ]);
  return json({
    call: {
      // In the reader's language, else in English (the description then marked lang="en", ADR 052).
      id: call.id, title: localizeField(locale, call, "title"), description: localizeField(locale, call, "description"), open_at: call.open_at, close_at: call.close_at, is_open: call.is_open,
      physical_access: call.physical_access, remote_access: call.remote_access, infrastructures: (call.available_infrastructures ?? []).map((i) => i.name),
    },
    // The API's own rule, said before the click: the page then offers nothing to press.
    refusal: applyRefusal(call, user.organization_country),
    earlier: earlier.data.map((a) => ({ id: a.id, label: [a.acronym, a.title].filter(Boolean).join(" – ") || `#${a.id}`, call: localizeField(locale, a, "call_title") })),
  });
}

/** POST: start the draft (a GET never creates anything), then its first step. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/application/create"]);
  const call_id = routeId(params.callId);
  const form = await readForm(request);
  const copy = idFromText(String(form.get("copy_from") ?? ""));
  const created = await api(request).call(applications.create, { json: { call_id, ...(copy ? { copy_from: copy } : {}) } });
  if (!created.ok) return json({ error: created.message, fields: created.errors }, { status: created.status === 404 ? 404 : 400 });
  return redirectWithAlert(request, stepUrl(created.data.id, stepAt(1)), successAlert("applications.created"));
}

/** /application/create/{callId}: the call, and the button that starts an application to it (from scratch or from an earlier one). */
export default function Apply() {
  const { call, earlier, refusal: before } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation();
  const refusal = actionData?.error ?? before;
  const access = [call.physical_access && t("apply.access-physical"), call.remote_access && t("apply.access-remote")].filter(Boolean).join(", ");
  return (
    <>
      <h1>
        <LocalSentence i18nKey="apply.title" name="title" text={call.title} />
      </h1>
      {refusal ? (
        <div className={summary} role="alert" aria-labelledby="refusal-title">
          <h2 id="refusal-title">{t("apply.refused-title")}</h2>
          <p>{t(refusal)}</p>
          {refusal === COUNTRY_MISSING || refusal === COUNTRY_NOT_AUTHORIZED ? (
            <p>
              <Link to="/profile">{t("applications.set-country")}</Link>
            </p>
          ) : null}
        </div>
      ) : (
        <p>{t("apply.intro")}</p>
      )}
      <section className={card} aria-labelledby="apply-call">
        <h2 id="apply-call" className={u.cardTitle}>
          {t("apply.call")}
        </h2>
        {call.description.text ? (
          <div data-stored="">
            <Paragraphs {...call.description} />
          </div>
        ) : null}
        <dl className={u.facts}>
          <dt className={u.strong}>{t("intro-step.open")}</dt>
          <dd className={u.fact}>
            <time dateTime={call.open_at}>{formatDay(call.open_at, i18n.language)}</time>
          </dd>
          <dt className={u.strong}>{t("intro-step.close")}</dt>
          <dd className={u.fact}>
            <time dateTime={call.close_at}>{formatDay(call.close_at, i18n.language)}</time>
          </dd>
          <dt className={u.strong}>{t("apply.access-types")}</dt>
          <dd className={u.fact}>{access || t("calls.none")}</dd>
          <dt className={u.strong}>{t("apply.infrastructures")}</dt>
          <dd className={u.fact}>{call.infrastructures.join(", ") || t("calls.none")}</dd>
        </dl>
      </section>
      {before === null ? (
        <Form method="post">
          {earlier.length ? (
            <fieldset className={u.groupFieldset}>
              <legend className={u.strong}>{t("apply.copy-legend")}</legend>
              <p className={u.hintLine}>{t("apply.copy-hint")}</p>
              <label className={u.checkboxRow}>
                <input type="radio" name="copy_from" value="" defaultChecked /> {t("apply.copy-none")}
              </label>
              {earlier.map((a) => (
                <label key={a.id} className={u.checkboxRow}>
                  <input type="radio" name="copy_from" value={a.id} /> <LabelValue label={a.label} value={<LocalText text={a.call} />} />
                </label>
              ))}
            </fieldset>
          ) : null}
          <SubmitButton busy={navigation.state === "submitting"}>{t("apply.start")}</SubmitButton>
        </Form>
      ) : null}
    </>
  );
}
