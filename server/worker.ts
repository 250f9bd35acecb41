// One web process of the portal: a cluster worker started by server/start.ts,
// which prepared the database and the environment. SIGTERM or SIGINT (or the
// primary disconnecting) stops it gracefully: no new connections, in-flight
// requests finish (up to SHUTDOWN_TIMEOUT_MS), then it exits.
// Started as the standby (WEB_STANDBY=yes), it loads everything and waits for
// the primary's word to serve (server/supervise.ts): it replaces a web process
// that died without that one's start-up time.
import { startHttpServer, type RunningServer } from "./http";
import { SERVE_MESSAGE } from "./supervise";

const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg, pid: process.pid, ...extra }));

/** The server once loaded; a stop before that has nothing to close. */
const web: { running?: RunningServer } = {};
let stopping = false;
const stop = async (reason: string) => {
  if (stopping) return;
  stopping = true;
  log("web process stopping", { reason });
  await web.running?.close(Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000));
  process.exit(0);
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
process.on("disconnect", () => void stop("primary gone"));

const standby = process.env.WEB_STANDBY === "yes";
const serveWhen = standby
  ? new Promise<void>((resolve) => process.on("message", (message) => (message as { type?: string } | null)?.type === SERVE_MESSAGE && resolve()))
  : undefined;
if (standby) log("web process standing by");
web.running = await startHttpServer(process.env, { serveWhen });
log("web process listening", { port: process.env.PORT, took_over: standby });
