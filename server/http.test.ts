// The front door with a stub instead of Remix: what it adds to every response
// and what it refuses before the handler (Remix) sees a request.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, KEEP_ALIVE_TIMEOUT_MS, withTimeouts } from "./http";
import { openRequestScopes, REQUEST_SCOPE_HEADER, requestScope } from "../app/http/request-scope.server";

const logs: string[] = [];
const handled: string[] = [];
let server: http.Server;
let base: string;
const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-http-"));

beforeAll(async () => {
  fs.mkdirSync(path.join(publicDir, "build"));
  fs.writeFileSync(path.join(publicDir, "build", "app-ABC.js"), "console.log(1)");
  fs.writeFileSync(path.join(publicDir, "build", "big-ABC.js"), "console.log(2);\n".repeat(400));
  fs.writeFileSync(path.join(publicDir, "favicon.svg"), "<svg/>");
  const app = createApp({
    portalUrl: "http://portal.test",
    oidcIssuer: "http://idp.test",
    publicDir,
    assetsPath: "/build/",
    writeLog: (line) => logs.push(line),
    handler: (req, res) => {
      handled.push(`${req.method} ${req.url}`);
      if (req.url === "/scope") {
        // Two copies of the request, as Remix makes one per loader.
        const copy = () => new Request(`http://portal.test${req.url}`, { headers: req.headers as Record<string, string> });
        const [a, b] = [copy(), copy()];
        return void res.json({ id: req.headers[REQUEST_SCOPE_HEADER], shared: requestScope(a) === requestScope(b), open: openRequestScopes() });
      }
      if (req.url === "/big-page") return void res.type("text/html").send("<p>row</p>\n".repeat(500));
      if (req.headers["if-none-match"] === '"v1"') return void res.status(304).set("ETag", '"v1"').end();
      res.set("ETag", '"v1"').type("text/html").send(`<script nonce="${res.locals.cspNonce}"></script>`);
    },
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe("the portal's HTTP server", () => {
  it("compresses pages (zlib's fastest level) and the build's files (the default level) for clients that accept gzip", async () => {
    const get = (p: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${base}${p}`, { headers: { "accept-encoding": "gzip" } }, (res) => (res.resume(), resolve(res))).on("error", reject);
      });
    for (const p of ["/big-page", "/build/big-ABC.js"]) {
      const res = await get(p);
      expect(res.statusCode, p).toBe(200);
      expect(res.headers["content-encoding"], p).toBe("gzip");
    }
  });

  it("answers in Brotli the clients that take it, as browsers over HTTPS do", async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${base}/big-page`, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, resolve).on("error", reject);
    });
    expect(res.headers["content-encoding"]).toBe("br");
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    expect(zlib.brotliDecompressSync(Buffer.concat(chunks)).toString()).toBe("<p>row</p>\n".repeat(500));
  });

  it("gives each request one scope its copies share, named by the server (never the client) and forgotten once answered", async () => {
    const before = openRequestScopes();
    const response = await fetch(`${base}/scope`, { headers: { [REQUEST_SCOPE_HEADER]: "chosen-by-client" } });
    const body = (await response.json()) as { id: string; shared: boolean; open: number };
    expect(body.id).toBe(response.headers.get("x-request-id"));
    expect(body.shared).toBe(true);
    expect(body.open).toBe(before + 1);
    await expect.poll(() => openRequestScopes()).toBe(before);
    // A request the server did not stamp gets a scope of its own.
    const stray = new Request("http://portal.test/", { headers: { [REQUEST_SCOPE_HEADER]: body.id } });
    expect(requestScope(stray)).not.toBe(requestScope(new Request("http://portal.test/", { headers: { [REQUEST_SCOPE_HEADER]: body.id } })));
    expect(requestScope(stray)).toBe(requestScope(stray));
  });

  it("gives every response the security headers and a request id, and the handler the nonce", async () => {
    const response = await fetch(`${base}/call`);
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await response.text()).toBe(`<script nonce="${nonce}"></script>`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-powered-by")).toBeNull();
    const id = response.headers.get("x-request-id");
    expect(JSON.parse(logs.at(-1)!)).toMatchObject({ msg: "request", id, method: "GET", path: "/call", status: 200 });
  });

  it("sends a 304 without a policy, so the cached page keeps the one its nonce matches", async () => {
    const response = await fetch(`${base}/call`, { headers: { "If-None-Match": '"v1"' } });
    expect(response.status).toBe(304);
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves fingerprinted assets for a year and other public files briefly", async () => {
    const asset = await fetch(`${base}/build/app-ABC.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("refuses bad URLs, cross-site writes and oversized forms before the handler", async () => {
    handled.length = 0;
    expect((await fetch(`${base}/page/%00`)).status).toBe(400);
    expect((await fetch(`${base}/page/%E0%A4%A`)).status).toBe(400);
    const post = (headers: Record<string, string>, body = "theme=dark") =>
      fetch(`${base}/preferences/theme`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });
    expect((await post({ Origin: "http://evil.example" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post({ Origin: "http://portal.test" }, "x".repeat(4 * 1024 * 1024 + 1))).status).toBe(413);
    expect(handled).toEqual([]);
    expect((await post({ Origin: "http://portal.test" })).status).toBe(200);
    expect(handled).toEqual(["POST /preferences/theme"]);
  });

  it("leaves /api requests to the API", async () => {
    handled.length = 0;
    const response = await fetch(`${base}/api/calls`, { method: "POST", headers: { Origin: "http://evil.example" }, body: "{}" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(handled).toEqual(["POST /api/calls"]);
  });

  it("logs no query secrets, no cookies and no Authorization", async () => {
    logs.length = 0;
    await fetch(`${base}/api/media/download/5?token=eyJsecret.jwt.value`, { headers: { Authorization: "Bearer eyJbearer", Cookie: "__session=s3cret" } });
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]).path).toBe("/api/media/download/5?token=REDACTED");
    expect(logs[0]).not.toMatch(/secret|eyJ|s3cret/);
  });
});

describe("the server's timeouts", () => {
  it("keeps an idle connection open longer than a proxy keeps one to reuse (Caddy: 2 minutes), and says so", async () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(120_000);
    const server = withTimeouts(http.createServer((_req, res) => res.end("ok")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const agent = new http.Agent({ keepAlive: true });
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, agent }, (r) => (r.resume(), resolve(r))).on("error", reject);
      });
      agent.destroy();
      expect(res.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(server.headersTimeout).toBe(30_000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
