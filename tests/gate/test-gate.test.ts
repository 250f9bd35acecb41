// `npm test` must fail whenever a test fails, a runner crashes or reports no
// test (docs/decisions/034-test-gate.md). vitest is run here on fixture files,
// exactly as scripts/test.mjs runs it (the project's global setup included,
// whose embedded PostgreSQL once brought an exit hook that turned failures
// into exit status 0), and its status and report go through the same verdict.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { playwrightResult, verdict, vitestResult } from "../../scripts/test-verdict.mjs";

const repo = path.resolve(import.meta.dirname, "../..");

/** vitest as scripts/test.mjs runs it, on one fixture file: its exit status and JSON report. */
function runFixture(fixture: string): Promise<{ code: number | null; report: unknown }> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ta-gate-")), "vitest.json");
  // The child is a run of its own, not a worker of this one.
  const env = Object.fromEntries(Object.entries({ ...process.env, GATE_FIXTURE: fixture }).filter(([key]) => !key.startsWith("VITEST") && key !== "TEST" && key !== "NODE_ENV")) as Record<string, string | undefined>;
  const child = spawn(
    process.execPath,
    [path.join(repo, "node_modules/vitest/vitest.mjs"), "run", "--config", "tests/gate/fixture.config.ts", "--reporter=default", "--reporter=json", `--outputFile=${out}`],
    { cwd: repo, env: env as typeof process.env, stdio: "ignore" },
  );
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, "utf8")) : null;
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
      resolve({ code, report });
    });
  });
}

describe("vitest run as npm test runs it", () => {
  test("a suite with one failing test exits non-zero, and one that passes exits 0", { timeout: 180_000 }, async () => {
    const [failing, passing] = await Promise.all([runFixture("one-failing"), runFixture("all-passing")]);
    expect(failing.code).not.toBe(0);
    expect(verdict([vitestResult(failing.code, failing.report)]).ok).toBe(false);
    expect(passing.code).toBe(0);
    const passed = verdict([vitestResult(passing.code, passing.report)]);
    expect(passed.problems).toEqual([]);
    expect(passed.counts).toEqual({ passed: 1, failed: 0, skipped: 0 });
  });
});

describe("the verdict", () => {
  const vitestReport = (passed: number, failed: number) => ({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0, numTotalTests: passed + failed, numFailedTestSuites: 0, success: failed === 0 });
  const playwrightReport = (expected: number, unexpected: number) => ({ stats: { expected, unexpected, flaky: 0, skipped: 1 }, errors: [] });

  test("passes when every runner exits 0 and reports passing tests", () => {
    const v = verdict([vitestResult(0, vitestReport(3, 0)), playwrightResult("js-on", 0, playwrightReport(2, 0))]);
    expect(v).toEqual({ ok: true, problems: [], counts: { passed: 5, failed: 0, skipped: 1 } });
  });

  test.each([
    ["a failed vitest test whose runner exits 0", () => vitestResult(0, vitestReport(3, 1))],
    ["vitest exiting non-zero with no failed test", () => vitestResult(1, vitestReport(3, 0))],
    ["vitest writing no report", () => vitestResult(0, null)],
    ["vitest running no test", () => vitestResult(0, vitestReport(0, 0))],
    ["a test file that failed to load", () => vitestResult(0, { ...vitestReport(3, 0), numFailedTestSuites: 1 })],
    ["a failed browser test", () => playwrightResult("js-off", 0, playwrightReport(4, 1))],
    ["Playwright exiting non-zero", () => playwrightResult("js-off", 1, playwrightReport(4, 0))],
    ["Playwright writing no report", () => playwrightResult("js-off", 0, null)],
    ["Playwright running no test", () => playwrightResult("js-off", 0, playwrightReport(0, 0))],
    ["an error outside the browser tests", () => playwrightResult("js-off", 0, { ...playwrightReport(4, 0), errors: [{ message: "global setup failed" }] })],
  ])("fails on %s", (_name, result) => {
    const v = verdict([vitestResult(0, vitestReport(3, 0)), result()]);
    expect(v.ok).toBe(false);
    expect(v.problems.length).toBeGreaterThan(0);
  });
});
