// The chart builders (docs/ui.md#charts), for a loader: it passes what they return to the screen's chart components.
import { i18next, i18nextFor } from "~/i18n/i18next.server";
export { barChart, stackedBarChart } from "./bar.server";
export { lineChart } from "./line.server";
export { timelineChart, TIMELINE_ROWS_MAX } from "./timeline.server";

/** The reader's language and its translations, for a loader writing a chart's texts. */
export async function chartLanguage(request: Request) {
  const locale = await i18next.getLocale(request);
  return { locale, t: i18nextFor(locale).getFixedT(locale) };
}
export { columnTotals, euroFormat, largest, rest, weightedMean } from "./series.server";
