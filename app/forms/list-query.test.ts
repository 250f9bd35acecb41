import { describe, expect, it } from "vitest";
import { listFilters, listQuery, pageParam } from "./list-query";

describe("page numbers of list screens", () => {
  it("keeps a real page number and drops anything else (page 1)", () => {
    expect(pageParam("3")).toBe("3");
    for (const bad of ["abc", "-1", "0", "1e3", "1.5", "01", "9999999", "", null, undefined]) expect(pageParam(bad), String(bad)).toBeUndefined();
    const req = (qs: string) => new Request(`http://portal.test/admin/call?${qs}`);
    expect(listQuery(req("page=abc&q=x"), ["q", "page"])).toEqual({ q: "x" });
    expect(listQuery(req("page=-1&page=2"), ["page"])).toEqual({ page: "2" });
  });
});

describe("the filters of an admin list with a trash", () => {
  const sort = { columns: ["id", "title"] as const, by: "id" as const, order: "desc" as const };
  it("keeps what the API accepts and falls back to the list's sort", () => {
    expect(listFilters({ q: "x".repeat(300), trashed: "only", sort_by: "title", order: "asc", page: "2" }, sort)).toEqual({ q: "x".repeat(255), trashed: "only", sort_by: "title", order: "asc", page: "2" });
    expect(listFilters({ trashed: "all", sort_by: "owner", order: "up", q: ["a", "b"] }, sort)).toEqual({ q: undefined, trashed: undefined, sort_by: "id", order: "desc", page: undefined });
  });
});
