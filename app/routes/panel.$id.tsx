import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "react-i18next";
import { api } from "~/api/client.server";
import * as rec from "~/api/recommendation/contract";
import { readOrHome, requireUser } from "~/auth/user.server";
import { routeId } from "~/forms/route-id";
import { titleFrom } from "~/lib/document-title";
import { RecommendationFacts } from "~/components/recommendation/RecommendationFacts";
import { RecommendationSummary } from "~/components/recommendation/RecommendationSummary";
import { EvaluationScores } from "~/components/recommendation/EvaluationScores";
import { CallRanking } from "~/components/recommendation/RankingTable";
import * as css from "~/components/recommendation/Recommendation.css";

type Named = { data: { application: { acronym: string | null; title: string | null } } };

export const handle = titleFrom<Named>((d, t) => t("recommendation.screen.panel-title", { name: d.data.application.acronym || d.data.application.title || t("wizard.untitled") }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  // ROUTE_RULES["/panel"]: any signed-in user; the API answers 403 to anyone not on the panel, who goes home with a message.
  await requireUser(request);
  return json({ data: await readOrHome(request, api(request).read(rec.recommendation, { param: { id: routeId(params.id) }, query: { ranking: "window" } })) });
}

/** /panel/{id}: what a panel member reads of one application: the recommendation so far, the scores and the call's ranking. Nothing to change. */
export default function PanelApplication() {
  const { t } = useTranslation();
  const { data } = useLoaderData<typeof loader>();
  const a = data.application;
  return (
    <>
      <p>
        <Link to="/panel">{t("recommendation.screen.back-panel")}</Link>
      </p>
      <h1>{t("recommendation.screen.panel-title", { name: a.acronym || a.title || t("wizard.untitled") })}</h1>
      <RecommendationFacts data={data} />
      <div className={css.columns}>
        <section aria-labelledby="summary-title">
          <h2 id="summary-title">{t("recommendation.screen.form-title")}</h2>
          <RecommendationSummary data={data} />
        </section>
        <div>
          <EvaluationScores data={data} />
          <CallRanking data={data} href={(id) => `/panel/${id}`} />
        </div>
      </div>
    </>
  );
}
