// The recommendation screens' data, and small readings of it shared by the
// editor's screen and the panel's.
import { useTranslation } from "react-i18next";
import { formatEuro } from "~/domain/applications/money";
import { numberFormat } from "~/domain/numbers";
import type { Success } from "~/api/contract";
import type * as rec from "~/api/recommendation/contract";

/**
 * What the screens get: a call's ranking can hold hundreds of applications;
 * the loaders ask the API for what the page shows of it (ranking=window: the
 * top and the neighbourhood of this one, its full length beside), and the page
 * links to the whole ranking (the panel's list of the call).
 */
export type RecommendationData = Success<typeof rec.recommendation>;
export type Ranked = RecommendationData["ranking"][number];
export type Infra = RecommendationData["infrastructures"][number];

/** The recommendation action's answer (app/forms/recommendation-form.server.ts), which the form shows. */
export interface RecommendationFormResult {
  message: string | null;
  /** By the form's field ids (`units-12`, `notes`). */
  errors: Record<string, string[]>;
  values: Record<string, string>;
  stale: boolean;
}

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
