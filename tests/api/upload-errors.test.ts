// docs/security.md#uploads: no upload body, however broken, brings the portal down or
// leaves anything behind. Driven through the portal's real /api/* route
// (app/routes/api.$.ts), which streams the request into the media folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { accessToken, demo } from "../support/tokens";

let api: TestApi;
let dataDir: string;
beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-upload-errors-"));
  usePortalEnv(api, { DATA_DIR: dataDir, MEDIA_MAX_SIZE_MB: "0.01" });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const encoder = new TextEncoder();
const HEAD = (filename: string, type: string) => `--B\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
/** The body of the issue, byte for byte: no closing boundary. */
const TRUNCATED = '--B\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n';

/** Every file under the media folder, partial ones (.part) included. */
const storedFiles = () => {
  const dir = path.join(dataDir, "media");
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : [];
};
const mediaCount = async () => Number((await api.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

async function upload(body: BodyInit, contentType = "multipart/form-data; boundary=B"): Promise<Response> {
  const route = await import("../../app/routes/api.$");
  const request = new Request("http://portal.test/api/media/uploads", {
    method: "POST",
    body,
    headers: { "content-type": contentType, authorization: `Bearer ${await accessToken(demo("applicant"))}` },
    duplex: "half",
  } as RequestInit);
  return route.action({ request, params: {}, context: {} });
}

/** A body that sends `chunks` (with a pause before each) and then fails as an aborted request does. */
function aborting(chunks: (string | Uint8Array)[], pauseMs = 0) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      if (i < chunks.length) {
        const c = chunks[i++];
        controller.enqueue(typeof c === "string" ? encoder.encode(c) : c);
      } else controller.error(new Error("aborted"));
    },
  });
}

/** A body sent `chunk` bytes at a time with a pause before each, as a network delivers it. */
function paced(text: string, chunk: number) {
  const bytes = encoder.encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setImmediate(r));
      if (at < bytes.length) controller.enqueue(bytes.subarray(at, (at += chunk)));
      else controller.close();
    },
  });
}

async function expectNothingKept(res: Promise<Response>, status: number) {
  const rows = await mediaCount();
  const r = await res;
  expect(r.status).toBe(status);
  expect(await mediaCount()).toBe(rows);
  expect(storedFiles()).toEqual([]);
  return r;
}

describe("POST /api/media/uploads with a broken body", () => {
  it("answers 422 to the issue's body without its closing boundary, and keeps nothing", async () => {
    const res = await expectNothingKept(upload(TRUNCATED), 422);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors: { file: ["media.required"] } });
  });

  it("answers 422 to a body cut in the middle of the file, small or past the first chunk", async () => {
    await expectNothingKept(upload(HEAD("x.txt", "text/plain") + "hel"), 422);
    await expectNothingKept(upload(HEAD("r.pdf", "application/pdf") + "%PDF-1.4\n" + "a".repeat(8000)), 422);
    // Cut inside the part headers, and inside the boundary line.
    await expectNothingKept(upload('--B\r\nContent-Disposition: form-data; name="file"; filena'), 422);
    await expectNothingKept(upload(`${HEAD("x.txt", "text/plain")}hello\r\n--`), 422);
  });

  it("answers 422 to a body cut after a complete file but before the closing boundary", async () => {
    await expectNothingKept(upload(`${HEAD("x.txt", "text/plain")}hello\r\n--B\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue`), 422);
  });

  it("answers 422 to a malformed body: no boundary, wrong boundary, garbage", async () => {
    await expectNothingKept(upload(TRUNCATED, "multipart/form-data"), 422);
    await expectNothingKept(upload(TRUNCATED, "multipart/form-data; boundary=C"), 422);
    await expectNothingKept(upload("\u0000\u0001garbage", "multipart/form-data; boundary=B"), 422);
  });

  it("answers 400 when the request stream fails (an aborted upload), before or while the file is stored", async () => {
    await expectNothingKept(upload(aborting([])), 400);
    await expectNothingKept(upload(aborting([HEAD("x.txt", "text/plain")])), 400);
    await expectNothingKept(upload(aborting([HEAD("x.txt", "text/plain"), "hello"])), 400);
    await expectNothingKept(upload(aborting([HEAD("r.pdf", "application/pdf"), "%PDF-1.4\n", "a".repeat(3000), "b".repeat(3000)], 20)), 400);
  });

  it("answers media.too-large, not media.required, to a file over the limit that arrives chunk by chunk, and keeps nothing", async () => {
    const res = await expectNothingKept(upload(paced(`${HEAD("big.pdf", "application/pdf")}%PDF-1.4\n${"a".repeat(200_000)}\r\n--B--\r\n`, 4096)), 422);
    expect(await res.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors: { file: ["media.too-large"] } });
  });

  it("still stores a whole upload afterwards", async () => {
    const res = await upload(`${HEAD("x.txt", "text/plain")}hello\r\n--B--\r\n`);
    expect(res.status).toBe(201);
    expect(storedFiles()).toHaveLength(1);
    expect(storedFiles()[0]).not.toMatch(/\.part$/);
  });
});

describe("partial files left by a dead process", () => {
  it("are removed when the storage starts; files and partials of running processes stay", async () => {
    const { folderStorage, removeStalePartials } = await import("../../app/media/storage.server");
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ta-partials-"));
    try {
      const uuid = "0a1b2c3d-0000-4000-8000-000000000000";
      fs.mkdirSync(path.join(root, "0a"));
      const dead = path.join(root, "0a", `${uuid}.999999999.part`);
      const running = path.join(root, "0a", `${uuid}.${process.pid}.part`);
      const old = path.join(root, "0a", `${uuid}.${process.ppid}.part`); // a running process, but a day old
      const whole = path.join(root, "0a", uuid);
      for (const f of [dead, running, old, whole]) fs.writeFileSync(f, "x");
      const dayAgo = new Date(Date.now() - 25 * 3600_000);
      fs.utimesSync(old, dayAgo, dayAgo);

      expect((await removeStalePartials(root)).sort()).toEqual([path.join("0a", path.basename(dead)), path.join("0a", path.basename(old))].sort());
      expect(fs.existsSync(running)).toBe(true);
      expect(fs.existsSync(whole)).toBe(true);

      // folderStorage sweeps by itself.
      fs.writeFileSync(dead, "x");
      const warn = console.warn;
      console.warn = () => undefined;
      try {
        folderStorage(root);
        await expect.poll(() => fs.existsSync(dead)).toBe(false);
      } finally {
        console.warn = warn;
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
