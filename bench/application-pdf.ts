// `npm run bench -- application-pdf`: the application as a PDF
// (docs/budgets.md#application-pdf: p50 under 300 ms) through the whole stack,
// /application/{id}/pdf as the demo editor, on 10 000 applications
// (bench/data.ts; BENCH_APPLICATIONS for another count): a typical submitted
// application (a group of three or more, two or more accesses, their costs),
// the demo portal's logo at its head.
//
// Writes bench/results/application-pdf-latest.json. BENCH_PORT (3200),
// BENCH_SECONDS (4) per concurrent measurement, BENCH_WEB_CONCURRENCY (one per core: ADR 029).
import { sql } from "kysely";
import { portalWithApplications } from "./data";
import { weighPdf } from "./pdf-download";
import { signIn, WEB_CONCURRENCY } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const BUDGET = { p50_ms: 300 };

export async function main() {
  const { portal, db, data, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {
    const app = await db
      .selectFrom("applications as a")
      .select("a.id")
      .where("a.status", "in", ["under-evaluation", "granted", "accepted", "reporting"])
      .where(sql<boolean>`jsonb_array_length(coalesce(a.draft->'group'->'members', '[]'::jsonb)) >= 3`)
      .where(sql<boolean>`(select count(*) from accesses x where x.application_id = a.id) >= 2`)
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const cookie = await signIn(BASE, "editor");
    await weighPdf({
      name: "application-pdf", url: `${BASE}/application/${app.id}/pdf`, cookie, portalPid: portal.pid!, seconds: SECONDS, budget: BUDGET,
      within: (sequential) => sequential.median_ms < BUDGET.p50_ms,
      extra: { web_concurrency: Number(WEB_CONCURRENCY), data, application_id: app.id },
    });
  } finally {
    await close();
  }
}
