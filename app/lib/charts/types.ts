// The charts as the loaders hand them to the screens (docs/ui.md#charts):
// geometry already worked out on the server (the *.server.ts builders beside
// this file, with d3), so the components only draw it and no chart code
// reaches the browser. Plain data: it crosses the loader's JSON as it is.
// Coordinates are in the SVG's viewBox units, where a text's size is CHART_FONT.

/** The viewBox width of every chart: a phone (about 325 px in its figure) shows it at about 0.8, a desktop at most at 1.12 (Chart.css.ts). */
export const CHART_WIDTH = 400;
/** The labels' size in viewBox units (about 14 px on a phone, 19 px at most). */
export const CHART_FONT = 17;
/** The axis's and the values' size, a little smaller. */
export const CHART_SMALL_FONT = 15;
/** At most this many series: each has its colour and its pattern (Chart.css.ts). */
export const CHART_SERIES_MAX = 4;

/** A label on the value (or time) axis, at `at` along it, with its grid line. */
export interface ChartTick {
  at: number;
  label: string;
  /** Where the label sits on `at`: centred, or from it (start) or up to it (end) where centred it would cross the chart's edge. */
  anchor: "start" | "middle" | "end";
}

/** What every chart has: its text (title and description, which name the image), its size and its legend. */
export interface ChartBase {
  /** Unique on the page: the base of the SVG's ids (title, description, patterns). */
  id: string;
  title: string;
  /** What the chart shows, in a sentence or two, for a reader who cannot see it; the numbers are in the table beside. */
  description: string;
  width: number;
  height: number;
  /** The series, each with its colour and pattern (`series` is its index); empty with a single series. */
  legend: { label: string; series: number }[];
}

/** One part of a bar: from `x`, `width` long, of series `series`, its value written inside when `text` is set. */
export interface BarSegment {
  x: number;
  width: number;
  series: number;
  value: number;
  /** The value as written, or null when the segment is too narrow to hold it. */
  text: string | null;
}

/** Horizontal bars, stacked when several series: one row per category, its label above its bar. */
export interface BarChartData extends ChartBase {
  kind: "bar";
  /** The value axis: its labels sit under the plot, at `axisY`; grid lines from `plotTop` to `plotBottom`. */
  ticks: ChartTick[];
  plotTop: number;
  plotBottom: number;
  axisY: number;
  rows: {
    label: string;
    /** The label's baseline. */
    labelY: number;
    /** The bar's top and thickness. */
    y: number;
    height: number;
    segments: BarSegment[];
    /** The row's total, written after the bar. */
    total: string;
    totalX: number;
  }[];
}

/** Lines over time: one path per series, a marker shape per series, the last value written at the line's end. */
export interface LineChartData extends ChartBase {
  kind: "line";
  /** Time along x (labels under the plot at `axisY`), values up y (labels left of the plot, at `valueLabelX`). */
  xTicks: ChartTick[];
  yTicks: ChartTick[];
  plot: { left: number; right: number; top: number; bottom: number };
  axisY: number;
  valueLabelX: number;
  lines: {
    series: number;
    /** The SVG path of the line. */
    d: string;
    /** The markers: a path centred on the origin (one shape per series), drawn at each point. */
    marker: string;
    points: { x: number; y: number }[];
    /** The series' name and last value, at the line's end. */
    endLabel: { x: number; y: number; text: string };
  }[];
}

/** An access calendar: rows grouped under headings, one bar per row from its first to its last day. */
export interface TimelineChartData extends ChartBase {
  kind: "timeline";
  ticks: ChartTick[];
  plotTop: number;
  plotBottom: number;
  axisY: number;
  groups: { label: string; y: number; ruleY: number }[];
  rows: {
    label: string;
    labelY: number;
    /** The dates as written, at the row's right end. */
    dates: string;
    x: number;
    y: number;
    width: number;
    height: number;
    series: number;
  }[];
  /** Rows left out of the drawing (the table and the downloads have them all). */
  omitted: number;
}

export type ChartData = BarChartData | LineChartData | TimelineChartData;
