// The report's publications (docs/lifecycle.md#publications): the owner adds and removes them
// from reporting on (after the report too), when the publications setting and
// the call ask for them; DOI and web address are checked for form.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as publications from "~/api/reporting/publications-contract";
import { createTestApi, type TestApi } from "../support/api";
import { setSetting } from "./ri-decisions-helpers";
import { acceptedApplication, reportingApplication, submittedReport } from "./reporting-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
afterEach(() => setSetting(api, "publications", "yes"));

const PAPER = { title: "Kittiwakes in a warming fjord", year: 2026, publication_type: "article" as const, authors: "Applicant, A.", doi: "https://doi.org/10.1234/kw.2026", web_address: "https://example.org/kw" };

describe("the report's publications", () => {
  it("are added by the owner, the DOI kept bare, and listed for the report's readers", async () => {
    const { id } = await reportingApplication(api);
    const res = await api.op(publications.add, { as: "applicant", param: { id }, json: PAPER });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ title: PAPER.title, doi: "10.1234/kw.2026", year: 2026 });
    for (const as of ["applicant", "editor", "watchdog", "infrastructure-manager"]) {
      const list = await api.op(publications.list, { as, param: { id } });
      expect(list.status, as).toBe(200);
      expect(list.data.publications.map((p) => p.title)).toEqual([PAPER.title]);
      expect(list.data.can_edit, as).toBe(as === "applicant");
    }
    expect((await api.op(publications.list, { as: "applicant2", param: { id } })).status).toBe(404);
  });

  it("refuses a malformed DOI, web address or year, and a missing title", async () => {
    const { id } = await reportingApplication(api);
    const bad = await api.op(publications.add, { as: "applicant", param: { id }, json: { ...PAPER, title: " ", doi: "doi-1234", web_address: "ftp://example.org", year: 1800 } });
    expect(bad.status).toBe(422);
    const fields = Object.keys((bad.data as unknown as { errors: Record<string, string[]> }).errors).sort();
    expect(fields).toEqual(["doi", "title", "web_address", "year"]);
  });

  it("can be added after the report is submitted, removed by the owner only, and not before reporting or when not asked", async () => {
    const { id } = await submittedReport(api);
    const added = await api.op(publications.add, { as: "applicant", param: { id }, json: PAPER });
    expect(added.status).toBe(200);
    expect((await api.op(publications.remove, { as: "applicant2", param: { id: added.data.id } })).status).toBe(404);
    expect((await api.op(publications.remove, { as: "editor", param: { id: added.data.id } })).status).toBe(403);
    expect((await api.op(publications.remove, { as: "applicant", param: { id: added.data.id } })).status).toBe(200);

    await setSetting(api, "publications", "no");
    const off = await api.op(publications.add, { as: "applicant", param: { id }, json: PAPER });
    expect(off.status).toBe(422);
    expect(JSON.stringify(off.data)).toContain("reporting.errors.publications-not-asked");

    const accepted = await acceptedApplication(api);
    expect((await api.op(publications.add, { as: "applicant", param: { id: accepted.id }, json: PAPER })).status).toBe(409);
  });
});
