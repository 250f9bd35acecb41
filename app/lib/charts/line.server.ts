// Lines over time (docs/ui.md#charts): one path per series, each with its own
// marker shape as well as its colour and dash, and its name and last value
// written at its end (right of the plot, spread apart so they never overlap).
import { max } from "d3-array";
import { scaleLinear, scaleUtc } from "d3-scale";
import { line, symbol, symbolCircle, symbolDiamond, symbolSquare, symbolTriangle } from "d3-shape";
import { checkSeries, checkText, defaultFormat, fitText, legendOf, textWidth, xTicks, type ChartText } from "./common.server";
import { CHART_FONT, CHART_SMALL_FONT, CHART_WIDTH, type LineChartData } from "./types";

const PAD = 8;
const PLOT_HEIGHT = 200;
const MARKERS = [symbolCircle, symbolSquare, symbolTriangle, symbolDiamond];
const END_LABEL_MAX = 130;
const DAY = 86_400_000;

export interface LineInput extends ChartText {
  series: string[];
  /** In time order: a day or a month (yyyy-MM-dd or yyyy-MM, read as UTC) and one value per series. */
  points: { date: string; values: number[] }[];
  format?: (n: number) => string;
}

const utcDay = (date: string) => {
  const t = Date.parse(date.length === 7 ? `${date}-01T00:00:00Z` : `${date}T00:00:00Z`);
  if (Number.isNaN(t)) throw new Error(`Not a day or a month: ${JSON.stringify(date)}`);
  return new Date(t);
};

/** A line chart over time. */
export function lineChart(input: LineInput): LineChartData {
  checkText(input);
  checkSeries(input.id, input.series.length);
  const { id, title, description, locale, series, points } = input;
  const format = input.format ?? defaultFormat(locale);
  const dates = points.map((p) => utcDay(p.date));
  const first = dates[0] ?? new Date(0);
  const last = dates.at(-1) ?? first;
  const y = scaleLinear()
    .domain([0, max(points, (p) => max(p.values)) || 1])
    .nice(4);
  const yTickValues = y.ticks(4);
  const left = PAD + (max(yTickValues, (v) => textWidth(format(v), CHART_SMALL_FONT)) ?? 0) + 6;
  const lastValues = series.map((_, s) => points.at(-1)?.values[s] ?? 0);
  const endTexts = series.map((name, s) => fitText(`${name}: ${format(lastValues[s])}`, END_LABEL_MAX, CHART_SMALL_FONT));
  const right = CHART_WIDTH - PAD - (max(endTexts, (t) => textWidth(t, CHART_SMALL_FONT)) ?? 0) - 8;
  const top = PAD + CHART_FONT / 2;
  const bottom = top + PLOT_HEIGHT;
  y.range([bottom, top]);
  // One point alone sits in the middle of a month.
  const x = scaleUtc()
    .domain(first.getTime() === last.getTime() ? [new Date(first.getTime() - 15 * DAY), new Date(first.getTime() + 15 * DAY)] : [first, last])
    .range([left, right]);
  const years = (x.domain()[1].getTime() - x.domain()[0].getTime()) / (365 * DAY);
  const dateFormat = new Intl.DateTimeFormat(locale, years > 3 ? { year: "numeric", timeZone: "UTC" } : { month: "short", year: "numeric", timeZone: "UTC" });
  // The end labels, from the top, each at least a line below the one before.
  const ends = series.map((_, s) => ({ s, y: y(lastValues[s]) + CHART_SMALL_FONT / 3 })).sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) ends[i].y = Math.max(ends[i].y, ends[i - 1].y + CHART_SMALL_FONT + 2);
  const endY = new Map(ends.map((e) => [e.s, e.y]));
  const path = line<{ x: number; y: number }>()
    .x((p) => p.x)
    .y((p) => p.y);
  const axisY = bottom + 4 + CHART_SMALL_FONT;
  return {
    kind: "line",
    id,
    title,
    description,
    width: CHART_WIDTH,
    height: Math.max(axisY, (max(ends, (e) => e.y) ?? 0)) + PAD,
    legend: legendOf(series),
    xTicks: xTicks(x.ticks(Math.min(5, Math.max(points.length, 2))).map((d) => ({ at: x(d), label: dateFormat.format(d) }))),
    yTicks: yTickValues.map((v) => ({ at: y(v), label: format(v), anchor: "end" as const })),
    plot: { left, right, top, bottom },
    axisY,
    valueLabelX: left - 6,
    lines: series.map((_, s) => {
      const xy = points.map((p, i) => ({ x: x(dates[i]), y: y(Math.max(0, p.values[s] ?? 0)) }));
      return {
        series: s,
        d: path(xy) ?? "",
        marker: symbol(MARKERS[s], 48)() ?? "",
        points: xy,
        endLabel: { x: right + 8, y: endY.get(s)!, text: endTexts[s] },
      };
    }),
  };
}
