// The staff list's screen reads its filters from the URL (urlFilters) and
// drops what the API would refuse, so a hand-edited, stale or hostile address
// still shows the list: for any query string, what urlFilters keeps is a query
// the API answers with 200 (never 422), and the download links it builds carry
// the same filters. Property-based (fast-check), seeded.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterSearch, urlFilters } from "~/domain/admin-applications/url-filters";
import { createTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const KEYS = ["q", "status[]", "exclude_status[]", "discipline[]", "call_id[]", "infrastructure[]", "evaluation_status", "review_status", "accesses_status", "allsub", "date_from", "date_to", "trashed", "sort_by", "order", "page", "export", "per_page", "__proto__"];
const VALUES = [
  "", "draft", "submit,granted", "under-evaluation", ",,", "1", "0", "-1", "2147483647", "2147483648", "99999999999", "1e3", "0x10", "abc", "%", "_", "\u0000",
  "2027-02-30", "2027-03-01", "1899-12-31", "2201-01-01", "evaluated", "not_evaluated", "pending", "all", "sm_reported", "with", "only", "id", "applicant",
  "evaluations", "asc", "desc", "csv", "x".repeat(300), Array(150).fill("draft").join(","), Array.from({ length: 150 }, (_, i) => i + 1).join(","),
];
const query = fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 40 }))), { maxLength: 12 });

describe("urlFilters: what a list's URL keeps", () => {
  it("keeps only what the API accepts: any URL shows the list", async () => {
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const f = urlFilters(new URLSearchParams(pairs));
        const search = filterSearch(f, f.page ? { page: String(f.page) } : {});
        const res = await api.call("GET", `/applications?${search}`, { as: "editor" });
        expect(res.status, search).toBe(200);
        // The download links carry the same filters (and no page).
        expect(urlFilters(new URLSearchParams(filterSearch(f)))).toEqual({ ...f, page: undefined });
      }),
      { seed: 7307, numRuns: 150 },
    );
  });

  it("reads repeated and comma lists, and drops the values it cannot use", () => {
    const f = urlFilters(new URLSearchParams("status[]=draft&status[]=submit,nonsense&call_id[]=3,0,abc&date_from=2027-03-02&date_to=2027-03-01&sort_by=password&page=0&q=%20x%20"));
    expect(f).toMatchObject({ "status[]": ["draft", "submit"], "call_id[]": ["3"], date_from: "2027-03-02", date_to: undefined, sort_by: "id", order: "desc", page: undefined, q: "x" });
    expect(urlFilters(new URLSearchParams("allsub=1")).allsub).toBe("1");
    expect(urlFilters(new URLSearchParams("allsub=yes")).allsub).toBeUndefined();
    expect(filterSearch(f, { export: "csv" })).toBe("export=csv&q=x&status%5B%5D=draft&status%5B%5D=submit&call_id%5B%5D=3&date_from=2027-03-02&sort_by=id&order=desc");
  });
});
