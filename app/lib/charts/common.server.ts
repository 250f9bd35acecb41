// What the chart builders share: the text they fit (an estimate of a text's
// width, since the server has no fonts to measure with) and the checks on
// their input.
import { CHART_FONT, CHART_SERIES_MAX, CHART_SMALL_FONT, CHART_WIDTH, type ChartTick } from "./types";

/**
 * The width a text takes at `size`, estimated on the wide side: measured in
 * DejaVu Sans, the widest of the faces the page's font stack falls back to
 * (digits about 0.64 em, lowercase 0.59, capitals 0.65 to 0.95), so a label
 * fitted to it fits in the narrower system faces too.
 */
export function textWidth(text: string, size = CHART_FONT): number {
  let em = 0;
  for (const ch of text) em += /[@MW%]/.test(ch) ? 0.95 : /[A-Z]/.test(ch) ? 0.7 : /[\s.,:;'’|il1]/.test(ch) ? 0.34 : /[0-9]/.test(ch) ? 0.64 : 0.6;
  return em * size;
}

/** An axis's labels along x (at `CHART_SMALL_FONT`), each centred on its tick unless that would put it past the chart's left or right edge. */
export function xTicks(ticks: { at: number; label: string }[]): ChartTick[] {
  return ticks.map(({ at, label }) => {
    const half = textWidth(label, CHART_SMALL_FONT) / 2;
    return { at, label, anchor: at - half < 0 ? "start" : at + half > CHART_WIDTH ? "end" : "middle" };
  });
}

/** `text` cut with an ellipsis to fit `width`. */
export function fitText(text: string, width: number, size = CHART_FONT): string {
  if (textWidth(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join("")}…`, size) > width) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/** The chart's common text, checked: an id usable in SVG references, a title and a description. */
export interface ChartText {
  /** Unique on the page, letters, digits and hyphens: the base of the SVG's ids. */
  id: string;
  title: string;
  description: string;
  /** The reader's language, for the numbers and dates the chart writes. */
  locale: string;
}

export function checkText({ id, title, description }: ChartText) {
  if (!/^[a-z][a-z0-9-]*$/i.test(id)) throw new Error(`A chart's id is letters, digits and hyphens: ${JSON.stringify(id)}`);
  if (!title.trim() || !description.trim()) throw new Error(`Chart ${id}: a title and a description are required`);
}

export function checkSeries(id: string, count: number) {
  if (count < 1 || count > CHART_SERIES_MAX) throw new Error(`Chart ${id}: 1 to ${CHART_SERIES_MAX} series, not ${count}`);
}

/** The legend of several series (one series needs none: the title names it). */
export const legendOf = (labels: string[]) => (labels.length > 1 ? labels.map((label, series) => ({ label, series })) : []);

/** How a chart writes a number by default: the locale's, at most one decimal (one formatter per chart). */
export function defaultFormat(locale: string): (n: number) => string {
  const f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (n) => f.format(n);
}
