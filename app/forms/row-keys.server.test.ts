import { describe, expect, it } from "vitest";
import { keyRows } from "./row-keys.server";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("keyRows", () => {
  it("keys the posted rows that have none, keeps the others' keys", () => {
    const f = form([["members[0].key", "abc"], ["members[0].name", "A"], ["members[1].key", ""], ["members[1].name", "B"], ["members[3].email", "c@x"], ["membersx[0].name", "no"]]);
    keyRows(f, "members");
    expect(f.get("members[0].key")).toBe("abc");
    expect(f.get("members[1].key")).toMatch(/^[a-z0-9-]{8}$/);
    expect(f.get("members[3].key")).toMatch(/^[a-z0-9-]{8}$/);
    expect(f.get("members[1].key")).not.toBe(f.get("members[3].key"));
    expect(f.has("members[2].key")).toBe(false);
    expect(f.has("membersx[0].key")).toBe(false);
  });

  it("keys the rows of an inner list of every outer row", () => {
    const f = form([["infrastructures[0].accesses[0].type", "remote"], ["infrastructures[2].accesses[1].key", "k1"], ["infrastructures[2].accesses[1].type", "physical"]]);
    keyRows(f, "infrastructures[].accesses");
    expect(f.get("infrastructures[0].accesses[0].key")).toMatch(/^[a-z0-9-]{8}$/);
    expect(f.get("infrastructures[2].accesses[1].key")).toBe("k1");
    expect(f.has("infrastructures[0].key")).toBe(false);
  });
});
