// The recommendation screens' data, and small readings of it shared by the
// editor's screen and the panel's.
import { useTranslation } from "react-i18next";
import { formatEuro } from "~/domain/applications/money";
import { numberFormat } from "~/domain/numbers";
import type { Success } from "~/api/contract";
import type * as rec from "~/api/recommendation/contract";
import { rankingWindow } from "~/domain/recommendation/rules";

type Read = Success<typeof rec.recommendation>;
export type Ranked = Read["ranking"][number] & { gap?: boolean };
/** What the screens get: the ranking cut to a window around the application (rankingWindow), its full length kept. */
export type RecommendationData = Omit<Read, "ranking"> & { ranking: Ranked[]; ranked: number };
export type Infra = RecommendationData["infrastructures"][number];

/**
 * The loaders' reading of the API's answer: a call's ranking can hold
 * hundreds of applications; the page shows the top and the neighbourhood of
 * this one, and links to the whole ranking (the panel's list of the call).
 */
export const forScreen = (read: Read): RecommendationData => ({ ...read, ranking: rankingWindow(read.ranking, read.application.id), ranked: read.ranking.length });

/** An infrastructure's name as the screens show it. */
export const infraName = (i: Pick<Infra, "short_name" | "name">) => i.short_name || i.name;

/** Numbers in the reader's language: a score with two decimals at most, a budget in euro. */
export function useFormats() {
  const { t, i18n } = useTranslation();
  return {
    score: (v: number | null) => (v === null ? t("recommendation.screen.none") : numberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v)),
    euro: (v: string | null) => (v === null ? t("recommendation.screen.none") : formatEuro(Math.round(Number(v) * 100), i18n.language)),
    yesNo: (v: boolean | null) => t(v === null ? "recommendation.screen.not-recorded" : v ? "recommendation.screen.yes" : "recommendation.screen.no"),
  };
}
