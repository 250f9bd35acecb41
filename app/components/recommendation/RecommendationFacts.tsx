import { useTranslation } from "react-i18next";
import { APPLICATION_STATUS_TONE } from "~/domain/applications/status";
import { Facts } from "~/components/application/Facts";
import { formatInstantDay } from "~/components/application/instant";
import { StatusBadge } from "~/components/StatusBadge";
import { useFormats, type RecommendationData } from "./view";

/** Where the application stands: call, status, evaluation, recommendation, mean score and rank. */
export function RecommendationFacts({ data }: { data: RecommendationData }) {
  const { t, i18n } = useTranslation();
  const f = useFormats();
  const a = data.application;
  // Translated values as elements: Facts marks plain text as the applicant's own (data-stored).
  const said = (text: string) => <span>{text}</span>;
  return (
    <Facts
      items={[
        [t("recommendation.screen.call"), data.call.title],
        [t("recommendation.screen.status"), <StatusBadge key="s" status={a.status} tone={APPLICATION_STATUS_TONE[a.status]} prefix="applications.status" />],
        [t("recommendation.screen.evaluation-complete"), said(t(a.evaluation_complete ? "recommendation.screen.yes" : "recommendation.screen.no"))],
        [
          t("recommendation.screen.complete"),
          said(
            a.ta_recommendation_complete && a.recommendation_date
              ? t("recommendation.screen.complete-on", { date: formatInstantDay(a.recommendation_date, i18n.language) })
              : t("recommendation.screen.incomplete"),
          ),
        ],
        [t("recommendation.screen.mean-score"), said(f.score(a.mean_score))],
        [t("recommendation.screen.rank"), said(a.rank === null ? t("recommendation.screen.none") : t("recommendation.screen.rank-of", { rank: a.rank, count: data.ranked }))],
      ]}
    />
  );
}
