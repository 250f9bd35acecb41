// The charts' geometry for a known input, worked out by hand (docs/ui.md#charts).
import { describe, expect, it } from "vitest";
import { textWidth, xTicks } from "./common.server";
import { barChart, lineChart, stackedBarChart, timelineChart } from "./index.server";

const text = { title: "T", description: "D", locale: "en" };

describe("stackedBarChart", () => {
  it("stacks the series from the left on a scale from 0 to the largest total, and writes each value that fits", () => {
    const c = stackedBarChart({ ...text, id: "t", series: ["A", "B"], rows: [{ label: "X", values: [3, 1] }, { label: "Y", values: [2, 0] }] });
    // Totals 4 and 2; the widest total "4" is 0.64 × 15 = 9.6 wide, + 6: the plot runs from 8 to 400 − 8 − 15.6 = 376.4,
    // so x(v) = 8 + v × 368.4 / 4 = 8 + 92.1 v.
    expect(c.ticks.map((t) => t.label)).toEqual(["0", "1", "2", "3", "4"]);
    expect(c.ticks[1].at).toBeCloseTo(100.1);
    expect(c.legend).toEqual([{ label: "A", series: 0 }, { label: "B", series: 1 }]);
    const [x, y] = c.rows;
    expect(x).toMatchObject({ label: "X", labelY: 25, y: 31, height: 20, total: "4" });
    expect(x.totalX).toBeCloseTo(382.4);
    expect(x.segments.map((s) => [s.series, s.value, s.text])).toEqual([[0, 3, "3"], [1, 1, "1"]]);
    expect(x.segments[0].x).toBe(8);
    expect(x.segments[0].width).toBeCloseTo(276.3);
    expect(x.segments[1].x).toBeCloseTo(284.3);
    expect(x.segments[1].width).toBeCloseTo(92.1);
    // A zero draws no segment; rows are 17 + 6 + 20 + 12 = 55 apart.
    expect(y).toMatchObject({ labelY: 80, y: 86, total: "2" });
    expect(y.segments).toHaveLength(1);
    expect(y.segments[0].width).toBeCloseTo(184.2);
    expect([c.plotBottom, c.axisY, c.height]).toEqual([110, 129, 137]);
  });

  it("writes no value in a segment too narrow for it; a single series has no legend, and its values are the totals after the bars", () => {
    const s = stackedBarChart({ ...text, id: "s", series: ["A", "B"], rows: [{ label: "X", values: [1000, 1] }] });
    expect(s.rows[0].segments.map((g) => g.text)).toEqual(["1,000", null]);
    const c = barChart({ ...text, id: "b", bars: [{ label: "Big", value: 1000 }, { label: "Small", value: 1 }] });
    expect(c.legend).toEqual([]);
    expect(c.rows[0].segments[0].text).toBeNull();
    expect(c.rows[0].total).toBe("1,000");
    expect(c.rows[1].total).toBe("1");
  });

  it("estimates a text's width on the wide side, and keeps the axis's labels inside the chart", () => {
    // DejaVu Sans, the widest fallback face: "Arctic Research Station" measures 11.6 em; the estimate is not below it.
    expect(textWidth("Arctic Research Station", 1)).toBeGreaterThanOrEqual(11.6);
    expect(textWidth("2027", 1)).toBeCloseTo(2.56);
    // "€0" (1.24 em × 15 = 18.6) centred on 8 would start at −1.3: it starts at its tick instead; one past the right edge ends there.
    expect(xTicks([{ at: 8, label: "€0" }, { at: 200, label: "€50" }, { at: 395, label: "€100" }]).map((t) => t.anchor)).toEqual(["start", "middle", "end"]);
  });

  it("refuses an id that cannot name an SVG element, and more series than it has patterns", () => {
    expect(() => barChart({ ...text, id: "a b", bars: [] })).toThrow(/id/);
    expect(() => stackedBarChart({ ...text, id: "s", series: ["1", "2", "3", "4", "5"], rows: [] })).toThrow(/series/);
  });
});

describe("lineChart", () => {
  it("draws each series as a path through its points, from the first month to the last, on a scale from 0", () => {
    const c = lineChart({ ...text, id: "l", series: ["S"], points: [{ date: "2026-01", values: [0] }, { date: "2026-03", values: [10] }] });
    // Left of the plot: 8 + the width of "10" ((0.34 + 0.64) × 15 = 14.7, a "1" is narrow) + 6 = 28.7; right: 400 − 8 − "S: 10" (2.36 × 15 = 35.4) − 8 = 348.6.
    // The plot runs from 8 + 17 / 2 = 16.5 down to 216.5.
    const [line] = c.lines;
    expect(line.points[0].x).toBeCloseTo(28.7);
    expect(line.points[0].y).toBeCloseTo(216.5);
    expect(line.points[1].x).toBeCloseTo(348.6);
    expect(line.points[1].y).toBeCloseTo(16.5);
    expect(line.d).toMatch(/^M28\.7\d*,216\.5L348\.6\d*,16\.5$/);
    expect(line.endLabel.text).toBe("S: 10");
    expect(c.yTicks.map((t) => t.label)).toEqual(["0", "2", "4", "6", "8", "10"]);
    expect(c.xTicks[0]).toMatchObject({ label: "Jan 2026" });
  });
});

describe("timelineChart", () => {
  const groups = [{ label: "Station", rows: [{ label: "a", from: "2027-01-01", to: "2027-01-31", series: 0 }, { label: "b", from: "2027-02-01", to: "2027-02-28", series: 1 }] }];

  it("draws each row from the start of its first day to the end of its last, under its group's heading", () => {
    const c = timelineChart({ ...text, id: "tl", series: ["Physical", "Remote"], groups });
    // 1 January to 1 March 2027: 59 days over 8 to 392, 384 / 59 a day.
    expect(c.groups).toEqual([{ label: "Station", y: 25, ruleY: 30 }]);
    const [a, b] = c.rows;
    expect(a).toMatchObject({ label: "a", x: 8, labelY: 52, y: 56, height: 12, series: 0, dates: "Jan 1\u2009–\u200931, 2027" });
    expect(a.width).toBeCloseTo((31 * 384) / 59);
    expect(b.x).toBeCloseTo(8 + (31 * 384) / 59);
    expect(b).toMatchObject({ labelY: 93, series: 1 });
    expect(b.width).toBeCloseTo((28 * 384) / 59);
    expect(c.omitted).toBe(0);
  });

  it("draws at most maxRows rows and counts the others", () => {
    const c = timelineChart({ ...text, id: "tl", series: ["Physical"], groups, maxRows: 1 });
    expect(c.rows.map((r) => r.label)).toEqual(["a"]);
    expect(c.omitted).toBe(1);
  });
});
