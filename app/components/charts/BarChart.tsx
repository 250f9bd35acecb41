import type { BarChartData } from "~/lib/charts/types";
import * as css from "./Chart.css";
import { ChartFigure, FillSwatch, seriesFill, XAxis } from "./ChartFigure";

/** Horizontal bars, stacked with several series, as `barChart` or `stackedBarChart` worked them out in the loader (docs/ui.md#charts). */
export function BarChart({ chart }: { chart: BarChartData }) {
  const left = chart.ticks[0]?.at ?? 0;
  return (
    <ChartFigure chart={chart} swatch={(s) => <FillSwatch id={chart.id} series={s} />}>
      <XAxis ticks={chart.ticks} top={chart.plotTop} bottom={chart.plotBottom} labelY={chart.axisY} />
      <line x1={left} x2={left} y1={chart.plotTop} y2={chart.plotBottom} className={css.axis} />
      {chart.rows.map((r, i) => (
        <g key={i}>
          <text x={left} y={r.labelY} className={css.label}>
            {r.label}
          </text>
          {r.segments.map((s) => (
            <rect key={s.series} x={s.x} y={r.y} width={s.width} height={r.height} fill={seriesFill(chart.id, s.series)} className={css.segment} />
          ))}
          {r.segments.map((s) =>
            s.text === null ? null : (
              <text key={s.series} x={s.x + s.width / 2} y={r.y + r.height / 2} dominantBaseline="central" textAnchor="middle" className={css.onBar}>
                {s.text}
              </text>
            ),
          )}
          <text x={r.totalX} y={r.y + r.height / 2} dominantBaseline="central" className={css.label}>
            {r.total}
          </text>
        </g>
      ))}
    </ChartFigure>
  );
}
