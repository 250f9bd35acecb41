// `npm run bench -- grant-letter`: the
// grant letter PDF (docs/budgets.md#grant-letter: under 300 ms) through the whole stack,
// /application/{id}/grant-letter as the demo editor, on 10 000 applications
// (bench/data.ts; BENCH_APPLICATIONS for another count): a granted application
// whose two infrastructures accepted, the demo portal's logo in the letter.
// Measured one request at a time (what a reader waits: p50 and p95 under
// 300 ms), then with 10 concurrent clients (p50, p95, CPU per request).
//
// Writes bench/results/grant-letter-latest.json. BENCH_PORT (3200),
// BENCH_SECONDS (4) per concurrent measurement, BENCH_WEB_CONCURRENCY (one per core: ADR 029).
import { portalWithApplications } from "./data";
import { weighPdf } from "./pdf-download";
import { signIn, WEB_CONCURRENCY } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const BUDGET = { p95_ms: 300 };

export async function main() {
  const { portal, db, data, close } = await portalWithApplications(PORT, APPLICATIONS, { WEB_CONCURRENCY });
  try {
    // A granted application with at least two infrastructures, both accepting with their figures.
    const app = await db
      .selectFrom("applications as a")
      .innerJoin("application_infrastructures as ai", "ai.application_id", "a.id")
      .select("a.id")
      .where("a.status", "=", "granted")
      .groupBy("a.id")
      .having((eb) => eb.fn.countAll(), ">=", 2)
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("application_infrastructures")
      .set({ sm_accepted: true, sm_units: 14, sm_participants: 3, sm_budget: "18250.00", sm_decided_at: new Date() })
      .where("application_id", "=", app.id)
      .execute();
    const cookie = await signIn(BASE, "editor");
    const url = `${BASE}/application/${app.id}/grant-letter`;

    await weighPdf({
      name: "grant-letter", url, cookie, portalPid: portal.pid!, seconds: SECONDS, budget: BUDGET,
      within: (sequential) => sequential.p95_ms < BUDGET.p95_ms,
      extra: { web_concurrency: Number(WEB_CONCURRENCY), data, application_id: app.id },
    });
  } finally {
    await close();
  }
}

