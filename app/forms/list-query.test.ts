import { describe, expect, it } from "vitest";
import { listQuery, pageParam } from "./list-query";

describe("page numbers of list screens", () => {
  it("keeps a real page number and drops anything else (page 1)", () => {
    expect(pageParam("3")).toBe("3");
    for (const bad of ["abc", "-1", "0", "1e3", "1.5", "01", "9999999", "", null, undefined]) expect(pageParam(bad), String(bad)).toBeUndefined();
    const req = (qs: string) => new Request(`http://portal.test/admin/call?${qs}`);
    expect(listQuery(req("page=abc&q=x"), ["q", "page"])).toEqual({ q: "x" });
    expect(listQuery(req("page=-1&page=2"), ["page"])).toEqual({ page: "2" });
  });
});
