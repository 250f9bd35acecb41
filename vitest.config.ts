import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "tests/lint/**/*.test.ts", "idp/**/*.test.ts", "server/**/*.test.ts", "tests/gate/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: "forks",
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
  },
});
