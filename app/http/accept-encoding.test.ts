import { describe, expect, it } from "vitest";
import { acceptsEncoding } from "./accept-encoding";

describe("acceptsEncoding", () => {
  it("lets a coding through when it is named or covered by *, unless its weight is 0", () => {
    expect(acceptsEncoding("gzip, deflate, br", "gzip")).toBe(true);
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("br;q=1.0, GZIP;q=0.5", "gzip")).toBe(true);
    expect(acceptsEncoding("*", "br")).toBe(true);
    expect(acceptsEncoding("gzip;q=0, *", "gzip")).toBe(false);
    expect(acceptsEncoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsEncoding("*;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding("br, deflate", "gzip")).toBe(false);
    expect(acceptsEncoding("gzip, deflate", "br")).toBe(false);
    expect(acceptsEncoding("identity", "gzip")).toBe(false);
    expect(acceptsEncoding("", "gzip")).toBe(false);
    expect(acceptsEncoding(null, "br")).toBe(false);
  });
});
