// What a web process counts for Prometheus (docs/operations.md#metrics):
// requests per route pattern, database pools and query latency, the kept
// answers' hits and misses. They live in prom-client's global registry, which
// the portal's primary process gathers from every web process (server/metrics.ts)
// and serves on METRICS_PORT only: nothing is public by default.
import cluster from "node:cluster";
import client from "prom-client";

const register = client.register;

/** The metric named `name` in the global registry, made once (a module loaded twice, by tsx and the build, shares it). */
function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpRequests = once(
  "portal_http_requests_total",
  () => new client.Counter({ name: "portal_http_requests_total", help: "Requests answered, by method, route pattern and status", labelNames: ["method", "route", "status"] as const }),
);

export const httpDuration = once(
  "portal_http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

export const dbQueryDuration = once(
  "portal_db_query_duration_seconds",
  () =>
    new client.Histogram({
      name: "portal_db_query_duration_seconds",
      help: "Time of each database query, and whether it failed",
      labelNames: ["outcome"] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    }),
);

export const keptLookups = once(
  "portal_cache_lookups_total",
  () => new client.Counter({ name: "portal_cache_lookups_total", help: "Answers asked of the in-memory caches (app/cache): kept (hit) or read afresh (miss)", labelNames: ["result"] as const }),
);

/** What a database pool can say of itself (pg.Pool). */
export interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

// Weakly: a pool that is ended and dropped (a test's database) is not kept alive by its gauges.
// On globalThis: the server and the Remix build each bundle a copy of this module, and the
// gauge registered by the first copy must see the pools the other's databases made.
const POOLS = Symbol.for("ta-portal.metrics-pools");
const pools = ((globalThis as Record<symbol, unknown>)[POOLS] ??= new Set<WeakRef<PoolFigures>>()) as Set<WeakRef<PoolFigures>>;

/** Counts `pool`'s connections in the database pool gauges while it lives. */
export function watchPool(pool: PoolFigures): void {
  pools.add(new WeakRef(pool));
}

once(
  "portal_db_pool_connections",
  () =>
    new client.Gauge({
      name: "portal_db_pool_connections",
      help: "Database pool connections: in use, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      collect() {
        let total = 0;
        let idle = 0;
        let waiting = 0;
        for (const ref of pools) {
          const p = ref.deref();
          if (!p) {
            pools.delete(ref);
            continue;
          }
          total += p.totalCount;
          idle += p.idleCount;
          waiting += p.waitingCount;
        }
        this.set({ state: "in_use" }, total - idle);
        this.set({ state: "idle" }, idle);
        this.set({ state: "waiting" }, waiting);
      },
    }),
);

let defaults = false;
/**
 * The process's own figures (CPU, memory, event loop, handles), once per
 * process; a cluster worker (a web process) also answers the primary's
 * requests for its figures, which prom-client sets up with its first AggregatorRegistry.
 */
export function collectProcessMetrics(): void {
  if (defaults || register.getSingleMetric("process_cpu_seconds_total")) return;
  defaults = true;
  client.collectDefaultMetrics();
  if (cluster.isWorker) new client.AggregatorRegistry();
}

const NUMERIC = /^\d+$/;
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-|^[A-Za-z0-9_-]{24,}$/i;
/** Distinct route labels a process counts; beyond, new ones are "other" (a scan of random paths must not grow the registry). */
export const ROUTE_LABELS_MAX = 300;
const seen = new Set<string>();

/**
 * The route pattern a request's path stands for: numbers become `:id`, long
 * tokens `:token`, the query goes; a 404 is "unmatched". At most
 * ROUTE_LABELS_MAX patterns per process.
 */
export function routeLabel(url: string, status: number): string {
  if (status === 404) return "unmatched";
  const path = url.split(/[?#]/, 1)[0] || "/";
  const pattern =
    path
      .split("/")
      .map((part) => (NUMERIC.test(part) ? ":id" : TOKEN.test(part) ? ":token" : part.length > 64 ? ":long" : part))
      .join("/")
      .replace(/\/+$/, "") || "/";
  if (seen.has(pattern)) return pattern;
  if (seen.size >= ROUTE_LABELS_MAX) return "other";
  seen.add(pattern);
  return pattern;
}

/** One answered request, counted under its route pattern (routeLabel, or an API operation's path). */
export function countRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}
