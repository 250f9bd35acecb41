import { describe, expect, it } from "vitest";
import { documentFormSchema, documentSchema, normalizeTags, parseTagList } from "./document";

describe("tags", () => {
  it("trims, drops blanks and de-duplicates regardless of case, first spelling first", () => {
    expect(normalizeTags([" Reports", "reports ", "REPORTS", "", "Data   sets"])).toEqual(["Reports", "Data sets"]);
  });

  it("reads the form's comma-separated text", () => {
    expect(parseTagList("guidelines, Templates ,, guidelines")).toEqual(["guidelines", "Templates"]);
    expect(parseTagList(undefined)).toEqual([]);
  });
});

describe("document schemas", () => {
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it("needs a file for a published document, reported beside the other errors", () => {
    expect(messages(documentSchema.safeParse({ title: "", status: "published" }))).toEqual({
      title: "validation.required",
      attachments: "document-validation.attachment-required",
    });
    expect(documentSchema.safeParse({ title: "T", status: "draft" }).success).toBe(true);
  });

  it("applies the tag limits to the form's text too", () => {
    expect(messages(documentFormSchema.safeParse({ title: "T", status: "draft", tags: `ok, ${"t".repeat(101)}` }))).toEqual({
      tags: "document-validation.tag-max",
    });
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(",");
    expect(messages(documentFormSchema.safeParse({ title: "T", status: "draft", tags: many }))).toEqual({ tags: "document-validation.tags-max" });
  });

  it("accepts only the portal's roles", () => {
    expect(messages(documentSchema.safeParse({ title: "T", status: "draft", roles: ["evaluator", "root"] }))).toEqual({ roles: "validation.invalid" });
  });
});
