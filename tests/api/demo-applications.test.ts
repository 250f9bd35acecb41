// The wizard's demo data: what the seed gives the wizard to show. The applicant's
// profile is filled and every open call takes it; applicant2's organization is
// in a country the remote call excludes; the open call has two infrastructures
// whose periods cover the next twelve months; the applicant has a draft and a
// submitted application, both complete by the wizard's own rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import { todayIso } from "~/domain/dates";
import { createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL, REMOTE_CALL } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const dayAfter = (iso: string, n = 1) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Whether the periods leave no day uncovered from today to a year from now. */
function coversYear(periods: { date_from: string; date_to: string }[]) {
  let uncovered = todayIso();
  for (const p of [...periods].sort((a, b) => a.date_from.localeCompare(b.date_from))) {
    if (p.date_from > uncovered) break;
    if (p.date_to >= uncovered) uncovered = dayAfter(p.date_to);
  }
  return uncovered > dayAfter(todayIso(), 364);
}

describe("the demo seed", () => {
  it("fills the applicant's profile, with an organization country every open call takes", async () => {
    const me = await (await api.call("GET", "/users/me", { as: "applicant" })).json();
    expect(me).toMatchObject({ nationality: "BE", organization_name: expect.any(String), organization_country: "BE", phone: expect.any(String), organization_email: expect.any(String) });
    const open = await api.db.selectFrom("calls").select("unauthorized_countries").where("status", "=", "open").execute();
    expect(open.length).toBeGreaterThan(1);
    for (const c of open) expect(c.unauthorized_countries).not.toContain("BE");
  });

  it("places applicant2's organization in a country the remote call excludes (the refusal in the words of docs/validation.md#call)", async () => {
    const refused = await api.op(applications.create, { as: "applicant2", json: { call_id: await callId(api, REMOTE_CALL) } });
    expect(refused).toMatchObject({ status: 422, data: { message: "Your organization's country is not authorized to participate in this call" } });
  });

  it("gives the open call two infrastructures whose periods cover the next twelve months, one with a preset unit cost", async () => {
    const { data: mine } = await api.op(applications.my, { as: "applicant", query: {} });
    const inOpenCall = mine.data.find((r) => r.call_title === OPEN_CALL)!;
    const { data: app } = await api.op(applications.one, { as: "applicant", param: { id: inOpenCall.id } });
    expect(app.call.title).toBe(OPEN_CALL);
    const covering = app.infrastructures.filter((i) => coversYear(i.periods));
    expect(covering.length).toBeGreaterThanOrEqual(2);
    expect(covering.some((i) => i.preset_unit_cost && i.cost_per_unit)).toBe(true);
    expect(covering.some((i) => !i.preset_unit_cost)).toBe(true);
  });

  it("gives the applicant a submitted application and a draft, complete through every step", async () => {
    const { data: mine } = await api.op(applications.my, { as: "applicant", query: {} });
    // The intake demo adds a second submitted one (another call) and one under evaluation: tests/api/demo-intake.test.ts;
    // the decisions demo one at each decision stage: tests/api/demo-decisions.test.ts; the reporting demo an accepted one and three reporting: tests/api/demo-reporting.test.ts.
    expect(mine.data.map((r) => r.status).sort()).toEqual([
      "accepted", "accepted", "draft", "granted", "granted", "reported", "reporting", "reporting", "submit", "submit", ...Array(4).fill("under-evaluation"),
    ]);
    for (const row of mine.data) {
      const { status, data: app } = await api.op(applications.one, { as: "applicant", param: { id: row.id } });
      expect(status).toBe(200);
      expect(app.steps.filter((s) => !s.complete)).toEqual([]);
      expect(app).toMatchObject({ complete: true, is_leader: true, step: 9 });
      expect(app.draft.group!.members!.length).toBeGreaterThanOrEqual(2);
      expect(app.draft.logistics!.infrastructures![0].accesses).toHaveLength(1);
      expect(app.draft.costs!.accesses![0].costs!.length).toBeGreaterThan(0);
      const links = await api.db.selectFrom("media_links").select("collection").where("attached_to_type", "=", "application").where("attached_to_id", "=", String(row.id)).execute();
      expect(links.map((l) => l.collection).filter((c) => !["signed_agreement", "scientific_report", "data_man_final"].includes(c)).sort()).toEqual(
        // A group with an early-career member brings a recommendation letter (docs/validation.md#documents).
        app.draft.group!.members!.some((m) => m.young) ? ["data_man_draft", "group_leader_cv", "recommendation_letter", "research_plan"] : ["data_man_draft", "group_leader_cv", "research_plan"],
      );
      if (app.status !== "draft") {
        expect(app.submitted_at).toEqual(expect.any(String));
        expect(app.history.map((h) => [h.from_status, h.to_status]).slice(0, 2)).toEqual([[null, "draft"], ["draft", "submit"]]);
      } else {
        // The draft can still be saved: its version is the one the wizard sends back.
        const saved = await api.op(applications.update, { as: "applicant", param: { id: row.id }, json: { step: "project", values: app.draft.project, updated_at: app.updated_at } });
        expect(saved.status).toBe(200);
      }
    }
  });
});

describe("the demo applications' status timelines", () => {
  it("read in the lifecycle's order: every stage done has its date, none earlier than the one before", async () => {
    const rows = await api.db
      .selectFrom("applications")
      .innerJoin("users", "users.id", "applications.user_id")
      .select(["applications.id", "applications.acronym", "applications.status"])
      .where("users.sub", "=", "demo-applicant")
      .where("applications.status", "!=", "draft")
      .where("applications.deleted_at", "is", null)
      .execute();
    expect(rows.length).toBeGreaterThan(5);
    let evaluated = 0;
    for (const row of rows) {
      const res = await api.call("GET", `/applications/${row.id}/timeline`, { as: "applicant" });
      expect(res.status, row.acronym ?? "").toBe(200);
      const { timeline } = (await res.json()) as { timeline: { stages: { key: string; state: string; at: string | null }[] } };
      const done = timeline.stages.filter((s) => s.state === "done");
      const dated = done.filter((s) => s.at !== null);
      for (let i = 1; i < dated.length; i++) {
        expect(dated[i].at! >= dated[i - 1].at!, `${row.acronym}: ${dated[i].key} (${dated[i].at}) before ${dated[i - 1].key} (${dated[i - 1].at})`).toBe(true);
      }
      const evaluation = done.find((s) => s.key === "evaluation");
      if (evaluation) {
        expect(evaluation.at, `${row.acronym}: evaluation done without a date`).not.toBeNull();
        evaluated++;
      }
    }
    expect(evaluated).toBeGreaterThan(3);
  });
});
