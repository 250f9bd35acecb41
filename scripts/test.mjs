#!/usr/bin/env node
// `npm test`: everything CI runs, in order. Installs Debian's chromium when it
// is missing (browser tests never download a browser), then type-checks, lints,
// runs the unit and API tests (vitest, real embedded PostgreSQL) and the browser
// tests (Playwright, JavaScript on and off), and prints one closing count line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const run = (cmd, args, opts = {}) => {
  console.log(`\n$ ${[cmd, ...args].join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  return r.status ?? 1;
};

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(path)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${path}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    return false;
  }
  return run("apt-get", ["update"]) === 0 && run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]) === 0;
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
fs.mkdirSync("test-results", { recursive: true });

let status = run("npx", ["tsc", "--noEmit"]);
status ||= run("npx", ["eslint", "."]);

const vitestOut = "test-results/vitest.json";
fs.rmSync(vitestOut, { force: true });
const vitest = status ? 1 : run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${vitestOut}`]);
const v = readJson(vitestOut);
if (v) {
  counts.passed += v.numPassedTests;
  counts.failed += v.numFailedTests;
  counts.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
}
status ||= vitest;

const e2eOut = "test-results/playwright.json";
fs.rmSync(e2eOut, { force: true });
if (!status && !ensureChromium()) status = 1;
const e2e = status ? 1 : run("npx", ["playwright", "test"], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut } });
const p = readJson(e2eOut);
if (p?.stats) {
  counts.passed += p.stats.expected + (p.stats.flaky ?? 0);
  counts.failed += p.stats.unexpected;
  counts.skipped += p.stats.skipped;
}
status ||= e2e;

console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(status);
