// What a loader works out from a statistics table before charting it
// (docs/ui.md#charts): a bar's remaining part, a table's column totals, a
// distribution's mean, the rows a chart has room for. Small lists already
// aggregated in SQL: a screen's rows, never the programme's records.

/** What is left of `total` once `parts` are counted, never below zero (a part of a bar "the rest"). */
export const rest = (total: number, ...parts: number[]) => Math.max(0, total - parts.reduce((a, b) => a + b, 0));

/** Each column's total over `rows` (a missing cell counts 0). */
export function columnTotals(rows: readonly (readonly number[])[]): number[] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return Array.from({ length: width }, (_, i) => rows.reduce((sum, r) => sum + (r[i] ?? 0), 0));
}

/** The mean of `values`, each counted `weights` times (a distribution's mean from its counts); null when nothing is counted. */
export function weightedMean(values: readonly number[], weights: readonly number[]): number | null {
  const n = weights.reduce((a, b) => a + b, 0);
  return n > 0 ? values.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0) / n : null;
}

/** The `count` rows of largest `value`, largest first (ties keep their order), leaving out those of none: the rows a chart draws when the table has more. */
export function largest<T>(rows: readonly T[], count: number, value: (r: T) => number): T[] {
  return rows
    .map((r, i) => ({ r, i, v: value(r) }))
    .filter((e) => e.v > 0)
    .sort((a, b) => b.v - a.v || a.i - b.i)
    .slice(0, count)
    .map((e) => e.r);
}

/** How a chart writes an amount in euros: whole euros, in thousands or millions once large (the table has the exact amounts). */
export function euroFormat(locale: string): (n: number) => string {
  const tag = locale === "en" ? "en-GB" : locale;
  const whole = new Intl.NumberFormat(tag, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  const compact = new Intl.NumberFormat(tag, { style: "currency", currency: "EUR", notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 });
  return (n) => (Math.abs(n) < 10_000 ? whole.format(n) : compact.format(n));
}
