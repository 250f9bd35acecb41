// Horizontal bars, alone or stacked (docs/ui.md#charts): each category's label
// on its own line above its bar, so the bars have the chart's whole width on
// a phone too; the value axis under the plot; each segment's value inside it
// when it fits, the row's total after the bar.
import { max } from "d3-array";
import { scaleLinear } from "d3-scale";
import { stack } from "d3-shape";
import { checkSeries, checkText, defaultFormat, fitText, legendOf, textWidth, xTicks, type ChartText } from "./common.server";
import { CHART_FONT, CHART_SMALL_FONT, CHART_WIDTH, type BarChartData } from "./types";

const PAD = 8;
const BAR = 20;
/** From a label's baseline to its bar's top, and from a bar's bottom to the next label's top. */
const LABEL_GAP = 6;
const ROW_GAP = 12;
const PITCH = CHART_FONT + LABEL_GAP + BAR + ROW_GAP;

export interface StackedBarInput extends ChartText {
  /** The series' names, in stacking order (at most four). */
  series: string[];
  /** One row per category: its label and one value per series (negative values are not drawn: counts and units only). */
  rows: { label: string; values: number[] }[];
  /** How a value is written (default: the locale's number, at most one decimal). */
  format?: (n: number) => string;
}

export interface BarInput extends ChartText {
  bars: { label: string; value: number }[];
  format?: (n: number) => string;
}

/** A chart of stacked horizontal bars, one row per category, `series` stacked from the left. */
export function stackedBarChart(input: StackedBarInput): BarChartData {
  checkText(input);
  checkSeries(input.id, input.series.length);
  const { id, title, description, locale, series } = input;
  const format = input.format ?? defaultFormat(locale);
  const rows = input.rows.map((r) => ({ label: r.label, values: series.map((_, i) => Math.max(0, r.values[i] ?? 0)) }));
  const totals = rows.map((r) => r.values.reduce((a, b) => a + b, 0));
  const totalTexts = totals.map(format);
  const totalRoom = (max(totalTexts, (t) => textWidth(t, CHART_SMALL_FONT)) ?? 0) + 6;
  const x = scaleLinear()
    .domain([0, max(totals) || 1])
    .nice(4)
    .range([PAD, CHART_WIDTH - PAD - totalRoom]);
  const layers = stack<number[], number>()
    .keys(series.map((_, i) => i))
    .value((values, i) => values[i])(rows.map((r) => r.values));
  const plotTop = PAD;
  const plotBottom = plotTop + rows.length * PITCH - ROW_GAP + 4;
  const axisY = plotBottom + 4 + CHART_SMALL_FONT;
  return {
    kind: "bar",
    id,
    title,
    description,
    width: CHART_WIDTH,
    height: axisY + PAD,
    legend: legendOf(series),
    ticks: xTicks(x.ticks(4).map((v) => ({ at: x(v), label: format(v) }))),
    plotTop,
    plotBottom,
    axisY,
    rows: rows.map((r, i) => {
      const labelY = plotTop + i * PITCH + CHART_FONT;
      const segments = layers.flatMap((layer, s) => {
        const [from, to] = layer[i];
        if (to <= from) return [];
        const width = x(to) - x(from);
        const text = format(r.values[s]);
        // A single series' value is the row's total, already written after the bar.
        const written = series.length > 1 && textWidth(text, CHART_SMALL_FONT) + 8 <= width;
        return [{ x: x(from), width, series: s, value: r.values[s], text: written ? text : null }];
      });
      return {
        label: fitText(r.label, CHART_WIDTH - 2 * PAD),
        labelY,
        y: labelY + LABEL_GAP,
        height: BAR,
        segments,
        total: totalTexts[i],
        totalX: x(totals[i]) + 6,
      };
    }),
  };
}

/** A chart of horizontal bars, one value per category. */
export function barChart({ bars, ...input }: BarInput): BarChartData {
  return stackedBarChart({ ...input, series: [input.title], rows: bars.map((b) => ({ label: b.label, values: [b.value] })) });
}
