import type { Db } from "../database.server";
import { day } from "./demo-day";

export async function seedCalls(db: Db, users: Map<string, number>, infra: number[]): Promise<void> {
  const editor = users.get("editor") ?? null;
  const calls = [
    { title: "Transnational Access Call 2027: polar and marine", status: "open", open: -30, close: 60, infra: [0, 1, 3] },
    { title: "Remote analyses call: isotopes and samples", status: "open", open: -5, close: 90, infra: [2] },
    { title: "Transnational Access Call 2027 autumn", status: "publish", open: 45, close: 120, infra: [0, 2, 3] },
    { title: "Transnational Access Call 2026", status: "closed", open: -200, close: -100, infra: [0, 1] },
    { title: "Transnational Access Call 2028 (in preparation)", status: "draft", open: 200, close: 260, infra: [1] },
  ];
  for (const c of calls) {
    const exists = await db.selectFrom("calls").select("id").where("title", "=", c.title).executeTakeFirst();
    if (exists) continue;
    const row = await db
      .insertInto("calls")
      .values({
        user_id: editor,
        title: c.title,
        description: `${c.title}. Research groups from eligible countries may apply for physical or remote access to the infrastructures below.`,
        status: c.status,
        open_at: day(c.open),
        close_at: day(c.close),
        start_at: day(c.close + 30),
        end_at: day(c.close + 330),
        physical_access: c.infra.length > 1,
        remote_access: c.infra.length === 1,
        evaluation_date: day(c.close + 21),
        evaluation_manager_date: day(c.close + 28),
        acceptance_date: day(c.close + 45),
        sm_reminder_date: day(c.close + 35),
        user_report_days: 30,
        unauthorized_countries: ["KP"],
        ri_training: true,
        data_management_training: true,
        new_publications: true,
        data_management_plan: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("call_infrastructures")
      .values(c.infra.map((i) => ({ call_id: row.id, infrastructure_id: infra[i] })))
      .execute();
  }
}

