import { describe, expect, it } from "vitest";
import { callListQuery, isCallOpen } from "./call-list.server";
import { formatDay, todayIso } from "../dates";

describe("isCallOpen", () => {
  const call = { status: "open", open_at: "2027-01-10", close_at: "2027-02-10" };
  it("is open from the opening day to the closing day, both included", () => {
    expect(isCallOpen(call, "2027-01-09")).toBe(false);
    expect(isCallOpen(call, "2027-01-10")).toBe(true);
    expect(isCallOpen(call, "2027-02-10")).toBe(true);
    expect(isCallOpen(call, "2027-02-11")).toBe(false);
  });
  it("is never open unless its status is open", () => {
    for (const status of ["draft", "publish", "closed"]) expect(isCallOpen({ ...call, status }, "2027-01-20")).toBe(false);
  });
});

describe("call list filter", () => {
  it("has the defaults of docs/data.md#list-filters", () => {
    expect(callListQuery.parse({})).toMatchObject({ sort_by: "id", order: "desc", includes: "available_infrastructures", page: 1, per_page: 20 });
  });
  it("accepts repeated or comma-separated ids and statuses", () => {
    const q = callListQuery.parse({ "includeIds[]": "3,4", "status[]": ["open", "draft"] });
    expect(q["includeIds[]"]).toEqual([3, 4]);
    expect(q["status[]"]).toEqual(["open", "draft"]);
  });
  it("refuses unknown sort columns and statuses", () => {
    expect(callListQuery.safeParse({ sort_by: "password" }).success).toBe(false);
    expect(callListQuery.safeParse({ "status[]": "bogus" }).success).toBe(false);
  });
});

describe("dates", () => {
  it("takes today's day in Brussels, not UTC", () => {
    // 23:30 UTC on 31 December is already New Year's Day in Brussels.
    expect(todayIso(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(todayIso(new Date("2027-07-01T21:59:00Z"))).toBe("2027-07-01");
    expect(todayIso(new Date("2027-07-01T22:00:00Z"))).toBe("2027-07-02");
  });
  it("shows a calendar day in the reader's language without shifting it", () => {
    expect(formatDay("2027-03-15", "en")).toBe("15 March 2027");
    expect(formatDay("2027-03-15", "fr")).toBe("15 mars 2027");
  });
});
