// The layer rule (scripts/eslint-layers.js, docs/decisions/035-layers.md) is
// itself tested: it must flag an import that runs back up, whether the path is
// ~/… or relative and whether it imports values or types, and leave the
// arrows that run down alone.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();
const problems = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.filter((m) => m.ruleId === "layers/imports").map((m) => m.message);

describe("layer rule", () => {
  it.each([
    ['import type { IntakeAction } from "~/forms/intake-form.server";\nexport type A = IntakeAction;', "app/components/Example.tsx"],
    ['import type { loader } from "~/routes/_index";\nexport type L = typeof loader;', "app/components/Example.tsx"],
    ['import type { ApiUser } from "~/api/users/contract";\nexport type U = ApiUser;', "app/domain/example.server.ts"],
    ['import type { ApiEnv } from "../../api/context";\nexport type E = ApiEnv;', "app/domain/reviews/example.server.ts"],
    ['export { api } from "~/api/client.server";', "app/db/example.server.ts"],
    ['import { apiApp } from "~/api/wiring.server";\nexport const a = apiApp;', "app/forms/example.server.ts"],
    ['import { getDb } from "~/db/database.server";\nexport const d = getDb;', "app/routes/example.tsx"],
    ['import { changeStatus } from "~/domain/intake/status-change.server";\nexport const c = changeStatus;', "app/forms/example.server.ts"],
    ['import { openReport } from "../reporting/open-report.server";\nexport const o = openReport;', "app/domain/mail/example.server.ts"],
    ['export const load = () => import("~/api/app.server");', "app/auth/example.server.ts"],
  ])("flags %s in %s", async (code, file) => {
    expect(await problems(code, file)).toHaveLength(1);
  });

  it("leaves the arrows that run down alone", async () => {
    const down: [string, string][] = [
      ['import { api } from "~/api/client.server";\nimport { usersMe } from "~/api/users/contract";\nexport const a = [api, usersMe];', "app/forms/example.server.ts"],
      ['import { readForm } from "~/forms/read-form.server";\nimport { Field } from "~/components/Field";\nexport const f = [readForm, Field];', "app/routes/example.tsx"],
      ['import type { Success } from "~/api/contract";\nimport { roleLabel } from "~/domain/users/roles";\nexport type S = Success<never>;\nexport const r = roleLabel;', "app/components/Example.tsx"],
      ['import type { Db } from "~/db/database.server";\nimport { AppError } from "../errors";\nexport type D = Db;\nexport const e = AppError;', "app/domain/reviews/example.server.ts"],
      ['import { requireUser } from "~/auth/user.server";\nexport const r = requireUser;', "app/routes/example.tsx"],
      // A group's further contracts: <name>.contract beside contract.ts.
      ['import { users } from "~/api/stats/users.contract";\nexport const u = users;', "app/routes/example.tsx"],
    ];
    for (const [code, file] of down) expect(await problems(code, file), file).toEqual([]);
  });

  it("flags a query written in an API handler, not one in the domain", async () => {
    const code = 'export const live = (db: any, id: number) => db.selectFrom("applications").select("id").where("id", "=", id).executeTakeFirst();';
    const queries = async (filePath: string) => (await eslint.lintText(code, { filePath }))[0].messages.filter((m) => m.ruleId === "no-restricted-syntax");
    expect(await queries("app/api/example/routes.ts")).toHaveLength(1);
    expect(await queries("app/domain/example/read.server.ts")).toHaveLength(0);
  });
});
