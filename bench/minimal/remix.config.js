// The reference page of docs/budgets.md#page-cost: a minimal Remix 2 app (classic compiler,
// the portal's settings), a root and one route rendering a 20-item list, no
// loader. bench/run.ts builds it and serves it with the portal's own server
// (server/worker.ts with PORTAL_ROOT=bench/minimal), so the ratio measures
// what the portal's pages cost, not the server around them.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
