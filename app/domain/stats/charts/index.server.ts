// The chart builders (docs/ui.md#charts), for a loader: it passes what they return to the screen's chart components.
export { barChart, stackedBarChart } from "./bar.server";
export { lineChart } from "./line.server";
export { timelineChart, TIMELINE_ROWS_MAX } from "./timeline.server";
