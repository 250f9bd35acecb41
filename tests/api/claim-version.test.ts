// The one version claim (docs/decisions/015-one-write-pipeline.md) on each
// kind of versioned row: by id (a trashed row is gone), by the columns that
// name it, with the writer's own answer for a missing row and its own rules
// before the version, and the settings' one version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, forbidden } from "~/domain/errors";
import { claimVersion, invalid } from "~/domain/write.server";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const OLD = "2020-01-01T00:00:00.000Z";
const iso = (at: Date | string) => new Date(at).toISOString();
/** `claim` in a transaction that is rolled back, so nothing stays locked or written. */
const inTransaction = <T>(claim: (trx: TestApi["db"]) => Promise<T>) =>
  api.db.transaction().execute(async (trx) => {
    const answer = await claim(trx);
    throw Object.assign(new Error("rollback"), { answer });
  }).catch((err: Error & { answer?: T }) => {
    if (err.message === "rollback") return err.answer as T;
    throw err;
  });

describe("claimVersion", () => {
  it("answers the live row at the version read with the columns asked; 409 with the writer's key when stale; 404 once trashed", async () => {
    const app = await api.db.selectFrom("applications").select(["id", "status", "updated_at"]).where("deleted_at", "is", null).executeTakeFirstOrThrow();
    const claimed = await inTransaction((trx) => claimVersion(trx, "applications", app.id, iso(app.updated_at), "a.stale", { columns: ["status"] }));
    expect(claimed).toEqual({ updated_at: app.updated_at, status: app.status });
    await expect(inTransaction((trx) => claimVersion(trx, "applications", app.id, OLD, "a.stale"))).rejects.toMatchObject({ status: 409, message: "a.stale" });
    await expect(
      inTransaction(async (trx) => {
        await trx.updateTable("applications").set({ deleted_at: new Date() }).where("id", "=", app.id).execute();
        return claimVersion(trx, "applications", app.id, iso(app.updated_at), "a.stale");
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("names a row by its columns: another application's infrastructure is the writer's missing answer, and its rules come before the version", async () => {
    const ai = await api.db.selectFrom("application_infrastructures").select(["id", "application_id", "infrastructure_id", "updated_at"]).executeTakeFirstOrThrow();
    const missing = () => invalid({ application_infrastructure_id: ["validation.invalid"] });
    const key = (application_id: number) => ({ id: ai.id, application_id });
    await expect(inTransaction((trx) => claimVersion(trx, "application_infrastructures", key(ai.application_id + 100_000), iso(ai.updated_at), "s", { missing }))).rejects.toMatchObject({
      status: 422,
      errors: { application_infrastructure_id: ["validation.invalid"] },
    });
    const check = () => {
      throw forbidden();
    };
    await expect(inTransaction((trx) => claimVersion(trx, "application_infrastructures", key(ai.application_id), OLD, "s", { check }))).rejects.toMatchObject({ status: 403 });
    const row = await inTransaction((trx) => claimVersion(trx, "application_infrastructures", key(ai.application_id), iso(ai.updated_at), "s", { columns: ["infrastructure_id"] }));
    expect(row).toEqual({ updated_at: ai.updated_at, infrastructure_id: ai.infrastructure_id });
  });

  it("claims a report by its application: 404 for an application without one, 409 with the report's key", async () => {
    const report = await api.db.selectFrom("application_reports").select(["application_id", "updated_at"]).executeTakeFirstOrThrow();
    const none = await api.db.selectFrom("applications").select("id").where("id", "not in", api.db.selectFrom("application_reports").select("application_id")).executeTakeFirstOrThrow();
    await expect(inTransaction((trx) => claimVersion(trx, "application_reports", { application_id: none.id }, OLD, "r.stale"))).rejects.toMatchObject({ status: 404 });
    await expect(inTransaction((trx) => claimVersion(trx, "application_reports", { application_id: report.application_id }, OLD, "r.stale"))).rejects.toMatchObject({ status: 409, message: "r.stale" });
    await expect(inTransaction((trx) => claimVersion(trx, "application_reports", { application_id: report.application_id }, iso(report.updated_at), "r.stale"))).resolves.toEqual({ updated_at: report.updated_at });
  });

  it("claims the settings whole: their version is the latest updated_at", async () => {
    const { latest } = await api.db.selectFrom("settings").select((eb) => eb.fn.max("updated_at").as("latest")).executeTakeFirstOrThrow();
    await expect(inTransaction((trx) => claimVersion(trx, "settings", "whole table", iso(latest as Date), "settings.stale"))).resolves.toBeDefined();
    const stale = await inTransaction((trx) => claimVersion(trx, "settings", "whole table", OLD, "settings.stale")).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(AppError);
    expect(stale).toMatchObject({ status: 409, message: "settings.stale" });
  });
});
