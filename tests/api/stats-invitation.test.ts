// The invitations as the statistics read them (GET /api/invitations/report):
// on invitations made here, the search, the sending days (Brussels calendar
// days), paging, and the CSV and XLSX downloads of every matching row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { parseCsv, readXlsx } from "./spreadsheet-readers";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await api.db.deleteFrom("invitations").execute();
  const edith = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-editor").executeTakeFirstOrThrow()).id;
  await api.db
    .insertInto("invitations")
    .values([
      { email: "ana@lab.example.org", role: "evaluator", invited_by: edith, created_at: new Date("2025-03-01T10:00:00Z") },
      // 23:30 UTC on 1 March is 2 March in Brussels.
      { email: "ben@lab.example.org", role: "viewer", invited_by: edith, created_at: new Date("2025-03-01T23:30:00Z"), accepted_at: new Date("2025-03-05T08:00:00Z") },
      { email: "cleo@uni.example.org", role: "evaluator", invited_by: null, created_at: new Date("2025-04-10T09:00:00Z") },
    ])
    .execute();
});
afterAll(() => api.close());

async function report(query = "") {
  const res = await api.call("GET", `/invitations/report${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: { email: string; state: string }[]; meta: { total: number } };
}
const emails = async (query: string) => (await report(query)).data.map((i) => i.email);

describe("GET /api/invitations/report with the statistics' filters", () => {
  it("searches the address and takes the sending days as Brussels calendar days", async () => {
    expect(await emails("")).toEqual(["cleo@uni.example.org", "ben@lab.example.org", "ana@lab.example.org"]);
    expect(await emails("q=LAB.example")).toEqual(["ben@lab.example.org", "ana@lab.example.org"]);
    expect(await emails("date_to=2025-03-01")).toEqual(["ana@lab.example.org"]);
    expect(await emails("date_from=2025-03-02&date_to=2025-03-31")).toEqual(["ben@lab.example.org"]);
    expect(await emails("date_from=2025-04-10")).toEqual(["cleo@uni.example.org"]);
    const page = await report("per_page=2&page=2");
    expect([page.data.map((i) => i.email), page.meta.total]).toEqual([["ana@lab.example.org"], 3]);
    expect((await api.call("GET", "/invitations/report?date_from=2025-04-01&date_to=2025-03-01", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/invitations/report?date_from=2025-02-30", { as: "editor" })).status).toBe(422);
  });

  it("downloads every matching invitation, not a page, to staff only", async () => {
    const res = await api.call("GET", "/invitations/report?export=csv&per_page=1&q=lab", { as: "admin" });
    expect(res.headers.get("content-disposition")).toMatch(/invitations-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...lines] = parseCsv(await res.text());
    expect(header).toEqual(["E-mail", "Role", "Application", "Acronym", "State", "Invited at", "Invited by", "Accepted at"]);
    expect(lines).toEqual([
      ["ben@lab.example.org", "viewer", "", "", "accepted", "2025-03-01T23:30:00.000Z", "Edith Editor", "2025-03-05T08:00:00.000Z"],
      ["ana@lab.example.org", "evaluator", "", "", "pending", "2025-03-01T10:00:00.000Z", "Edith Editor", ""],
    ]);
    const book = readXlsx(Buffer.from(await (await api.call("GET", "/invitations/report?export=xlsx&date_from=2025-04-01", { as: "editor" })).arrayBuffer()));
    expect(book.rows.map((r) => r[0])).toEqual(["E-mail", "cleo@uni.example.org"]);
    expect((await api.call("GET", "/invitations/report?export=csv")).status).toBe(401);
    for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", "/invitations/report?export=csv", { as })).status, as).toBe(403);
  });
});
