// Keeping the portal up (ADR 013): web processes that die are started again,
// with a backoff so a process that crashes at start cannot spin; a service
// (the embedded PostgreSQL) that stops answering is restarted.

import os from "node:os";

export type LogFn = (msg: string, extra?: Record<string, unknown>) => void;

/** What superviseProcesses needs of a child: a cluster Worker or a ChildProcess both fit. */
export interface Supervised {
  once(event: "exit", listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  kill(signal?: NodeJS.Signals): unknown;
}

export interface ProcessSupervisorOptions<P extends Supervised> {
  count: number;
  /** Starts one process; `slot` is its index (0 … count−1). */
  start: (slot: number) => P;
  log: LogFn;
  /** First restart delay; doubled for each crash that follows quickly, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A process that ran this long is considered healthy: its next crash restarts at the first delay again. */
  stableMs?: number;
  /**
   * A standby: a process started ahead, which prepares itself and serves only
   * once activated. When a process dies, the standby takes its slot at once
   * (no start-up time, no backoff) and a new standby is started behind it.
   */
  standby?: {
    start: () => P;
    /** Tells a standby to serve (a cluster worker: SERVE_MESSAGE). */
    activate: (process: P) => void;
  };
}

/** The message that tells a standby web process to serve. */
export const SERVE_MESSAGE = "ta-portal:serve";

export interface ProcessSupervisor<P> {
  processes: () => P[];
  /** Stops restarting and signals every process; resolves when all have exited or after timeoutMs. */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<void>;
}

/** Restart delay after `crashes` quick crashes in a row. */
/** WEB_CONCURRENCY as a count of web processes: one per core when unset (docs/budgets.md#page-cost), at least 1. */
export function webConcurrency(value: string | undefined, cores = os.availableParallelism()): number {
  if (value === undefined || value.trim() === "") return cores;
  return Math.max(1, Math.floor(Number(value)) || 1);
}

export const backoffDelay = (crashes: number, base: number, max: number) => Math.min(max, base * 2 ** Math.max(0, crashes - 1));

export function superviseProcesses<P extends Supervised>(options: ProcessSupervisorOptions<P>): ProcessSupervisor<P> {
  const { count, start, log } = options;
  const base = options.backoffMs ?? 250;
  const max = options.maxBackoffMs ?? 10_000;
  const stableMs = options.stableMs ?? 30_000;
  const running = new Map<number, P>();
  const crashes = new Map<number, number>();
  const timers = new Set<NodeJS.Timeout>();
  const exited = new Set<() => void>();
  let stopping = false;
  let standby: P | undefined;
  let standbyCrashes = 0;

  const later = (delay: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) run();
    }, delay);
    timers.add(timer);
  };

  /** `child` serves in `slot`; when it exits, the standby takes over, or a new process starts after the backoff. */
  const serve = (slot: number, child: P, startedAt: number) => {
    running.set(slot, child);
    child.once("exit", (code, signal) => {
      running.delete(slot);
      for (const notify of exited) notify();
      if (stopping) return;
      const quick = Date.now() - startedAt < stableMs;
      const n = quick ? (crashes.get(slot) ?? 0) + 1 : 1;
      crashes.set(slot, n);
      const ready = standby;
      if (ready && options.standby) {
        standby = undefined;
        options.standby.activate(ready);
        serve(slot, ready, Date.now());
        const delay = backoffDelay(n, base, max);
        log("web process exited; the standby took over", { slot, code, signal, next_standby_in_ms: delay, crashes_in_a_row: n });
        later(delay, launchStandby);
        return;
      }
      const delay = backoffDelay(n, base, max);
      log("web process exited; restarting", { slot, code, signal, restart_in_ms: delay, crashes_in_a_row: n });
      later(delay, () => serve(slot, start(slot), Date.now()));
    });
  };

  /** Starts the standby; one that dies before it is needed is started again after the backoff. */
  function launchStandby() {
    if (!options.standby || standby) return;
    const startedAt = Date.now();
    const child = options.standby.start();
    standby = child;
    child.once("exit", (code, signal) => {
      if (standby !== child) return;
      standby = undefined;
      for (const notify of exited) notify();
      if (stopping) return;
      standbyCrashes = Date.now() - startedAt < stableMs ? standbyCrashes + 1 : 1;
      const delay = backoffDelay(standbyCrashes, base, max);
      log("standby web process exited; restarting it", { code, signal, restart_in_ms: delay, crashes_in_a_row: standbyCrashes });
      later(delay, launchStandby);
    });
  }

  for (let slot = 0; slot < count; slot++) serve(slot, start(slot), Date.now());
  launchStandby();

  return {
    processes: () => [...running.values(), ...(standby ? [standby] : [])],
    stop: (signal = "SIGTERM", timeoutMs = 15_000) => {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        const check = () => {
          if (running.size > 0 || standby) return;
          exited.delete(check);
          clearTimeout(deadline);
          resolve();
        };
        const deadline = setTimeout(() => {
          for (const child of running.values()) child.kill("SIGKILL");
          standby?.kill("SIGKILL");
          exited.delete(check);
          resolve();
        }, timeoutMs);
        exited.add(check);
        for (const child of running.values()) child.kill(signal);
        standby?.kill(signal);
        check();
      });
    },
  };
}

export interface ServiceWatchOptions {
  name: string;
  /** True when the service answers; should settle within intervalMs. */
  check: () => Promise<boolean>;
  /** Starts the service again (in the same place, on the same port). */
  restart: () => Promise<void>;
  log: LogFn;
  intervalMs?: number;
  /** Failed checks in a row before a restart. */
  failures?: number;
}

/** Checks a service every intervalMs and restarts it after `failures` failed checks in a row. */
export function watchService(options: ServiceWatchOptions): { stop: () => void } {
  const { name, check, restart, log } = options;
  const intervalMs = options.intervalMs ?? 3_000;
  const threshold = options.failures ?? 2;
  let failed = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    if (stopped) return;
    const ok = await check().catch(() => false);
    if (stopped) return;
    if (ok) {
      if (failed >= threshold) log(`${name} answers again`);
      failed = 0;
    } else if (++failed >= threshold) {
      log(`${name} is not answering; restarting it`, { failed_checks: failed });
      try {
        await restart();
        log(`${name} restarted`);
      } catch (err) {
        log(`${name} restart failed; trying again`, { err: String((err as Error)?.message ?? err) });
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
