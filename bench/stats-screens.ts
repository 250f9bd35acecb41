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
  { name: "ranking", page: "/admin/stats", api: "/api/applications/report", xlsx: "/admin/stats/export?export=xlsx" },
  { name: "key indicators", page: "/admin/stats/key", api: "/api/stats/key", xlsx: "/admin/stats/key/export?export=xlsx" },
  { name: "per infrastructure", page: "/admin/stats/ri", api: "/api/stats/ri", xlsx: "/admin/stats/ri/export?export=xlsx" },
  { name: "project", page: "/admin/stats/project", api: "/api/stats/project", xlsx: "/admin/stats/project/export?export=xlsx" },
  { name: "costs", page: "/admin/stats/project-financial", api: "/api/stats/project-financial", xlsx: "/admin/stats/project-financial/export?export=xlsx" },
  { name: "users", page: "/admin/stats/users", api: "/api/stats/users", xlsx: "/admin/stats/users/export?export=xlsx" },
  { name: "feedback", page: "/admin/stats/feedback", api: "/api/stats/feedback", xlsx: "/admin/stats/feedback/export?export=xlsx&table=answers" },
  { name: "publications", page: "/admin/stats/publications", api: "/api/applications/publications", xlsx: "/admin/stats/publications/export?export=xlsx&table=list" },
  { name: "evolutions", page: "/admin/stats/proposal", api: "/api/applications/evolutions", xlsx: "/admin/stats/proposal/export?export=xlsx" },
  { name: "evaluations", page: "/admin/stats/evaluations", api: "/api/stats/evaluations", xlsx: "/admin/stats/evaluations/export?export=xlsx&table=workload" },
  { name: "timeline", page: "/admin/stats/timeline", api: "/api/stats/timeline", xlsx: "/admin/stats/timeline/export?export=xlsx" },
  { name: "data management plans", page: "/admin/stats/dmp", api: "/api/stats/dmp", xlsx: "/admin/stats/dmp/export?export=xlsx" },
  { name: "invitations", page: "/admin/stats/invitation", api: "/api/invitations/report", xlsx: "/admin/stats/invitation/export?export=xlsx" },
  { name: "funder report", page: "/admin/stats/funder-report", api: "/api/stats/funder-report", xlsx: "/admin/stats/funder-report/export?export=xlsx" },
];
