// The lint rule that keeps server code and the full zod out of the modules
// the browser bundles (eslint.config.js) is itself tested: it must flag them
// in shared code and leave type-only imports and server modules alone.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();
const problems = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").length;

describe("browser bundle guard", () => {
  it.each([
    ['import { z } from "zod";\nexport const s = z.string();', "app/components/Example.tsx"],
    ['import { createRoute } from "@hono/zod-openapi";\nexport const r = createRoute;', "app/domain/example.ts"],
    ['import { getDb } from "~/db/database.server";\nexport const d = getDb;', "app/lib/example.ts"],
    ['import { api } from "~/api/client.server";\nexport const a = api;', "app/forms/example.ts"],
    ['import fs from "node:fs";\nexport const f = fs;', "app/components/Example.tsx"],
  ])("flags %s in %s", async (code, file) => {
    expect(await problems(code, file)).toBe(1);
  });

  it("allows zod/mini, type-only imports and anything in server modules", async () => {
    expect(await problems('import * as z from "zod/mini";\nexport const s = z.string();', "app/domain/example.ts")).toBe(0);
    expect(await problems('import type { Success } from "~/api/contract";\nexport type S = Success<never>;', "app/components/Example.tsx")).toBe(0);
    expect(await problems('import { z } from "zod";\nexport const s = z.string();', "app/domain/example.server.ts")).toBe(0);
  });
});
