import type { LineChartData } from "~/lib/charts/types";
import * as css from "./Chart.css";
import { ChartFigure, XAxis } from "./ChartFigure";

/** Lines over time, as `lineChart` worked them out in the loader (docs/ui.md#charts). */
export function LineChart({ chart }: { chart: LineChartData }) {
  const { plot } = chart;
  const markers = new Map(chart.lines.map((l) => [l.series, l.marker]));
  return (
    <ChartFigure
      chart={chart}
      swatch={(s) => (
        <>
          <line x1="1" x2="27" y1="8" y2="8" className={css.stroke[s]} />
          <path d={markers.get(s)} transform="translate(14 8)" className={css.fill[s]} />
        </>
      )}
    >
      <XAxis ticks={chart.xTicks} top={plot.top} bottom={plot.bottom} labelY={chart.axisY} />
      {chart.yTicks.map((t, i) => (
        <g key={i}>
          <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} className={css.grid} />
          <text x={chart.valueLabelX} y={t.at} dominantBaseline="central" textAnchor="end" className={css.small}>
            {t.label}
          </text>
        </g>
      ))}
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className={css.axis} />
      {chart.lines.map((l) => (
        <g key={l.series}>
          <path d={l.d} className={css.stroke[l.series]} />
          {l.points.map((p, i) => (
            <path key={i} d={l.marker} transform={`translate(${p.x} ${p.y})`} className={css.fill[l.series]} />
          ))}
          <text x={l.endLabel.x} y={l.endLabel.y} className={css.small}>
            {l.endLabel.text}
          </text>
        </g>
      ))}
    </ChartFigure>
  );
}
