// The portal's own HTTP server (it replaced remix-serve, ADR 013): Remix and the
// API behind security headers with a per-response script nonce, request
// refusals that need no Remix (bad URLs, cross-site writes, oversized forms),
// JSON request logs without secrets, and a graceful stop.
// First: it loads @remix-run/router before the Remix packages below do (route-matching.ts).
import "./router-first";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import {
  isCrossSiteWrite,
  isMalformedUrl,
  isOversizedForm,
  newNonce,
  requestLogLine,
  securityHeaders,
  type SecurityOptions,
} from "./security";
import { memoizeRouteMatching } from "./route-matching";
import { memoizeRenderRoutes } from "./render-routes";
import { keepLoaderJsonInRouter } from "./loader-json";
import { aboutRequest, beginRequestScope, endRequestScope, REQUEST_SCOPE_HEADER } from "../app/http/request-scope.server";
import { collectProcessMetrics, countRequest, routeLabel } from "../app/lib/metrics.server";
import { keptPublicPage, publicPageKey, wantsFreshPage } from "../app/cache/public-pages.server";
import { pageBody } from "../app/http/page-body.server";

export interface HttpOptions extends SecurityOptions {
  /** Answers everything else: Remix (with the API at /api) in the portal, a stub in tests. */
  handler: express.RequestHandler;
  /** Folder of the public files (public/); the build's fingerprinted assets are in its build/. */
  publicDir: string;
  /** URL path of the fingerprinted assets (the build's publicPath, "/build/"). */
  assetsPath: string;
  /** Where request log lines go; stdout by default. */
  writeLog?: (line: string) => void;
  /** A request slower than this is logged at level warn, marked slow (SLOW_REQUEST_MS, 2000 by default). */
  slowMs?: number;
}

/** How much of a refused oversized body is read and dropped before its connection is closed. */
const DISCARD_LIMIT = 64 * 1024 * 1024;

const isApi = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/** Plain refusals, answered before anything reads the body. */
function refuse(res: Response, status: number, text: string) {
  res.status(status).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(text);
}

/**
 * Every response gets the security headers, unless its handler set its own (e.g.
 * a download's stricter CSP). A 304 gets no Content-Security-Policy: browsers
 * update a cached response's headers from its 304, and this response's nonce
 * would not match the scripts of the cached page.
 */
function withSecurityHeaders(res: Response, headers: Record<string, string>) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    for (const [name, value] of Object.entries(headers)) {
      if (status === 304 && name === "Content-Security-Policy") this.removeHeader(name);
      else if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

export function createApp(options: HttpOptions): express.Express {
  const writeLog = options.writeLog ?? ((line: string) => process.stdout.write(`${line}\n`));
  const slowMs = options.slowMs ?? 2_000;
  const app = express();
  app.disable("x-powered-by");

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const id = crypto.randomUUID();
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("X-Request-Id", id);
    // What the request's loaders share (app/http/request-scope.server.ts); never the client's value.
    req.headers[REQUEST_SCOPE_HEADER] = id;
    beginRequestScope(id);
    withSecurityHeaders(res, securityHeaders(nonce, options));
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const about = aboutRequest(id);
      // An API operation's own path pattern; a page's path with its ids as :id (docs/operations.md#metrics).
      const route = isApi(req.url) && about.apiRoute && res.statusCode !== 404 ? `/api${about.apiRoute}` : routeLabel(req.originalUrl, res.statusCode);
      countRequest(req.method, route, res.statusCode, ms / 1000);
      // A response cut short (client gone) keeps the status it would have had.
      writeLog(JSON.stringify(requestLogLine({ id, method: req.method, url: req.originalUrl, status: res.statusCode, ms, route, user: about.user, slowMs })));
    };
    res.on("finish", log);
    res.on("close", log);
    res.on("close", () => endRequestScope(id));
    next();
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApi(req.url)) return next();
    if (isMalformedUrl(req.url)) return refuse(res, 400, "Bad request: malformed URL");
    if (isCrossSiteWrite(req.method, req.headers as Record<string, string>, options.portalUrl)) {
      return refuse(res, 403, "Forbidden: cross-site request");
    }
    if (isOversizedForm(req.method, req.headers as Record<string, string>)) {
      // Nothing is parsed: the body is read and dropped, so the sender gets the
      // 413 rather than a broken pipe; a body far past the limit loses its connection.
      let dropped = 0;
      req.on("data", (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > DISCARD_LIMIT) req.socket.destroy();
      });
      req.resume();
      return refuse(res, 413, "Payload too large");
    }
    next();
  });

  // The build's files are cached for a year: worth the default compression.
  // Pages and API answers are made per request: zlib's fastest level costs a
  // third of the default's CPU (it was a page's largest single cost under
  // load, bench/profile.ts) for a few percent more bytes; for clients that take
  // Brotli (browsers over HTTPS), its quality 1 instead of the middleware's 4:
  // as small as zlib's fastest and twice as fast (entry.server.tsx does the same
  // for whole pages).
  app.use(
    options.assetsPath,
    compression(),
    express.static(path.join(options.publicDir, "build"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }));
  // The public files are known at start (public/ is part of the build): a page's
  // URL is not looked up on disk first (docs/budgets.md#per-request-work: no disk reads per request).
  const publicFiles = express.static(options.publicDir, { maxAge: "1h", index: false });
  const publicNames = publicEntries(options.publicDir);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const first = req.path.split("/")[1] ?? "";
    return publicNames.has(first) ? publicFiles(req, res, next) : next();
  });
  app.use(publicPageCache);
  app.all("*", options.handler);
  return app;
}

/**
 * A signed-out page that entry.server.tsx kept for the same request (ADR 031)
 * is sent again without Remix: with this response's nonce, its ETag (a 304 when
 * the browser has it) and the compression this request asks for.
 */
function publicPageCache(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" || isApi(req.url)) return next();
  let url: URL;
  try {
    url = new URL(req.originalUrl, "http://portal.internal");
  } catch {
    return next();
  }
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const key = publicPageKey(req.method, url.pathname + url.search, header);
  const page = key && !wantsFreshPage(header) ? keptPublicPage(key, res.locals.cspNonce as string) : undefined;
  if (!page) return next();
  const out = pageBody({ get: (name) => header(name.toLowerCase()) ?? null }, page.html, page.headers, 200, page.etag);
  res.status(out.status);
  out.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(out.body ? Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength) : undefined);
}

/** The names (URL-encoded, as requests spell them) of public/'s top-level files and folders, but the build's. */
function publicEntries(dir: string): Set<string> {
  try {
    return new Set(fs.readdirSync(dir).filter((name) => name !== "build").map(encodeURIComponent));
  } catch {
    return new Set();
  }
}

/**
 * How long an idle kept-alive connection stays open: longer than a reverse proxy
 * or client keeps one idle to reuse it (Caddy 2 minutes, nginx and AWS's load
 * balancers 60 s). Node's 5 s default closed connections a proxy, or the soak's
 * clients, were about to send on: the request was reset (docs/operations.md#several-instances).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 125_000;

/** The server's timeouts: slow-loris defences (headers and body in reasonable time) and the keep-alive above. */
export function withTimeouts(server: http.Server): http.Server {
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}

export interface RunningServer {
  server: http.Server;
  /** Stops accepting, lets in-flight requests finish (up to timeoutMs), then closes every connection. */
  close: (timeoutMs?: number) => Promise<void>;
}

/**
 * Loads build/index.js and listens on HOST (all interfaces by default) and
 * PORT; once `serveWhen` resolves, when given (a standby web process: loaded,
 * waiting for its turn).
 */
export async function startHttpServer(env: NodeJS.ProcessEnv = process.env, { serveWhen }: { serveWhen?: Promise<void> } = {}): Promise<RunningServer> {
  const root = path.resolve(env.PORTAL_ROOT ?? ".");
  // A build's route tree never changes: a path is matched against it once (route-matching.ts).
  memoizeRouteMatching();
  // Nor does the tree a page is rendered with (render-routes.ts).
  memoizeRenderRoutes();
  // A loader's JSON is parsed back from its text, not read from its body (loader-json.ts).
  keepLoaderJsonInRouter();
  const build = (await import(pathToFileURL(path.join(root, "build", "index.js")).href)) as ServerBuild;
  // Node 20 and later have fetch, Request, Response, Headers, FormData and File
  // built in; Remix's polyfills (@remix-run/web-fetch) would replace them with
  // slower ones, used by every request and every in-process API call.
  if (typeof globalThis.File === "undefined") installGlobals({ nativeFetch: true });
  const port = Number(env.PORT ?? 3000);
  const app = createApp({
    handler: createRequestHandler({
      build,
      mode: env.NODE_ENV,
      // The nonce goes to entry.server.tsx and root.tsx's scripts.
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
    assetsPath: build.publicPath,
    publicDir: path.join(root, "public"),
    portalUrl: (env.PORTAL_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    oidcIssuer: env.OIDC_ISSUER,
    slowMs: env.SLOW_REQUEST_MS ? Number(env.SLOW_REQUEST_MS) : undefined,
  });
  collectProcessMetrics();
  const server = withTimeouts(http.createServer(app));
  await serveWhen;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, env.HOST || "0.0.0.0", () => resolve());
  });
  return {
    server,
    close: (timeoutMs = 10_000) =>
      new Promise<void>((resolve) => {
        // Keep-alive connections become idle as their last response ends: close them as they do.
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        const timer = setTimeout(() => {
          server.closeAllConnections();
          clearInterval(idle);
          resolve();
        }, timeoutMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          clearInterval(idle);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
