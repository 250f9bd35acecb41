// The infrastructures' names kept on each application for the admin list's
// sort (migration 0014): set when the submit materialises the requested
// infrastructures, cleared when they go, changed when an infrastructure is
// renamed, whatever writes the rows; and the list sorted by them follows.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { submittedApplication } from "./application-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const namesOf = async (id: number) =>
  (await api.db.selectFrom("applications").select("infrastructure_names").where("id", "=", id).executeTakeFirstOrThrow()).infrastructure_names;
const shownOf = async (id: number) => {
  const res = await api.call("GET", `/applications?q=${id}`, { as: "editor" });
  return ((await res.json()) as { data: { id: number; infrastructures: string[] }[] }).data.find((r) => r.id === id)!.infrastructures.join(", ");
};

describe("applications.infrastructure_names", () => {
  it("is what the list shows, for every application of the demo data and a new submission", async () => {
    const app = await submittedApplication(api);
    expect(await namesOf(app.id)).toBe(await shownOf(app.id));
    expect(await namesOf(app.id)).not.toBeNull();
    const rows = await api.db.selectFrom("applications").select(["id", "infrastructure_names"]).execute();
    const fresh = await sql<{ id: number; names: string | null }>`select id, application_infrastructure_names(id) as names from applications`.execute(api.db);
    expect(rows.map((r) => [r.id, r.infrastructure_names]).sort()).toEqual(fresh.rows.map((r) => [r.id, r.names]).sort());
    const drafts = await api.db.selectFrom("applications").select("infrastructure_names").where("status", "=", "draft").execute();
    expect(drafts.every((d) => d.infrastructure_names === null)).toBe(true);
  });

  it("follows a renamed infrastructure, and a removed or moved row", async () => {
    const app = await submittedApplication(api);
    const [ai] = await api.db.selectFrom("application_infrastructures").select(["id", "infrastructure_id"]).where("application_id", "=", app.id).orderBy("position").execute();
    const infra = await api.db.selectFrom("infrastructures").select(["short_name", "name"]).where("id", "=", ai.infrastructure_id).executeTakeFirstOrThrow();
    await api.db.updateTable("infrastructures").set({ short_name: "AAA-RENAMED" }).where("id", "=", ai.infrastructure_id).execute();
    expect(await namesOf(app.id)).toContain("AAA-RENAMED");
    expect(await shownOf(app.id)).toBe(await namesOf(app.id));
    // First when sorted by infrastructures, as its name now sorts first.
    const sorted = (await (await api.call("GET", "/applications?sort_by=infrastructures&order=asc", { as: "editor" })).json()) as { data: { id: number; infrastructures: string[] }[] };
    expect(sorted.data[0].infrastructures[0]).toBe("AAA-RENAMED");
    await api.db.updateTable("infrastructures").set({ short_name: infra.short_name }).where("id", "=", ai.infrastructure_id).execute();
    expect(await namesOf(app.id)).not.toContain("AAA-RENAMED");

    const other = await api.db.selectFrom("infrastructures").select(["id", "short_name", "name"]).where("id", "!=", ai.infrastructure_id).orderBy("id").executeTakeFirstOrThrow();
    await api.db.updateTable("application_infrastructures").set({ infrastructure_id: other.id }).where("id", "=", ai.id).execute();
    expect(await namesOf(app.id)).toContain(other.short_name ?? other.name);
    await api.db.deleteFrom("accesses").where("application_id", "=", app.id).execute();
    await api.db.deleteFrom("application_infrastructures").where("application_id", "=", app.id).execute();
    expect(await namesOf(app.id)).toBeNull();
  });
});
