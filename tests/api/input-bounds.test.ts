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
