import { describe, expect, it } from "vitest";
import { pageSchema, SLUG_PATTERN, slugify } from "./page";

describe("slugify", () => {
  it.each([
    ["About the programme", "about-the-programme"],
    ["Élan: über café!", "elan-uber-cafe"],
    ["  How   to -- apply?  ", "how-to-apply"],
    ["2027", "page-2027"],
    ["!!!", "page"],
  ])("makes %j into %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(slug).toMatch(SLUG_PATTERN);
  });

  it("stays within 255 characters without a trailing dash", () => {
    const slug = slugify(`${"word ".repeat(100)}end`);
    expect(slug.length).toBeLessThanOrEqual(255);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});

describe("pageSchema", () => {
  it("fills the optional fields with their defaults", () => {
    expect(pageSchema.parse({ title: " Title ", status: "draft" })).toEqual({
      title: "Title", summary: "", content: "", title_fr: "", summary_fr: "", content_fr: "", status: "draft", is_public: false, in_menu: false, menu_order: 0, attachments: [], documents: [],
    });
  });

  it("keeps a valid slug and refuses one that is all digits", () => {
    expect(pageSchema.parse({ title: "T", status: "draft", slug: "call-2027" }).slug).toBe("call-2027");
    expect(pageSchema.safeParse({ title: "T", status: "draft", slug: "2027" }).error?.issues[0].message).toBe("page-validation.slug");
  });
});
