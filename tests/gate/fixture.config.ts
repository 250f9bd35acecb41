// The project's vitest configuration (its global setup included: the embedded
// PostgreSQL and the identity provider) narrowed to one fixture file, named by
// GATE_FIXTURE. tests/gate/test-gate.test.ts runs it the way `npm test` runs vitest.
import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

export default defineConfig({
  ...base,
  test: { ...base.test, include: [`tests/gate/fixtures/${process.env.GATE_FIXTURE ?? "none"}.fixture.ts`] },
});
