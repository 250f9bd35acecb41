import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./preferences.server";

describe("safeReturnTo", () => {
  it("keeps same-origin paths, with their query and fragment", () => {
    expect(safeReturnTo("/admin/call?page=2#top")).toBe("/admin/call?page=2#top");
    expect(safeReturnTo("/")).toBe("/");
    expect(safeReturnTo("/a/../b")).toBe("/b");
  });

  it("refuses everything that could leave the site (docs/security.md#redirects)", () => {
    for (const bad of [
      "/\t/evil.example",
      "/%09/evil.example".replace("%09", "\t"),
      "//evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\r\nSet-Cookie: x=1",
      "/\n/evil.example",
      "/\u0000",
      "",
      "/".padEnd(3000, "a"),
    ]) {
      expect(safeReturnTo(bad), JSON.stringify(bad)).toBe("/");
    }
    expect(safeReturnTo(null, "/cookies")).toBe("/cookies");
  });

  it("percent-encodes characters a header cannot carry", () => {
    expect(safeReturnTo("/page/été ✓")).toBe("/page/%C3%A9t%C3%A9%20%E2%9C%93");
  });
});
