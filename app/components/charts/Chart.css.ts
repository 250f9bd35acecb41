// The charts' look (docs/ui.md#charts): the theme's colours, so a chart
// follows the light and dark themes with the page (each series colour has at
// least 4.5:1 against the surface in both), and a pattern per series, so the
// colour never carries the meaning alone.
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { CHART_FONT, CHART_SMALL_FONT } from "~/lib/charts/types";

export const figure = style({
  margin: "0 0 1.5rem",
  padding: "0.75rem",
  background: vars.surface,
  border: `1px solid ${vars.border}`,
  borderRadius: "4px",
  maxWidth: "30rem",
  breakInside: "avoid",
  "@media": { "screen and (max-width: 30rem)": { padding: "0.5rem" } },
});
export const caption = style({ margin: "0 0 0.5rem" });
export const title = style({ fontWeight: 600, margin: 0 });
export const description = style({ margin: "0.25rem 0 0", color: vars.muted });
/** As wide as the column, never wider than 1.12 times its viewBox (its text 19 px at most). */
export const svg = style({ display: "block", width: "100%", height: "auto", maxWidth: "28rem", overflow: "visible" });

const SERIES = [vars.blue, vars.orange, vars.green, vars.red];
export const fill = styleVariants(Object.fromEntries(SERIES.map((c, i) => [i, { fill: c }])));
export const stroke = styleVariants(Object.fromEntries(SERIES.map((c, i) => [i, { stroke: c, strokeWidth: 2.5, fill: "none", strokeDasharray: ["none", "7 4", "2 4", "9 3 2 3"][i] }])));
/** The pattern's marks over a series' colour: the surface's colour, so they read in both themes. */
export const patternMark = style({ fill: vars.surface, stroke: vars.surface });
/** A thin line of the surface's colour between the segments of a stacked bar. */
export const segment = style({ stroke: vars.surface, strokeWidth: 1 });

/** A halo of the surface's colour: the grid lines under a text stop short of it. */
const halo = { stroke: vars.surface, strokeWidth: 4, paintOrder: "stroke", strokeLinejoin: "round" } as const;
export const label = style({ fill: vars.text, fontSize: CHART_FONT, ...halo });
export const groupLabel = style({ fill: vars.text, fontSize: CHART_FONT, fontWeight: 700, ...halo });
export const small = style({ fill: vars.muted, fontSize: CHART_SMALL_FONT, ...halo });
/** A value written over a bar: a halo of the surface's colour keeps it readable over any series' colour. */
export const onBar = style({
  fill: vars.text,
  fontSize: CHART_SMALL_FONT,
  fontWeight: 600,
  stroke: vars.surface,
  strokeWidth: 3,
  paintOrder: "stroke",
  strokeLinejoin: "round",
});
export const grid = style({ stroke: vars.border, strokeWidth: 1 });
export const axis = style({ stroke: vars.muted, strokeWidth: 1 });

export const legend = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem 1.25rem", listStyle: "none", padding: 0, margin: "0.5rem 0 0" });
export const legendItem = style({ display: "inline-flex", alignItems: "center", gap: "0.4rem" });
export const swatch = style({ flex: "none" });
export const note = style({ margin: "0.5rem 0 0", color: vars.muted });
