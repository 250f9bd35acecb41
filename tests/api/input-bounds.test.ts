// Issue 7: input the database would choke on is refused or taken literally at
// the boundary — a 4xx or a plain answer, never a 500 from PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const json = async (res: Response) => ({ status: res.status, body: await res.json() });

describe("search text is never a LIKE pattern (item 10)", () => {
  it("finds countries by a part of the name or the whole code, wildcards and backslashes taken literally", async () => {
    for (const q of ["\\", "\\\\", "%", "_", "a\\", "%\\%"]) {
      const { status, body } = await json(await api.call("GET", `/countries?q=${encodeURIComponent(q)}`, { as: "applicant" }));
      expect(status, q).toBe(200);
      expect(body.data, q).toEqual([]);
    }
    expect((await json(await api.call("GET", "/countries?q=be", { as: "applicant" }))).body.data).toContainEqual({ label: "Belgium", value: "BE" });
    expect((await json(await api.call("GET", "/countries?q=BELG", { as: "applicant" }))).body.data).toEqual([{ label: "Belgium", value: "BE" }]);
  });

  it("answers every list's search for a backslash or a wildcard with 200", async () => {
    const lists = ["/users", "/calls", "/pages", "/documents", "/infrastructures", "/media", "/documents/public"];
    for (const list of lists) {
      for (const q of ["\\", "%", "_", "x\\"]) {
        const res = await api.call("GET", `${list}?q=${encodeURIComponent(q)}`, { as: "admin" });
        expect(res.status, `${list}?q=${q}`).toBe(200);
      }
    }
  });
});

describe("dates and versions are real calendar days in a sane year (item 9)", () => {
  const BAD_DAYS = ["0000-01-01", "1899-12-31", "2201-01-01", "99999-01-01", "2027-02-30", "2027-13-01", "2027-1-1", "1"];
  const BAD_VERSIONS = ["0000-01-01", "0000-01-01T00:00:00Z", "99999-01-01", "+099999-01-01T00:00:00Z", "1", "2027-02-30", "2027-02-30T10:00:00Z", "2027-02-28T24:00:00Z", "yesterday"];

  const errorsOf = async (res: Response) => {
    expect(res.status).toBe(422);
    return ((await res.json()) as { errors: Record<string, string[]> }).errors;
  };
  const first = async (table: "pages" | "documents" | "infrastructures" | "calls") =>
    (await api.db.selectFrom(table).select("id").where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow()).id;

  it("refuses a call date that is not a real day between 1900 and 2200, naming the field", async () => {
    for (const field of ["open_at", "close_at", "start_at", "end_at", "evaluation_date", "evaluation_manager_date", "acceptance_date", "sm_reminder_date"]) {
      for (const day of BAD_DAYS) {
        const errors = await errorsOf(await api.call("POST", "/calls", { as: "editor", body: { title: "Dates", [field]: day } }));
        expect(errors[field], `${field} ${day}`).toEqual(["call-validation.date"]);
      }
    }
  });

  it("refuses an infrastructure period day that is not a real day between 1900 and 2200", async () => {
    for (const day of BAD_DAYS) {
      const body = { name: "Periods", administrators: [], periods: [{ date_from: day, date_to: "2030-01-01" }] };
      const errors = await errorsOf(await api.call("POST", "/infrastructures", { as: "editor", body }));
      expect(errors["periods[0].date_from"], day).toEqual(["infrastructure-validation.date"]);
    }
  });

  it("answers a bad updated_at with 422 validation.invalid on page, document, infrastructure, call and settings saves, never 500", async () => {
    const targets: [string, Record<string, unknown>][] = [
      [`/pages/${await first("pages")}`, { title: "Version", status: "draft" }],
      [`/documents/${await first("documents")}`, { title: "Version", status: "draft" }],
      [`/infrastructures/${await first("infrastructures")}`, { name: "Version", administrators: [] }],
      [`/calls/${await first("calls")}`, { title: "Version" }],
      ["/settings", { "project-name": "Version" }],
    ];
    for (const [path, body] of targets) {
      for (const updated_at of BAD_VERSIONS) {
        const errors = await errorsOf(await api.call("PUT", path, { as: "admin", body: { ...body, updated_at } }));
        expect(errors.updated_at, `${path} ${updated_at}`).toEqual(["validation.invalid"]);
      }
    }
  });

  it("still takes the version the API gave, with milliseconds or microseconds", async () => {
    const page = await (await api.call("GET", `/pages/${await first("pages")}`, { as: "admin" })).json();
    const res = await api.call("PUT", `/pages/${page.id}`, { as: "admin", body: { ...page, attachments: [], documents: [], updated_at: page.updated_at } });
    expect(res.status).toBe(200);
    const infra = await (await api.call("GET", `/infrastructures/${await first("infrastructures")}`, { as: "admin" })).json();
    expect(infra.updated_at).toMatch(/\.\d{6}Z$/);
    const stale = await api.call("PUT", `/infrastructures/${infra.id}`, {
      as: "admin",
      body: { name: infra.name, administrators: [], updated_at: "2026-01-01T00:00:00.123456+01:00" },
    });
    expect(stale.status).toBe(409);
  });
});
