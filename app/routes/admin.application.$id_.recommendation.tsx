import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as rec from "~/api/recommendation/contract";
import { requireAccess } from "~/auth/user.server";
import { ROUTE_RULES } from "~/domain/navigation";
import { routeId } from "~/forms/route-id";
import { recommendationAction } from "~/forms/recommendation-form.server";
import type { RecommendationFormResult } from "~/components/recommendation/view";
import { titleFrom } from "~/lib/document-title";
import { ErrorSummary } from "~/components/ErrorSummary";
import { StaleNotice } from "~/components/StaleNotice";
import { FormMessage } from "~/components/reviews/ReviewParts";
import { RecommendationFacts } from "~/components/recommendation/RecommendationFacts";
import { RecommendationForm, useFieldLabel } from "~/components/recommendation/RecommendationForm";
import { RecommendationSummary } from "~/components/recommendation/RecommendationSummary";
import { EvaluationScores } from "~/components/recommendation/EvaluationScores";
import { CallRanking } from "~/components/recommendation/RankingTable";
import * as css from "~/components/recommendation/Recommendation.css";

type Named = { data: { application: { id: number; acronym: string | null; title: string | null } } };

export const handle = titleFrom<Named>((d, t) =>
  t("recommendation.screen.title", { name: d.data.application.acronym || d.data.application.title || t("wizard.untitled") }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/application"]);
  return json({ data: await api(request).read(rec.recommendation, { param: { id: routeId(params.id) }, query: { ranking: "window" } }) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccess(request, ROUTE_RULES["/admin/application"]);
  return recommendationAction(request, routeId(params.id));
}

/**
 * /admin/application/{id}/recommendation: the editor records the panel's
 * recommendation per requested infrastructure, beside the evaluations' scores
 * and the call's ranking by mean score (docs/lifecycle.md#panel-recommendation).
 */
export default function AdminRecommendation() {
  const { t } = useTranslation();
  const { data } = useLoaderData<typeof loader>();
  const result = useActionData<RecommendationFormResult>();
  const label = useFieldLabel(data.infrastructures);
  const a = data.application;
  const name = a.acronym || a.title || t("wizard.untitled");
  const summary = Object.entries(result?.errors ?? {}).map(([id, messages]) => ({ id, label: label(id), message: messages[0] }));
  return (
    <>
      <p>
        <Link to={`/admin/application/${a.id}`}>{t("recommendation.screen.back")}</Link>
      </p>
      <h1>{t("recommendation.screen.title", { name })}</h1>
      <RecommendationFacts data={data} />
      <div className={css.columns}>
        <section aria-label={t("recommendation.screen.form-title")}>
          {result?.stale ? <StaleNotice message="applications.stale" reload="recommendation.screen.reload" /> : <FormMessage message={result?.message} />}
          <ErrorSummary items={summary} />
          {data.editable ? (
            <RecommendationForm key={a.updated_at} data={data} result={result} />
          ) : (
            <>
              <h2>{t("recommendation.screen.form-title")}</h2>
              <p>{t("recommendation.screen.read-only")}</p>
              <RecommendationSummary data={data} />
            </>
          )}
        </section>
        <div>
          <EvaluationScores data={data} />
          <CallRanking data={data} href={(id) => `/admin/application/${id}/recommendation`} />
        </div>
      </div>
    </>
  );
}
