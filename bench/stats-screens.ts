// The statistics screens the benches measure (docs/budgets.md#statistics), one
// line each: the page, its API endpoint and the XLSX download of its largest
// table. bench/run.ts weighs each page and endpoint against the minimal page;
// `npm run bench -- stats` (bench/stats.ts) holds them to their budgets on
// 10 000 or 100 000 applications. A new screen is one more line here.
export interface StatsScreen {
  name: string;
  /** The screen, as the demo admin sees it with the default filter. */
  page: string;
  /** Its API endpoint, when it has one of its own. */
  api?: string;
  /** The XLSX download of its largest table (every matching row). */
  xlsx?: string;
}

export const STATS_SCREENS: StatsScreen[] = [
  { name: "key indicators", page: "/admin/stats/key", api: "/api/stats/key", xlsx: "/admin/stats/key/export?export=xlsx" },
  { name: "per infrastructure", page: "/admin/stats/ri", api: "/api/stats/ri", xlsx: "/admin/stats/ri/export?export=xlsx" },
];
