import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./accept-encoding";

describe("acceptsGzip", () => {
  it("lets gzip through when it is named or covered by *, unless its weight is 0", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
