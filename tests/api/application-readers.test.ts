// Who reads an application and what hangs on it (docs/roles.md#reading-rules): infrastructure
// staff only once show-application-submit-ri-staff lets them see it, whatever
// they ask for; the report by its owner, watchdogs, declared viewers and staff,
// not by its evaluators; the appendices by whoever reads the application.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_AGREEMENT } from "~/domain/acceptance/bodies";
import { createTestApi, type TestApi } from "../support/api";
import { applicationAt, setSetting } from "./ri-decisions-helpers";
import { applicationUnderEvaluation, assignReviewers, userId } from "./review-helpers";
import { fillReport, reportingApplication } from "./reporting-helpers";
import { medium } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const status = async (as: string, path: string) => {
  const res = await api.call("GET", path, { as });
  await res.arrayBuffer();
  return res.status;
};

/** The media linked to application `id` in `collection`, by id. */
async function linked(id: number, collection: string): Promise<number[]> {
  const rows = await api.db
    .selectFrom("media_links")
    .select("media_id")
    .where("attached_to_type", "=", "application")
    .where("attached_to_id", "=", String(id))
    .where("collection", "=", collection)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.media_id);
}

const declare = (applicationId: number, name: string, declared: boolean) =>
  userId(api, name).then((user) =>
    api.db.updateTable("application_reviewers").set({ confidential_declaration: declared }).where("application_id", "=", applicationId).where("user_id", "=", user).where("role", "=", "viewer").execute(),
  );

describe("infrastructure staff", () => {
  it("read a submitted application's decision, agreements, publications and appendices only when show-application-submit-ri-staff is yes", async () => {
    const { id } = await applicationAt(api, { status: "submit" });
    const [plan] = await linked(id, "research_plan");
    const paths = [`/applications/${id}/sm-decision`, `/applications/${id}/agreements`, `/applications/${id}/publications`, `/media/${plan}`];
    const answers = async () => Promise.all(paths.map((p) => status("infrastructure-manager", p)));
    try {
      await setSetting(api, "show-application-submit-ri-staff", "no");
      expect(await answers()).toEqual([404, 404, 404, 404]);
      await setSetting(api, "show-application-submit-ri-staff", "yes");
      expect(await answers()).toEqual([200, 200, 200, 200]);
    } finally {
      await setSetting(api, "show-application-submit-ri-staff", "no");
    }
  });

  it("of another infrastructure read none of it, under evaluation too", async () => {
    // AIL is administered by the demo administrator, not run by the demo manager.
    const { id } = await applicationAt(api, { only: "AIL" });
    const [plan] = await linked(id, "research_plan");
    for (const path of [`/applications/${id}/sm-decision`, `/applications/${id}/agreements`, `/applications/${id}/publications`, `/media/${plan}`]) {
      expect([path, await status("infrastructure-manager", path)]).toEqual([path, 404]);
      expect([path, await status("infrastructure-administrator", path)]).toEqual([path, 200]);
    }
  });
});

describe("the report", () => {
  it("is read by the watchdog, the viewer once declared and the staff, not by the evaluator (403: they read the application)", async () => {
    const { id } = await reportingApplication(api);
    await fillReport(api, id);
    await assignReviewers(api, id, { evaluator: ["evaluator"], viewer: ["viewer"] });
    await api.db.updateTable("applications").set({ status: "reporting" }).where("id", "=", id).execute();
    const [scientific] = await linked(id, "scientific_report");
    const report = [`/applications/${id}/reported`, `/applications/${id}/publications`, `/media/${scientific}`];
    const answers = (as: string) => Promise.all(report.map((p) => status(as, p)));

    expect(await status("evaluator", `/applications/${id}`)).toBe(200);
    expect(await answers("evaluator")).toEqual([403, 403, 404]);
    expect(await answers("watchdog")).toEqual([200, 200, 200]);
    expect(await answers("infrastructure-manager")).toEqual([200, 200, 200]);
    expect(await answers("viewer")).toEqual([404, 404, 404]);
    await declare(id, "viewer", true);
    expect(await answers("viewer")).toEqual([200, 200, 200]);
    expect(await answers("applicant2")).toEqual([404, 404, 404]);
  });
});

describe("the appendices", () => {
  it("are read by whoever reads the application: its evaluator, watchdog, viewer once declared and staff; nobody else", async () => {
    const { app } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"], watchdog: ["watchdog"], viewer: ["viewer"] });
    const files = [...(await linked(app.id, "research_plan")), ...(await linked(app.id, "group_leader_cv")), ...(await linked(app.id, "data_man_draft"))];
    expect(files).toHaveLength(3);
    const answers = (as: string) => Promise.all(files.map((m) => status(as, `/media/${m}`)));

    for (const reader of ["applicant", "evaluator", "watchdog", "infrastructure-manager", "infrastructure-administrator", "editor"]) {
      expect([reader, await status(reader, `/applications/${app.id}${reader.startsWith("infrastructure") ? "/sm-decision" : ""}`)]).toEqual([reader, 200]);
      expect([reader, await answers(reader)]).toEqual([reader, [200, 200, 200]]);
    }
    expect(await status("viewer", `/applications/${app.id}`)).toBe(404);
    expect(await answers("viewer")).toEqual([404, 404, 404]);
    await declare(app.id, "viewer", true);
    expect(await answers("viewer")).toEqual([200, 200, 200]);
    expect(await answers("applicant2")).toEqual([404, 404, 404]);
    expect(await answers("evaluator2")).toEqual([404, 404, 404]);

    // Not the application's other files: the signed agreement stays its owner's and its staff's.
    const signed = await medium(api, app.owner.id, "signed.pdf");
    await api.db.insertInto("media_links").values({ media_id: signed, attached_to_type: "application", attached_to_id: String(app.id), collection: SIGNED_AGREEMENT, position: 0 }).execute();
    expect(await status("evaluator", `/media/${signed}`)).toBe(404);
    expect(await status("infrastructure-manager", `/media/${signed}`)).toBe(200);
    // Nor its name: a reviewer's answer lists the appendices only; the owner's and the editor's every file.
    const listed = async (as: string) =>
      ((await (await api.call("GET", `/applications/${app.id}`, { as })).json()) as { media: { id: number; collection: string }[] }).media.map((m) => m.id).sort((x, y) => x - y);
    const appendices = [...files].sort((x, y) => x - y);
    for (const reviewer of ["evaluator", "watchdog", "viewer"]) expect([reviewer, await listed(reviewer)]).toEqual([reviewer, appendices]);
    for (const reader of ["applicant", "editor"]) expect([reader, await listed(reader)]).toEqual([reader, [...appendices, signed].sort((x, y) => x - y)]);

    // Nor once the application is in the trash.
    await api.db.updateTable("applications").set({ deleted_at: new Date() }).where("id", "=", app.id).execute();
    expect(await answers("evaluator")).toEqual([404, 404, 404]);
    expect(await answers("infrastructure-manager")).toEqual([404, 404, 404]);
  });
});
