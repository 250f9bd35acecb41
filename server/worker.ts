// One web process of the portal: a cluster worker started by server/start.ts,
// which prepared the database and the environment. SIGTERM or SIGINT (or the
// primary disconnecting) stops it gracefully: no new connections, in-flight
// requests finish (up to SHUTDOWN_TIMEOUT_MS), then it exits.
import { startHttpServer } from "./http";

const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg, pid: process.pid, ...extra }));

const running = await startHttpServer();
log("web process listening", { port: process.env.PORT });

let stopping = false;
const stop = async (reason: string) => {
  if (stopping) return;
  stopping = true;
  log("web process stopping", { reason });
  await running.close(Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000));
  process.exit(0);
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
process.on("disconnect", () => void stop("primary gone"));
