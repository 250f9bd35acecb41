import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as applications from "~/api/applications/contract";
import * as reviews from "~/api/reviews/contract";
import { requireAccess } from "~/auth/user.server";
import { formatDay } from "~/domain/dates";
import { scoreErrors } from "~/domain/reviews/criteria";
import { ROUTE_RULES } from "~/domain/navigation";
import { reviewAction, text, ticked } from "~/forms/review-form.server";
import { routeId } from "~/forms/route-id";
import { countryNames, namesInDraft } from "~/lib/country-names.server";
import { publicSettings } from "~/cache/content.server";
import { ApplicationSections } from "~/components/application/ApplicationSections";
import { Facts } from "~/components/application/Facts";
import { StaleNotice } from "~/components/StaleNotice";
import { Declaration, FormMessage, IntentForm, NoteField, ReviewState, ScoresTable, useSummaryItems } from "~/components/reviews/ReviewParts";
import { ErrorSummary } from "~/components/ErrorSummary";
import { ScoreForm, scoresOf } from "~/components/reviews/ScoreForm";
import { Fieldset } from "~/components/Field";
import { titleFrom } from "~/lib/document-title";
import { DossierLinks } from "~/components/dossier/DossierLinks";
import { i18next } from "~/i18n/i18next.server";
import { entrySetting } from "~/domain/settings/setting-languages";

export const handle = titleFrom<{ evaluation: { application: { acronym: string | null; title: string | null } } }>((d, t) =>
  t("reviews.evaluation.title", { name: d.evaluation.application.acronym || d.evaluation.application.title || t("wizard.untitled") }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations"]);
  const id = routeId(params.id);
  const client = api(request);
  const evaluation = await client.read(reviews.one, { param: { id } });
  const [app, countries, settings] = await Promise.all([
    client.read(applications.one, { param: { id: evaluation.application_id } }),
    countryNames(request),
    publicSettings(),
  ]);
  // The declarations in the reader's language, else in English marked so (ADR 052).
  const locale = await i18next.getLocale(request);
  const setting = (k: string) => entrySetting(settings.data, k, locale);
  return json({ evaluation, app, countries: namesInDraft(countries, app.draft), texts: { confidential: setting("confidential"), conflict: setting("conflict-of-interest") } });
}

/** accept, conflict or save, each through its API operation; submit saves, then asks to confirm on its own page. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations"]);
  const id = routeId(params.id);
  const client = api(request);
  const evaluation = await client.read(reviews.one, { param: { id } });
  return reviewAction(
    request,
    `/my-evaluations/${id}`,
    (intent, form) => {
      const updated_at = text(form, "updated_at") ?? "";
      const param = { id };
      if (intent === "accept") {
        const declarations = { confidential_declaration: ticked(form, "confidential_declaration"), conflictofinterest_declaration: ticked(form, "conflictofinterest_declaration") };
        return client.call(reviews.accept, { param, json: { ...(declarations as { confidential_declaration: true; conflictofinterest_declaration: true }), updated_at } });
      }
      if (intent === "conflict") return client.call(reviews.sendConflict, { param, json: { note: text(form, "note") ?? "", updated_at } });
      if (intent === "save") return client.call(reviews.save, { param, json: { scores: scoresOf(form, evaluation.criteria), submit: false, updated_at } });
      if (intent === "submit") {
        // Submit asks first (docs/ui.md#confirmations): complete scores are saved as they are, then /my-evaluations/{id}/submit asks.
        const scores = scoresOf(form, evaluation.criteria);
        const errors = scoreErrors(scores, evaluation.criteria, evaluation.call.half_point_rating, true);
        if (Object.keys(errors).length) return Promise.resolve({ ok: false as const, status: 422, message: "validation.failed", errors });
        return client.call(reviews.save, { param, json: { scores, submit: false, updated_at } });
      }
      return null;
    },
    (intent) => `reviews.done.${intent}`,
    (intent) => (intent === "submit" ? `/my-evaluations/${id}/submit` : null),
  );
}

/**
 * /my-evaluations/{id}: the evaluation panel (accept or declare a conflict,
 * then score, save and submit; read-only once submitted or past the
 * deadline) above the application, read-only.
 */
export default function Evaluation() {
  const { t, i18n } = useTranslation();
  const { evaluation: e, app, countries, texts } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const errors = posted?.errors ?? {};
  const name = e.application.acronym || e.application.title || t("wizard.untitled");
  const summary = useSummaryItems(errors, e.criteria);
  const open = !e.deadline_passed && e.application.status === "under-evaluation";
  return (
    <>
      <p>
        <Link to="/my-evaluations">{t("reviews.evaluation.back")}</Link>
      </p>
      <h1>{t("reviews.evaluation.title", { name })}</h1>
      <Facts
        items={[
          [t("reviews.list.call"), e.call.title],
          [t("reviews.list.deadline"), formatDay(e.call.evaluation_date, i18n.language)],
          [t("reviews.list.state"), <ReviewState key="s" state={e.state} />],
        ]}
      />
      <DossierLinks applicationId={app.id} />
      <section aria-labelledby="evaluation-panel">
        <h2 id="evaluation-panel">{t("reviews.evaluation.panel")}</h2>
        {posted?.stale ? <StaleNotice message="reviews.errors.stale" reload="reviews.evaluation.reload" /> : <FormMessage message={posted?.message} />}
        <ErrorSummary items={summary} />
        {e.deadline_passed ? <p>{t("reviews.errors.deadline-passed")}</p> : null}
        {e.state === "assigned" && open ? (
          <>
            <p>{t("reviews.evaluation.accept-intro")}</p>
            <Fieldset title={t("reviews.evaluation.accept-title")}>
              <IntentForm intent="accept" label={t("reviews.evaluation.accept")}>
                <input type="hidden" name="updated_at" value={e.updated_at} />
                <Declaration id="confidential_declaration" name="confidential_declaration" text={texts.confidential} errors={errors.confidential_declaration} />
                <Declaration id="conflictofinterest_declaration" name="conflictofinterest_declaration" text={texts.conflict} errors={errors.conflictofinterest_declaration} />
              </IntentForm>
            </Fieldset>
          </>
        ) : null}
        {e.state === "accepted" && e.editable ? (
          <Fieldset title={t("reviews.score.title")}>
            <ScoreForm
              criteria={e.criteria}
              halves={e.call.half_point_rating}
              scores={e.scores}
              errors={errors}
              posted={posted?.intent === "save" || posted?.intent === "submit" ? posted.values : undefined}
              updatedAt={e.updated_at}
            />
          </Fieldset>
        ) : null}
        {e.state === "submitted" || (e.state === "accepted" && !e.editable) ? (
          <ScoresTable caption={t(e.state === "submitted" ? "reviews.score.submitted" : "reviews.score.saved")} criteria={e.criteria} scores={e.scores} />
        ) : null}
        {(e.state === "assigned" || e.state === "accepted") && open ? (
          <Fieldset title={t("reviews.conflict.title")}>
            <IntentForm intent="conflict" label={t("reviews.conflict.send")}>
              <input type="hidden" name="updated_at" value={e.updated_at} />
              <NoteField id="note" label={t("reviews.conflict.note")} hint={t("reviews.conflict.hint")} errors={errors.note} defaultValue={posted?.intent === "conflict" ? posted.values.note : undefined} />
            </IntentForm>
          </Fieldset>
        ) : null}
        {e.state === "conflict" ? (
          <Facts items={[[t("reviews.conflict.declared"), e.conflict_note]]} />
        ) : null}
      </section>
      <ApplicationSections app={app} countries={countries} />
    </>
  );
}
