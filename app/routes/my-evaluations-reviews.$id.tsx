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
import { idFromText } from "~/domain/id-rules";
import { ROUTE_RULES } from "~/domain/navigation";
import { reviewAction, text } from "~/forms/review-form.server";
import * as reporting from "~/api/reporting/contract";
import { ReportView } from "~/components/reporting/ReportView";
import { WatchdogReportForm } from "~/components/reporting/WatchdogReportForm";
import { routeId } from "~/forms/route-id";
import { countryNames, namesInDraft } from "~/lib/country-names.server";
import { publicSettings } from "~/cache/content.server";
import { ApplicationSections } from "~/components/application/ApplicationSections";
import { Facts } from "~/components/application/Facts";
import { formatInstantDay } from "~/components/application/instant";
import { StaleNotice } from "~/components/StaleNotice";
import { Fieldset } from "~/components/Field";
import { FormMessage, IntentForm, NoteField, ReviewState, ScoresTable, useWatchTitle } from "~/components/reviews/ReviewParts";
import { WatchdogReviewForm } from "~/components/reviews/WatchdogReviewForm";
import { titleFrom } from "~/lib/document-title";
import { DossierLinks } from "~/components/dossier/DossierLinks";
import { i18next } from "~/i18n/i18next.server";
import { entrySetting } from "~/domain/settings/setting-languages";

export const handle = titleFrom<{ view: { application: { acronym: string | null; title: string | null } } }>((d, t) =>
  t("reviews.watch.title", { name: d.view.application.acronym || d.view.application.title || t("wizard.untitled") }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations-reviews"]);
  const id = routeId(params.id);
  const client = api(request);
  const view = await client.read(reviews.evaluations, { param: { id } });
  const [app, countries, settings] = await Promise.all([client.read(applications.one, { param: { id } }), countryNames(request), publicSettings()]);
  // The applicant's report, once there is one to read (docs/lifecycle.md#report-review).
  const report = ["reporting", "reported"].includes(app.status) ? await client.call(reporting.reported, { param: { id } }) : null;
  return json({ view, app, countries: namesInDraft(countries, app.draft), watchdogName: entrySetting(settings.data, "watchdog-name", await i18next.getLocale(request)).text, report: report?.ok ? report.data : null });
}

/** A review of one evaluation (its id posted with the form), or the watchdog's conflict. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/my-evaluations-reviews"]);
  const id = routeId(params.id);
  const client = api(request);
  const view = await client.read(reviews.evaluations, { param: { id } });
  return reviewAction(
    request,
    `/my-evaluations-reviews/${id}`,
    (intent, form) => {
      const updated_at = text(form, "updated_at") || undefined;
      if (intent === "review") {
        const evaluation = idFromText(text(form, "evaluation_id") ?? "");
        if (evaluation === undefined) return null;
        const verdict = text(form, "verdict") as "agree" | "comment";
        return client.call(reviews.review, { param: { id: evaluation }, json: { verdict, comment: text(form, "comment"), updated_at } });
      }
      if (intent === "report-review") {
        const verdict = text(form, "verdict");
        return client.call(reporting.watchdogReportReview, {
          param: { id },
          json: { verdict: (verdict === "approved" || verdict === "rejected" ? verdict : undefined) as "approved", note: text(form, "note")?.trim() || undefined, updated_at: updated_at ?? "" },
        });
      }
      if (intent === "conflict" && view.watchdog) {
        return client.call(reviews.watchdogConflict, { param: { id: view.watchdog.id }, json: { note: text(form, "note") ?? "", updated_at: updated_at ?? "" } });
      }
      return null;
    },
    (intent) => (intent === "report-review" ? "reporting.verdict.done" : `reviews.done.${intent === "review" ? "review" : "conflict"}`),
  );
}

/**
 * /my-evaluations-reviews/{application id}: each submitted evaluation with its
 * scores and the watchdog's review of it (agree, or a comment the editor must
 * read), the conflict form, and the application read-only.
 */
export default function WatchApplication() {
  const { t, i18n } = useTranslation();
  const { view, app, countries, watchdogName, report } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const watchTitle = useWatchTitle(watchdogName);
  const name = view.application.acronym || view.application.title || t("wizard.untitled");
  const me = view.watchdog;
  const open = view.application.status === "under-evaluation" && me?.state !== "conflict";
  return (
    <>
      <p>
        <Link to="/my-evaluations-reviews">{t("reviews.watch.back", { title: watchTitle })}</Link>
      </p>
      <h1>{t("reviews.watch.title", { name })}</h1>
      <Facts
        items={[
          [t("reviews.list.call"), view.call.title],
          [t("reviews.list.deadline"), formatDay(view.call.evaluation_date, i18n.language)],
          [t("reviews.list.state"), me ? <ReviewState key="s" state={me.state} watchdog /> : null],
        ]}
      />
      <DossierLinks applicationId={app.id} />
      {posted?.stale ? <StaleNotice message="reviews.errors.stale" reload="reviews.evaluation.reload" /> : <FormMessage message={posted?.message} />}
      {me?.state === "conflict" ? <Facts items={[[t("reviews.conflict.declared"), me.conflict_note]]} /> : null}
      {me?.state !== "conflict" && view.evaluations.length === 0 ? <p>{t("reviews.watch.no-evaluations")}</p> : null}
      {view.evaluations.map((e, i) => {
        const mine = e.reviews.find((r) => r.mine);
        const postedHere = posted?.intent === "review" && posted.values.evaluation_id === String(e.id) ? posted : undefined;
        return (
          <section key={e.id} aria-labelledby={`evaluation-${e.id}`}>
            <h2 id={`evaluation-${e.id}`}>{t("reviews.watch.evaluation", { n: i + 1, name: e.evaluator.display_name ?? "" })}</h2>
            <p>{e.submitted_at ? t("reviews.watch.submitted-on", { day: formatInstantDay(e.submitted_at, i18n.language) }) : null}</p>
            <ScoresTable caption={t("reviews.watch.scores", { n: i + 1 })} criteria={view.criteria} scores={e.scores} />
            {mine?.submitted_at ? (
              <Facts
                items={[
                  [t("reviews.watch.your-review"), t(`reviews.verdict.${mine.verdict ?? "agree"}`)],
                  ...(mine.comment ? ([[t("reviews.watch.comment"), mine.comment]] as [string, string][]) : []),
                ]}
              />
            ) : open ? (
              <WatchdogReviewForm evaluationId={e.id} n={i + 1} review={mine} errors={postedHere?.errors ?? {}} posted={postedHere?.values} />
            ) : null}
          </section>
        );
      })}
      {open && me?.state === "assigned" ? (
        <Fieldset title={t("reviews.conflict.title")}>
          <IntentForm intent="conflict" label={t("reviews.conflict.send")}>
            <input type="hidden" name="updated_at" value={me.updated_at} />
            <NoteField id="note" label={t("reviews.conflict.note")} hint={t("reviews.conflict.hint")} errors={posted?.intent === "conflict" ? posted.errors.note : undefined} />
          </IntentForm>
        </Fieldset>
      ) : null}
      {report?.can_review ? (
        <WatchdogReportForm updatedAt={report.updated_at} errors={posted?.intent === "report-review" ? posted.errors : {}} posted={posted?.intent === "report-review" ? posted.values : undefined} />
      ) : null}
      {report ? <ReportView report={report} /> : null}
      <ApplicationSections app={app} countries={countries} />
    </>
  );
}
