import type { ReactNode } from "react";
import type { ChartBase, ChartTick } from "~/lib/charts/types";
import * as css from "./Chart.css";

/** The id of series `series`'s pattern in chart `id`. */
export const patternId = (id: string, series: number) => `${id}-series-${series}`;

/**
 * The series' fills: a colour each, and over it a pattern of the surface's
 * colour (none, stripes, dots, cross-hatching), so two series differ without
 * their colours too.
 */
function Patterns({ id }: { id: string }) {
  return (
    <defs>
      {[0, 1, 2, 3].map((s) => (
        <pattern key={s} id={patternId(id, s)} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform={s === 1 ? "rotate(45)" : undefined}>
          <rect width="8" height="8" className={css.fill[s]} />
          {s === 1 ? <rect x="0" y="0" width="2.5" height="8" className={css.patternMark} /> : null}
          {s === 2 ? <circle cx="4" cy="4" r="1.6" className={css.patternMark} /> : null}
          {s === 3 ? <path d="M0 4H8M4 0V8" strokeWidth="1.4" className={css.patternMark} /> : null}
        </pattern>
      ))}
    </defs>
  );
}

/** A series' fill: its pattern. */
export const seriesFill = (id: string, series: number) => `url(#${patternId(id, series)})`;

/**
 * A chart: its title and description above (they name the image for a screen
 * reader: role img, aria-labelledby), the SVG the component draws, and the
 * legend of its series below, as text with each series' swatch.
 */
export function ChartFigure({ chart, swatch, note, children }: {
  chart: ChartBase;
  /** How a series shows in the legend (a patterned square, or a line with its marker). */
  swatch: (series: number) => ReactNode;
  /** A line under the legend (what the drawing left out). */
  note?: string;
  children: ReactNode;
}) {
  const titleId = `${chart.id}-title`;
  const descriptionId = `${chart.id}-description`;
  return (
    <figure className={css.figure}>
      <figcaption className={css.caption}>
        <p id={titleId} className={css.title}>
          {chart.title}
        </p>
        <p id={descriptionId} className={css.description}>
          {chart.description}
        </p>
      </figcaption>
      <svg role="img" aria-labelledby={`${titleId} ${descriptionId}`} viewBox={`0 0 ${chart.width} ${chart.height}`} className={css.svg} focusable="false">
        <Patterns id={chart.id} />
        {children}
      </svg>
      {chart.legend.length ? (
        <ul className={css.legend}>
          {chart.legend.map((l) => (
            <li key={l.series} className={css.legendItem}>
              <svg width="28" height="16" viewBox="0 0 28 16" aria-hidden="true" focusable="false" className={css.swatch}>
                {swatch(l.series)}
              </svg>
              {l.label}
            </li>
          ))}
        </ul>
      ) : null}
      {note ? <p className={css.note}>{note}</p> : null}
    </figure>
  );
}

/** A time or value axis along x: grid lines from `top` to `bottom`, labels under at `labelY`. */
export function XAxis({ ticks, top, bottom, labelY }: { ticks: ChartTick[]; top: number; bottom: number; labelY: number }) {
  return (
    <g>
      {ticks.map((t, i) => (
        <g key={i}>
          <line x1={t.at} x2={t.at} y1={top} y2={bottom} className={css.grid} />
          <text x={t.at} y={labelY} textAnchor={t.anchor} className={css.small}>
            {t.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The legend's square of a filled series. */
export const FillSwatch = ({ id, series }: { id: string; series: number }) => <rect x="2" y="1" width="24" height="14" fill={seriesFill(id, series)} />;
