// The charts' geometry for a known input, worked out by hand (docs/ui.md#charts).
import { describe, expect, it } from "vitest";
import { barChart, lineChart, stackedBarChart, timelineChart } from "./index.server";

const text = { title: "T", description: "D", locale: "en" };

describe("stackedBarChart", () => {
  it("stacks the series from the left on a scale from 0 to the largest total, and writes each value that fits", () => {
    const c = stackedBarChart({ ...text, id: "t", series: ["A", "B"], rows: [{ label: "X", values: [3, 1] }, { label: "Y", values: [2, 0] }] });
    // Totals 4 and 2; the widest total "4" is 0.56 × 13 = 7.28 wide, + 6: the plot runs from 8 to 440 − 8 − 13.28 = 418.72,
    // so x(v) = 8 + v × 410.72 / 4 = 8 + 102.68 v.
    expect(c.ticks.map((t) => t.label)).toEqual(["0", "1", "2", "3", "4"]);
    expect(c.ticks[1].at).toBeCloseTo(110.68);
    expect(c.legend).toEqual([{ label: "A", series: 0 }, { label: "B", series: 1 }]);
    const [x, y] = c.rows;
    expect(x).toMatchObject({ label: "X", labelY: 23, y: 29, height: 20, total: "4" });
    expect(x.totalX).toBeCloseTo(424.72);
    expect(x.segments.map((s) => [s.series, s.value, s.text])).toEqual([[0, 3, "3"], [1, 1, "1"]]);
    expect(x.segments[0].x).toBe(8);
    expect(x.segments[0].width).toBeCloseTo(308.04);
    expect(x.segments[1].x).toBeCloseTo(316.04);
    expect(x.segments[1].width).toBeCloseTo(102.68);
    // A zero draws no segment; rows are 15 + 6 + 20 + 12 = 53 apart.
    expect(y).toMatchObject({ labelY: 76, y: 82, total: "2" });
    expect(y.segments).toHaveLength(1);
    expect(y.segments[0].width).toBeCloseTo(205.36);
    expect([c.plotBottom, c.axisY, c.height]).toEqual([106, 123, 131]);
  });

  it("writes no value in a segment too narrow for it, and a single series has no legend", () => {
    const c = barChart({ ...text, id: "b", bars: [{ label: "Big", value: 1000 }, { label: "Small", value: 1 }] });
    expect(c.legend).toEqual([]);
    expect(c.rows[0].segments[0].text).toBe("1,000");
    expect(c.rows[1].segments[0].text).toBeNull();
    expect(c.rows[1].total).toBe("1");
  });

  it("refuses an id that cannot name an SVG element, and more series than it has patterns", () => {
    expect(() => barChart({ ...text, id: "a b", bars: [] })).toThrow(/id/);
    expect(() => stackedBarChart({ ...text, id: "s", series: ["1", "2", "3", "4", "5"], rows: [] })).toThrow(/series/);
  });
});

describe("lineChart", () => {
  it("draws each series as a path through its points, from the first month to the last, on a scale from 0", () => {
    const c = lineChart({ ...text, id: "l", series: ["S"], points: [{ date: "2026-01", values: [0] }, { date: "2026-03", values: [10] }] });
    // Left of the plot: 8 + the width of "10" ((0.3 + 0.56) × 13 = 11.18, a "1" is narrow) + 6 = 25.18; right: 440 − 8 − "S: 10" (2.16 × 13 = 28.08) − 8.
    // The plot runs from 8 + 15 / 2 = 15.5 down to 215.5.
    const [line] = c.lines;
    expect(line.points[0].x).toBeCloseTo(25.18);
    expect(line.points[0].y).toBeCloseTo(215.5);
    expect(line.points[1].x).toBeCloseTo(395.92);
    expect(line.points[1].y).toBeCloseTo(15.5);
    expect(line.d).toMatch(/^M25\.18\d*,215\.5L395\.92\d*,15\.5$/);
    expect(line.endLabel.text).toBe("S: 10");
    expect(c.yTicks.map((t) => t.label)).toEqual(["0", "2", "4", "6", "8", "10"]);
    expect(c.xTicks[0]).toMatchObject({ label: "Jan 2026" });
  });
});

describe("timelineChart", () => {
  const groups = [{ label: "Station", rows: [{ label: "a", from: "2027-01-01", to: "2027-01-31", series: 0 }, { label: "b", from: "2027-02-01", to: "2027-02-28", series: 1 }] }];

  it("draws each row from the start of its first day to the end of its last, under its group's heading", () => {
    const c = timelineChart({ ...text, id: "tl", series: ["Physical", "Remote"], groups });
    // 1 January to 1 March 2027: 59 days over 8 to 432, 424 / 59 a day.
    expect(c.groups).toEqual([{ label: "Station", y: 23, ruleY: 28 }]);
    const [a, b] = c.rows;
    expect(a).toMatchObject({ label: "a", x: 8, labelY: 48, y: 52, height: 12, series: 0, dates: "Jan 1\u2009–\u200931, 2027" });
    expect(a.width).toBeCloseTo((31 * 424) / 59);
    expect(b.x).toBeCloseTo(8 + (31 * 424) / 59);
    expect(b).toMatchObject({ labelY: 87, series: 1 });
    expect(b.width).toBeCloseTo((28 * 424) / 59);
    expect(c.omitted).toBe(0);
  });

  it("draws at most maxRows rows and counts the others", () => {
    const c = timelineChart({ ...text, id: "tl", series: ["Physical"], groups, maxRows: 1 });
    expect(c.rows.map((r) => r.label)).toEqual(["a"]);
    expect(c.omitted).toBe(1);
  });
});
