// Infrastructure staff hear of an application when they can first see it
// (docs/roles.md#infrastructure-staff): on submission when show-application-submit-ri-staff is yes,
// otherwise when the editor puts it under evaluation; in the portal and by e-mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as intake from "~/api/intake/contract";
import { infrastructureStaff } from "~/domain/infrastructures/infrastructure-staff.server";
import { createTestApi, type TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const notices = (applicationId: number) =>
  api.db.selectFrom("notifications").select("user_id").where("kind", "=", "application-at-my-ri").where("application_id", "=", applicationId).orderBy("user_id").execute();
const setting = (value: "yes" | "no") =>
  api.db
    .insertInto("settings")
    .values({ key: "show-application-submit-ri-staff", value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();

async function staffOf(applicationId: number): Promise<number[]> {
  const expected = await infrastructureStaff(api.db, { applicationId });
  expect(expected.length).toBeGreaterThan(0);
  return expected.sort((a, b) => a - b);
}

describe("notice to infrastructure staff", () => {
  it("with the setting no: nothing on submit, every manager and administrator of a requested infrastructure when it goes under evaluation", async () => {
    await setting("no");
    const app = await submittedApplication(api);
    expect(await notices(app.id)).toEqual([]);
    let v = (await api.op(intake.intake, { as: "editor", param: { id: app.id } })).data;
    const accesses = v.infrastructures.flatMap((i) => i.accesses.map((a) => ({ id: a.id, eligible: true })));
    expect((await api.op(intake.eligibility, { as: "editor", param: { id: app.id }, json: { accesses, updated_at: v.updated_at } })).status).toBe(200);
    v = (await api.op(intake.intake, { as: "editor", param: { id: app.id } })).data;
    const r = await api.op(intake.changeStatus, { as: "editor", param: { id: app.id }, json: { status: "under-evaluation", updated_at: v.updated_at } });
    expect(r.status).toBe(200);
    expect((await notices(app.id)).map((n) => n.user_id)).toEqual(await staffOf(app.id));
    const mail = await api.db.selectFrom("mail_outbox").select("subject").where("subject", "like", "Application for your infrastructure:%").execute();
    expect(mail.length).toBeGreaterThan(0);
  });

  it("with the setting yes: on submit, and not again when it goes under evaluation", async () => {
    await setting("yes");
    const app = await submittedApplication(api);
    expect((await notices(app.id)).map((n) => n.user_id)).toEqual(await staffOf(app.id));
    let v = (await api.op(intake.intake, { as: "editor", param: { id: app.id } })).data;
    const accesses = v.infrastructures.flatMap((i) => i.accesses.map((a) => ({ id: a.id, eligible: true })));
    await api.op(intake.eligibility, { as: "editor", param: { id: app.id }, json: { accesses, updated_at: v.updated_at } });
    v = (await api.op(intake.intake, { as: "editor", param: { id: app.id } })).data;
    await api.op(intake.changeStatus, { as: "editor", param: { id: app.id }, json: { status: "under-evaluation", updated_at: v.updated_at } });
    expect((await notices(app.id)).map((n) => n.user_id)).toEqual(await staffOf(app.id));
    await setting("no");
  });
});
