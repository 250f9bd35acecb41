// The publications across applications (GET /api/applications/publications):
// on a small set made here, the list in its order, the counts by year and by
// type against values worked out by hand; the filter (default statuses,
// allsub, a status, a call, the dates); paging; who may ask; the three
// downloads read back; and the answer with the publications setting off.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as contract from "~/api/stats/publications-contract";
import { createTestApi, type TestApi } from "../support/api";
import { callId, CLOSED_CALL, OPEN_CALL } from "./application-helpers";
import { setSetting } from "./ri-decisions-helpers";
import { parseCsv, readXlsx } from "./spreadsheet-readers";
import { expectAdminOnly, ownApplications, statsDownload, statsJson } from "./stats-helpers";

let api: TestApi;
const app: Record<string, number> = {};
const pub: Record<string, number> = {};
let closedCall = 0;

beforeAll(async () => {
  api = await createTestApi();
  const made = await ownApplications(api);
  const open = await callId(api, OPEN_CALL);
  closedCall = await callId(api, CLOSED_CALL);
  const application = async (name: string, status: string, call: number, papers: [string, number | null, string | null, string | null][]) => {
    app[name] = await made(name, status, call);
    for (const [key, year, type, doi] of papers) {
      pub[key] = (
        await api.db
          .insertInto("publications")
          .values({ application_id: app[name], title: key === "B" ? "=HYPERLINK(\"x\")" : `Paper ${key}`, year, publication_type: type, doi, authors: `Author ${key}` })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
  };
  await application("g1", "reported", open, [["A", 2025, "article", "10.1000/abc"], ["B", 2024, "dataset", null], ["C", 2025, "article", null]]);
  await application("g2", "reporting", closedCall, [["D", null, null, null], ["E", 2024, "thesis", "10.5555/e.1"]]);
  // Counted with allsub only (submitted is not among the default statuses), and never (a draft).
  await application("g3", "submit", open, [["F", 2023, "book", null]]);
  await application("g4", "draft", open, [["G", 2022, "article", null]]);
});
afterAll(() => api.close());
afterEach(() => setSetting(api, "publications", "yes"));

const stats = (query = "") => statsJson(api, "/applications/publications", query);
const download = (query: string) => statsDownload(api, "/applications/publications", query);

const titles = (got: { data: { title: string }[] }) => got.data.map((p) => p.title.replace(/^Paper /, "").replace(/^=HYPERLINK.*/, "B"));

describe("GET /api/applications/publications", () => {
  it("lists the publications of the matching applications, newest year first, and counts them by year and by type", async () => {
    const got = await stats();
    expect(got.collected).toBe(true);
    expect(titles(got)).toEqual(["C", "A", "E", "B", "D"]);
    expect(got.data[1]).toEqual({
      id: pub.A, year: 2025, publication_type: "article", title: "Paper A", authors: "Author A", doi: "10.1000/abc", web_address: null,
      application_id: app.g1, acronym: "G1", call_id: expect.any(Number), call_title: OPEN_CALL,
    });
    expect(got.data[2]).toMatchObject({ id: pub.E, application_id: app.g2, call_id: closedCall, call_title: CLOSED_CALL });
    expect(got.meta).toEqual({ page: 1, per_page: 20, total: 5 });
    expect(got.by_year).toEqual([{ year: 2025, publications: 2 }, { year: 2024, publications: 2 }, { year: null, publications: 1 }]);
    // The most frequent first, a tie by name, no type last.
    expect(got.by_type).toEqual([
      { publication_type: "article", publications: 2 }, { publication_type: "dataset", publications: 1 },
      { publication_type: "thesis", publications: 1 }, { publication_type: null, publications: 1 },
    ]);
  });

  it("takes the statistics filter: allsub, a status, a call, the dates", async () => {
    const all = await stats("allsub=1");
    expect(titles(all)).toEqual(["C", "A", "E", "B", "F", "D"]);
    expect(all.by_year).toEqual([{ year: 2025, publications: 2 }, { year: 2024, publications: 2 }, { year: 2023, publications: 1 }, { year: null, publications: 1 }]);
    expect(all.by_type[0]).toEqual({ publication_type: "article", publications: 2 });
    expect(all.by_type).toContainEqual({ publication_type: "book", publications: 1 });
    expect(titles(await stats("status[]=reported"))).toEqual(["C", "A", "B"]);
    const closed = await stats(`call_id[]=${closedCall}`);
    expect(titles(closed)).toEqual(["E", "D"]);
    expect(closed.by_type).toEqual([{ publication_type: "thesis", publications: 1 }, { publication_type: null, publications: 1 }]);
    expect(await stats("date_from=2099-01-01")).toEqual({ collected: true, data: [], meta: { page: 1, per_page: 20, total: 0 }, by_year: [], by_type: [] });
  });

  it("pages the list, not the counts", async () => {
    const third = await stats("per_page=2&page=3");
    expect(titles(third)).toEqual(["D"]);
    expect(third.meta).toEqual({ page: 3, per_page: 2, total: 5 });
    expect(third.by_year).toHaveLength(3);
    expect((await api.call("GET", "/applications/publications?page=0", { as: "editor" })).status).toBe(422);
  });

  it("answers with the publications setting off too, and says so", async () => {
    await setSetting(api, "publications", "no");
    const got = await stats();
    expect(got.collected).toBe(false);
    expect(got.meta.total).toBe(5);
  });

  it("is the admin area's alone", async () => {
    await expectAdminOnly(api, "/applications/publications");
    expect((await api.op(contract.publications, { as: "admin" })).status).toBe(200);
  });

  it("downloads every publication, and the counts by year and by type, as CSV and XLSX", async () => {
    const list = await download("export=csv&per_page=1");
    expect(list.res.headers.get("content-disposition")).toMatch(/filename="publications-[\d-]+\.csv"/);
    const rows = parseCsv(list.bytes.toString("utf8").slice(1));
    expect(rows[0]).toEqual(["Year", "Type", "Type code", "Title", "Authors", "DOI", "DOI link", "Web address", "Application", "Acronym", "Call"]);
    expect(rows.slice(1).map((r) => r[3])).toEqual(["Paper C", "Paper A", "Paper E", "'=HYPERLINK(\"x\")", "Paper D"]);
    expect(rows[2]).toEqual(["2025", "Journal article", "article", "Paper A", "Author A", "10.1000/abc", "https://doi.org/10.1000/abc", "", String(app.g1), "G1", OPEN_CALL]);
    expect(rows[5]).toEqual(["", "No type", "", "Paper D", "Author D", "", "", "", String(app.g2), "G2", CLOSED_CALL]);
    const book = readXlsx((await download("export=xlsx&table=list")).bytes);
    expect(book.rows.length).toBe(6);
    expect(book.rows[1].slice(0, 4)).toEqual([2025, "Journal article", "article", "Paper C"]);
    expect(book.formulas).toBe(0);

    const byYear = await download("export=xlsx&table=year");
    expect(byYear.res.headers.get("content-disposition")).toMatch(/filename="publications-by-year-[\d-]+\.xlsx"/);
    expect(readXlsx(byYear.bytes).rows).toEqual([["Year", "Publications"], [2025, 2], [2024, 2], ["", 1]]);
    const byType = await download("export=csv&table=type&allsub=1");
    expect(parseCsv(byType.bytes.toString("utf8").slice(1))).toEqual([
      ["Type", "Type code", "Publications"], ["Journal article", "article", "2"], ["Book", "book", "1"], ["Data set", "dataset", "1"], ["Thesis", "thesis", "1"],
      ["No type", "", "1"],
    ]);
  });
});
