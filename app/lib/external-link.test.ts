import { describe, expect, it } from "vitest";
import { externalLink } from "./external-link";

describe("externalLink", () => {
  it("links web addresses with rel=noopener", () => {
    expect(externalLink("https://example.org/calls")).toEqual({ href: "https://example.org/calls", rel: "noopener" });
    expect(externalLink(" http://example.org ")).toEqual({ href: "http://example.org", rel: "noopener" });
  });

  it("makes no link of an empty setting or another scheme", () => {
    for (const value of ["", "  ", "javascript:alert(1)", "data:text/html,x", "mailto:a@example.org", "//example.org", "https://"]) {
      expect(externalLink(value), value).toBeNull();
    }
  });
});
