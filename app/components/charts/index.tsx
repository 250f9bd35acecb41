// The statistics' charts (docs/ui.md#charts): components that draw what a
// loader's chart builder (app/lib/charts/index.server.ts) worked out.
import type { ChartData } from "~/lib/charts/types";
import { BarChart } from "./BarChart";
import { LineChart } from "./LineChart";
import { TimelineChart } from "./TimelineChart";

export { BarChart, LineChart, TimelineChart };

/** Any chart, drawn by its kind's component. */
export function Chart({ chart }: { chart: ChartData }) {
  if (chart.kind === "bar") return <BarChart chart={chart} />;
  if (chart.kind === "line") return <LineChart chart={chart} />;
  return <TimelineChart chart={chart} />;
}
