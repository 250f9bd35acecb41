// The portal for the browser tests, isolated from the working tree: the sources
// are copied into a fresh temporary folder and built there (so a `remix build`
// run by someone else meanwhile cannot swap the assets under the running
// server), then started with a fresh DATA_DIR in the same folder (so the
// embedded PostgreSQL starts empty and is seeded with the demo data). The portal
// listens on E2E_PORT (default 3100), the development identity provider on the
// next port. The folder is removed when the server stops.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { smtpSink } from "../support/smtp-sink";
import { MAIL_LOG } from "./mail-log";

const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3100);
const IDP_PORT = PORTAL_PORT + 1;
const repo = path.resolve(import.meta.dirname, "../..");
const SOURCES = ["app", "server", "idp", "locales", "public", "remix.config.js", "package.json", "tsconfig.json"];

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ta-e2e-"));
// The embedded PostgreSQL runs as its own user when we are root: it must reach the folder.
fs.chmodSync(root, 0o755);
const cleanUp = () => fs.rmSync(root, { recursive: true, force: true });

// A local SMTP sink (docs/architecture.md#mail: mails arrive at a real SMTP server): every
// message the portal delivers is appended to MAIL_LOG, which the specs read.
const SMTP_PORT = PORTAL_PORT + 2;
fs.rmSync(MAIL_LOG, { force: true });
const smtp = smtpSink((mail) => fs.appendFileSync(MAIL_LOG, JSON.stringify(mail) + "\n"));
smtp.listen(SMTP_PORT, "127.0.0.1");

// A fake Crossref-compatible DOI service (docs/decisions/049-doi-metadata.md): one DOI it knows, 404 for the rest.
const DOI_PORT = PORTAL_PORT + 3;
const doiService = http.createServer((req, res) => {
  if (req.url === "/works/10.5555%2Fe2e.kittiwake") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({
      message: { title: ["Kittiwakes of the e2e fjord"], author: [{ given: "Ada", family: "Lovelace" }], issued: { "date-parts": [[2025]] }, "container-title": ["Journal of Tests"], type: "journal-article" },
    }));
  } else res.writeHead(404).end();
});
doiService.listen(DOI_PORT, "127.0.0.1");

let child: ReturnType<typeof spawn> | undefined;
try {
  const app = path.join(root, "app");
  for (const entry of SOURCES) {
    fs.cpSync(path.join(repo, entry), path.join(app, entry), {
      recursive: true,
      filter: (src) => !src.startsWith(path.join(repo, "public", "build")),
    });
  }
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(app, "node_modules"), "dir");
  execFileSync(process.execPath, [path.join(app, "node_modules/@remix-run/dev/dist/cli.js"), "build"], { cwd: app, stdio: "inherit" });

  // Its own process group, so we decide the shutdown order and can end all of it.
  child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: app,
    env: {
      ...process.env,
      PORT: String(PORTAL_PORT),
      IDP_PORT: String(IDP_PORT),
      HOST: "127.0.0.1",
      PORTAL_URL: `http://localhost:${PORTAL_PORT}`,
      DATA_DIR: path.join(root, "data"),
      // One web process (npm start runs one per core): the browser tests need no more, and it saves memory.
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
      // Copies of the decision stages' demo applications, one per test that moves one on (app/db/seeds/demo-applications.ts).
      // E and F: tests/e2e/acceptance.spec.ts (js-on, js-off); J: tests/e2e/decisions-journey.spec.ts.
      DEMO_STAGE_COPIES: "A,B,C,D,E,F,J",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "Portal <portal@e2e.invalid>",
      DOI_METADATA_URL: `http://127.0.0.1:${DOI_PORT}`,
    },
    stdio: "inherit",
    detached: true,
  });
} catch (err) {
  cleanUp();
  throw err;
}

child.on("exit", (code, signal) => {
  smtp.close();
  doiService.close();
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill("SIGTERM");
  setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  }, 10_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
