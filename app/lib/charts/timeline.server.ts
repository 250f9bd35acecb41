// The access calendar (docs/ui.md#charts): under each group's heading (an
// infrastructure), one row per item (an access), its label and its dates on a
// line, its bar below from the morning of its first day to the evening of its
// last; the series (physical or remote) by colour and pattern, with a legend.
import { max, min } from "d3-array";
import { scaleUtc } from "d3-scale";
import { checkSeries, checkText, fitText, legendOf, textWidth, xTicks, type ChartText } from "./common.server";
import { CHART_FONT, CHART_SMALL_FONT, CHART_WIDTH, type TimelineChartData } from "./types";

const PAD = 8;
const BAR = 12;
const GROUP_PITCH = CHART_FONT + 10;
const ROW_PITCH = CHART_FONT + 4 + BAR + 8;
const DAY = 86_400_000;
/** The rows a chart draws at most: beyond, it says how many it left out (the table and downloads have them all). */
export const TIMELINE_ROWS_MAX = 150;

export interface TimelineInput extends ChartText {
  series: string[];
  /** In the order to draw; the rows' days are yyyy-MM-dd, `to` the last day (inclusive). */
  groups: { label: string; rows: { label: string; from: string; to: string; series: number }[] }[];
  maxRows?: number;
}

const day = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  if (Number.isNaN(t)) throw new Error(`Not a day: ${JSON.stringify(d)}`);
  return t;
};

/** A timeline of date ranges grouped under headings. */
export function timelineChart(input: TimelineInput): TimelineChartData {
  checkText(input);
  checkSeries(input.id, input.series.length);
  const { id, title, description, locale, series } = input;
  const maxRows = input.maxRows ?? TIMELINE_ROWS_MAX;
  let left = maxRows;
  const groups = input.groups
    .map((g) => {
      const rows = g.rows.slice(0, Math.max(0, left)).map((r) => {
        const from = day(r.from);
        return { ...r, from, to: Math.max(from, day(r.to)) + DAY };
      });
      left -= rows.length;
      return { label: g.label, rows };
    })
    .filter((g) => g.rows.length > 0);
  const drawn = groups.flatMap((g) => g.rows);
  const omitted = input.groups.reduce((n, g) => n + g.rows.length, 0) - drawn.length;
  const start = min(drawn, (r) => r.from) ?? 0;
  const end = max(drawn, (r) => r.to) ?? start + DAY;
  // Not niced: the first bar starts at the plot's left edge, and the axis's labels fall on their own days inside.
  const x = scaleUtc().domain([new Date(start), new Date(end)]).range([PAD, CHART_WIDTH - PAD]);
  const years = (x.domain()[1].getTime() - x.domain()[0].getTime()) / (365 * DAY);
  const tickFormat = new Intl.DateTimeFormat(locale, years > 3 ? { year: "numeric", timeZone: "UTC" } : { month: "short", year: "2-digit", timeZone: "UTC" });
  const rangeFormat = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  let y = PAD;
  const outGroups: TimelineChartData["groups"] = [];
  const outRows: TimelineChartData["rows"] = [];
  for (const g of groups) {
    outGroups.push({ label: fitText(g.label, CHART_WIDTH - 2 * PAD), y: y + CHART_FONT, ruleY: y + CHART_FONT + 5 });
    y += GROUP_PITCH;
    for (const r of g.rows) {
      const dates = rangeFormat.formatRange(new Date(r.from), new Date(r.to - DAY));
      const labelY = y + CHART_FONT;
      outRows.push({
        label: fitText(r.label, CHART_WIDTH - 2 * PAD - textWidth(dates, CHART_SMALL_FONT) - 10),
        labelY,
        dates,
        x: x(new Date(r.from)),
        y: labelY + 4,
        width: Math.max(2, x(new Date(r.to)) - x(new Date(r.from))),
        height: BAR,
        series: r.series,
      });
      y += ROW_PITCH;
    }
  }
  const plotBottom = y;
  const axisY = plotBottom + 4 + CHART_SMALL_FONT;
  return {
    kind: "timeline",
    id,
    title,
    description,
    width: CHART_WIDTH,
    height: axisY + PAD,
    legend: legendOf(series),
    ticks: xTicks(x.ticks(4).map((d) => ({ at: x(d), label: tickFormat.format(d) }))),
    plotTop: PAD,
    plotBottom,
    axisY,
    groups: outGroups,
    rows: outRows,
    omitted,
  };
}
