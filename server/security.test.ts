import { describe, expect, it } from "vitest";
import {
  FORM_BODY_LIMIT,
  isCrossSiteWrite,
  isMalformedUrl,
  isOversizedForm,
  newNonce,
  redactUrl,
  requestLogLine,
  securityHeaders,
} from "./security";

describe("securityHeaders", () => {
  const http = securityHeaders("abc123", { portalUrl: "http://localhost:3000", oidcIssuer: "https://sso.example.org/realms/ta" });

  it("allows scripts from the portal and with the nonce only", () => {
    const csp = http["Content-Security-Policy"];
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toMatch(/style-src 'self'(;|$)/);
  });

  it("lets forms go to the portal and the identity provider's origin, and nowhere else", () => {
    expect(http["Content-Security-Policy"]).toContain("form-action 'self' https://sso.example.org;");
    const sameOrigin = securityHeaders("n", { portalUrl: "https://portal.example.org", oidcIssuer: "https://portal.example.org/idp" });
    expect(sameOrigin["Content-Security-Policy"]).toContain("form-action 'self';");
    const noIssuer = securityHeaders("n", { portalUrl: "https://portal.example.org", oidcIssuer: "not a url" });
    expect(noIssuer["Content-Security-Policy"]).toContain("form-action 'self';");
  });

  it("refuses framing, base changes and plugins, and sniffing", () => {
    expect(http["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(http["Content-Security-Policy"]).toContain("base-uri 'self'");
    expect(http["Content-Security-Policy"]).toContain("object-src 'none'");
    expect(http["X-Frame-Options"]).toBe("DENY");
    expect(http["X-Content-Type-Options"]).toBe("nosniff");
    expect(http["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("sends HSTS only when the portal is served over https", () => {
    expect(http["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("n", { portalUrl: "https://portal.example.org" })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });

  it("makes a different nonce every time", () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(Buffer.from(newNonce(), "base64")).toHaveLength(16);
  });
});

describe("isCrossSiteWrite", () => {
  const portal = "https://portal.example.org";
  it.each([
    ["POST", { origin: "https://evil.example" }, true],
    ["DELETE", { origin: "https://portal.example.org:8443" }, true],
    ["PUT", { origin: "null" }, true],
    ["POST", { "sec-fetch-site": "cross-site" }, true],
    ["PATCH", { origin: "https://portal.example.org", "sec-fetch-site": "cross-site" }, true],
    ["POST", { origin: "https://portal.example.org" }, false],
    ["POST", { "sec-fetch-site": "same-origin" }, false],
    // No Origin at all (curl, old browsers): the SameSite=Lax session cookie protects.
    ["POST", {}, false],
    // Reads are never refused: links from other sites must work.
    ["GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, false],
    ["HEAD", { "sec-fetch-site": "cross-site" }, false],
  ] as const)("%s %j → %s", (method, headers, expected) => {
    expect(isCrossSiteWrite(method, headers, portal)).toBe(expected);
  });
});

describe("isMalformedUrl", () => {
  it.each(["/page/%00", "/page/a%00b", "/document-library?tag=%00", "/x?%00=1", "/page/%E0%A4%A", "/call?q=%", "/%zz"])("refuses %s", (url) => {
    expect(isMalformedUrl(url)).toBe(true);
  });
  it.each(["/", "/page/about", "/page/%C3%A9t%C3%A9", "/call?q=a+b&page=2", "/document-library?tag=x%26y", "/a?b", "/a?"])("accepts %s", (url) => {
    expect(isMalformedUrl(url)).toBe(false);
  });
});

describe("isOversizedForm", () => {
  const form = "application/x-www-form-urlencoded";
  it("refuses a form body announced over the limit", () => {
    expect(isOversizedForm("POST", { "content-type": form, "content-length": String(FORM_BODY_LIMIT + 1) })).toBe(true);
    expect(isOversizedForm("POST", { "content-type": "application/json", "content-length": "99999999" })).toBe(true);
  });
  it("leaves multipart uploads, small bodies and reads alone", () => {
    expect(isOversizedForm("POST", { "content-type": form, "content-length": String(FORM_BODY_LIMIT) })).toBe(false);
    expect(isOversizedForm("POST", { "content-type": "multipart/form-data; boundary=x", "content-length": "99999999" })).toBe(false);
    expect(isOversizedForm("GET", { "content-length": "99999999" })).toBe(false);
    expect(isOversizedForm("POST", { "content-type": form })).toBe(false);
  });
});

describe("request logs", () => {
  it("never show tokens, codes or states from the query", () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    expect(redactUrl(`/api/media/download/5?token=${jwt}`)).toBe("/api/media/download/5?token=REDACTED");
    expect(redactUrl(`/auth/callback?code=abc&state=def&iss=http%3A%2F%2Fidp`)).toBe("/auth/callback?code=REDACTED&state=REDACTED&iss=http%3A%2F%2Fidp");
    expect(redactUrl(`/x?ACCESS_TOKEN=${jwt}&page=2`)).toBe("/x?ACCESS_TOKEN=REDACTED&page=2");
    expect(redactUrl(`/x?%74oken=${jwt}`)).toBe("/x?%74oken=REDACTED");
    expect(redactUrl("/call?page=2&q=token")).toBe("/call?page=2&q=token");
    expect(redactUrl("/call")).toBe("/call");
  });

  it("are one JSON object with the request id, method, path, status and time taken", () => {
    const at = new Date("2027-01-01T00:00:00Z");
    const line = requestLogLine({ id: "r1", method: "GET", url: "/api/media/download/5?token=secret", status: 200, ms: 12.345, at });
    expect(line).toEqual({ level: "info", time: "2027-01-01T00:00:00.000Z", msg: "request", id: "r1", method: "GET", path: "/api/media/download/5?token=REDACTED", status: 200, ms: 12.3 });
    expect(JSON.stringify(line)).not.toContain("secret");
    expect(requestLogLine({ id: "r2", method: "POST", url: "/", status: 503, ms: 1 }).level).toBe("error");
  });

  it("name the route pattern and the user, and mark a request slower than the threshold at level warn", () => {
    const line = requestLogLine({ id: "r3", method: "GET", url: "/application/12?x=1", status: 200, ms: 2500, route: "/application/:id", user: 7, slowMs: 2000 });
    expect(line).toMatchObject({ level: "warn", route: "/application/:id", user: 7, slow: true });
    expect(requestLogLine({ id: "r4", method: "GET", url: "/", status: 200, ms: 10, slowMs: 2000 })).not.toHaveProperty("slow");
    expect(requestLogLine({ id: "r5", method: "GET", url: "/", status: 500, ms: 9000, slowMs: 2000 }).level).toBe("error");
  });
});
