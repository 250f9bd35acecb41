import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { blanksToAbsent, fieldErrorsOf, parseInput, versionOf } from "./write.server";

describe("the write pipeline's input step", () => {
  it("takes blanks and nulls as absent at any depth, dropping blank list entries but keeping rows in place", () => {
    expect(blanksToAbsent({ a: "", b: null, c: " x ", tags: ["", "t", null], rows: [{ d: " " }, { d: "2030-01-01" }], n: 0, f: false })).toEqual({
      c: " x ",
      tags: ["t"],
      rows: [{}, { d: "2030-01-01" }],
      n: 0,
      f: false,
    });
  });

  it("names fields as forms do, keeps message keys once and hides zod's English", () => {
    const issues = [
      { path: ["periods", 0, "date_from"], message: "validation.required" },
      { path: ["periods", 0, "date_from"], message: "validation.required" },
      { path: ["title"], message: "Invalid input: expected string" },
      { path: [], message: "call-validation.dates" },
    ];
    expect(fieldErrorsOf(issues)).toEqual({ "periods[0].date_from": ["validation.required"], title: ["validation.invalid"], _: ["call-validation.dates"] });
    expect(fieldErrorsOf(issues, true)).toMatchObject({ periods: ["validation.required"] });
  });

  it("reports the schema's and the references' errors together, once, as one 422", async () => {
    const schema = z.object({ title: z.string("validation.required"), ids: z.array(z.number()) });
    const failure = await parseInput(schema, { title: "  ", ids: [1] }, { references: async () => ({ ids: ["call-validation.unknown-infrastructure"] }) }).catch((e) => e);
    expect(failure).toMatchObject({ status: 422, message: "validation.failed", errors: { title: ["validation.required"], ids: ["call-validation.unknown-infrastructure"] } });
    await expect(parseInput(schema, { title: "T", ids: [] })).resolves.toEqual({ title: "T", ids: [] });
  });

  it("takes a version as the API wrote it, and names updated_at when it is missing or wrong", () => {
    expect(versionOf("2026-11-23T11:29:37.145Z").toISOString()).toBe("2026-11-23T11:29:37.145Z");
    expect(() => versionOf(undefined)).toThrow(expect.objectContaining({ errors: { updated_at: ["validation.required"] } }));
    expect(() => versionOf("yesterday")).toThrow(expect.objectContaining({ errors: { updated_at: ["validation.invalid"] } }));
  });
});
