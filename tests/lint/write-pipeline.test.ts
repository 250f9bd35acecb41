// Every write stays on the one write pipeline (docs/decisions/015-one-write-pipeline.md):
// read from the sources, no module but app/domain/write.server.ts compares an
// updated_at for staleness (claimVersion does), no module but
// app/domain/applications/transition.server.ts updates an application's
// status (applyTransition does), and no module but the database's own
// (app/db/data-version.server.ts) signals a write by hand.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const CLAIMS = "app/domain/write.server.ts";
const TRANSITIONS = "app/domain/applications/transition.server.ts";
const DATA_VERSION = "app/db/data-version.server.ts";

/** The portal's modules (tests aside), as paths from the repository root. */
function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(file);
    }
  };
  walk("app");
  walk("server");
  return found;
}

/** The statements of `code` that start at `start` (an update of the applications), up to their end. */
const statementsFrom = (code: string, start: RegExp): string[] =>
  [...code.matchAll(start)].map((m) => {
    const rest = code.slice(m.index);
    const end = rest.search(/\.execute\w*\(|;/);
    return end < 0 ? rest : rest.slice(0, end);
  });

/** Where `code` updates an application's status: through Kysely or in SQL. */
function statusUpdates(code: string): string[] {
  const kysely = statementsFrom(code, /updateTable\(\s*["'`]applications(?:\s+as\s+\w+)?["'`]\s*\)/g).filter((s) => /[{,\s]["']?status["']?\s*:/.test(s));
  const raw = [...code.matchAll(/update\s+applications\b[^;`]*?\bset\b[^;`]*?(?<![\w.])status\s*=/gi)].map((m) => m[0]);
  return [...kysely, ...raw];
}

/** Where `code` compares an updated_at itself: a WHERE on it, or two versions' times. */
function versionComparisons(code: string): string[] {
  const patterns = [
    // .where("updated_at", "=", version), .where("r.updated_at", "!=", …)
    /where\(\s*["'`](?:\w+\.)?updated_at["'`]\s*,\s*["'`](?:=|!=|<>|is)["'`]/g,
    // new Date(row.updated_at).getTime() !== at.getTime(), and the other way round
    /[^\n;]*updated_at[^\n;]*getTime\(\)\s*[!=]==[^\n;]*/g,
    /[^\n;]*[!=]==[^\n;]*updated_at[^\n;]*getTime\(\)[^\n;]*/g,
    // sql`… updated_at = ${version}`, max(updated_at) <> …
    /updated_at\)?\s*(?:=|<>|!=)\s*\$\{/g,
  ];
  return [...new Set(patterns.flatMap((p) => [...code.matchAll(p)].map((m) => m[0].trim())))];
}

/** Where `code` tells the kept answers of a write by hand. */
const handSignals = (code: string): string[] => [...code.matchAll(/\b(?:dataChanged|contentChanged)\(\)/g)].map((m) => m[0]);

const offences = (allowed: string, find: (code: string) => string[]) =>
  sources()
    .filter((file) => file !== allowed)
    .flatMap((file) => find(fs.readFileSync(path.join(ROOT, file), "utf8")).map((what) => `${file}: ${what}`));

describe("the one write pipeline", () => {
  it("leaves the version check to claimVersion: no other module compares an updated_at", () => {
    expect(offences(CLAIMS, versionComparisons)).toEqual([]);
  });

  it("leaves an application's status to applyTransition: no other module updates it", () => {
    expect(offences(TRANSITIONS, statusUpdates)).toEqual([]);
  });

  it("leaves the after-commit signal to the database: no module signals a write by hand", () => {
    expect(offences(DATA_VERSION, handSignals)).toEqual([]);
  });

  it("finds what it forbids, as the writes wrote it before the pipeline", () => {
    expect(statusUpdates('await trx\n  .updateTable("applications")\n  .set({ status: to, updated_at: versionNow() })\n  .where("id", "=", id)\n  .execute();')).toHaveLength(1);
    expect(statusUpdates('await sql`update applications set status = ${to} where id = ${id}`.execute(db);')).toHaveLength(1);
    expect(statusUpdates('await trx.updateTable("applications").set({ sm_decision_date: null, updated_at: versionNow() }).where("id", "=", id).execute();')).toEqual([]);
    expect(statusUpdates('await trx.updateTable("accesses").set({ status: "proposed" }).where("id", "=", id).execute();')).toEqual([]);
    expect(versionComparisons('if (new Date(row.updated_at).getTime() !== at.getTime()) throw new AppError(409, STALE);')).toHaveLength(1);
    expect(versionComparisons('update(db).where("deleted_at", "is", null).where("updated_at", "=", version).executeTakeFirst()')).toHaveLength(1);
    expect(versionComparisons('sql`select 1 from calls where id = ${id} and updated_at = ${at}`')).toHaveLength(1);
    expect(versionComparisons('.set({ title, updated_at: versionNow() })')).toEqual([]);
    expect(handSignals("  contentChanged();\n  dataChanged();")).toHaveLength(2);
  });
});
