import { defineConfig } from "@playwright/test";

// Browser tests against the real portal (embedded PostgreSQL, development
// identity provider), run twice: with JavaScript and without (SPEC §8: every
// screen works without JS).
// E2E_PORT lets several suites run side by side (the provider takes the next port).
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "tests/e2e",
  workers: 1,
  fullyParallel: false,
  // One retry everywhere, CI or not: a test that fails twice fails the run, and
  // one that passes on its retry is counted and named as flaky by
  // scripts/test.mjs. Seen once in four full runs: public.spec.ts's refused form
  // logged a hydration mismatch (React #418) with JavaScript on.
  retries: 1,
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_NAME (under test-results/) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  // A whole test's budget. These shared 2-core machines vary: on 28 November
  // 2026 one ran at 0.4 of its usual speed (the minimal page's CPU, bench/), and
  // two journeys with JavaScript on ran out of 30 s there, their retries too,
  // while still moving on. Each step keeps its own 10 s (expect), so a test
  // still fails on what it checks.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's chromium only: never a downloaded browser (scripts/test.mjs honours CHROMIUM_PATH too).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/start-server.ts",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
