import { useTranslation } from "react-i18next";
import { ScoresTable } from "~/components/reviews/ReviewParts";
import type { RecommendationData } from "./view";

/** Each submitted evaluation's scores and justifications, per criterion of the call. */
export function EvaluationScores({ data }: { data: RecommendationData }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="scores-title">
      <h2 id="scores-title">{t("recommendation.screen.scores-title")}</h2>
      {data.evaluations.length === 0 ? <p>{t("recommendation.screen.no-evaluations")}</p> : null}
      {data.evaluations.map((e, i) => (
        <ScoresTable
          key={e.id}
          caption={t("recommendation.screen.scores-of", { name: e.evaluator ?? t("recommendation.screen.evaluator-n", { n: i + 1 }) })}
          criteria={data.criteria}
          scores={e.scores}
        />
      ))}
    </section>
  );
}
