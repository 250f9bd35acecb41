import type { TimelineChartData } from "~/lib/charts/types";
import * as css from "./Chart.css";
import { ChartFigure, FillSwatch, seriesFill, XAxis } from "./ChartFigure";

/**
 * The access calendar, as `timelineChart` worked it out in the loader
 * (docs/ui.md#charts). `omitted` is the line said under it when the drawing
 * left rows out (the screen words it: the table has them all).
 */
export function TimelineChart({ chart, omitted }: { chart: TimelineChartData; omitted?: string }) {
  return (
    <ChartFigure chart={chart} swatch={(s) => <FillSwatch id={chart.id} series={s} />} note={chart.omitted > 0 ? omitted : undefined}>
      <XAxis ticks={chart.ticks} top={chart.plotTop} bottom={chart.plotBottom} labelY={chart.axisY} />
      {chart.groups.map((g, i) => (
        <g key={i}>
          <text x="8" y={g.y} className={css.groupLabel}>
            {g.label}
          </text>
          <line x1="8" x2={chart.width - 8} y1={g.ruleY} y2={g.ruleY} className={css.axis} />
        </g>
      ))}
      {chart.rows.map((r, i) => (
        <g key={i}>
          <text x="8" y={r.labelY} className={css.label}>
            {r.label}
          </text>
          <text x={chart.width - 8} y={r.labelY} textAnchor="end" className={css.small}>
            {r.dates}
          </text>
          <rect x={r.x} y={r.y} width={r.width} height={r.height} fill={seriesFill(chart.id, r.series)} />
        </g>
      ))}
    </ChartFigure>
  );
}
