// docs/decisions/044-media-on-s3.md: the S3 media storage against a real S3
// implementation (s3rver on loopback): streaming both ways, multipart uploads
// aborted on failure, idempotent deletes, the listing, and its settings.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mediaStorageFromEnv } from "../../app/media/config.server";
import { s3SettingsFromEnv } from "../../app/media/s3-settings.server";
import { PART_BYTES, s3Client, s3Storage } from "../../app/media/s3-storage.server";
import { MediaMissingError, MediaTooLargeError, type MediaStorage, type StoredObject } from "../../app/media/storage.server";
import { createTestApi } from "../support/api";
import { startS3, type TestS3 } from "../support/s3";
import { accessToken, demo } from "../support/tokens";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.close());

/** A storage of its own (fresh prefix) and the names of the S3 commands it sends. */
function storage(): { store: MediaStorage; sent: string[] } {
  const settings = s3.settings();
  const client = s3Client(settings);
  const sent: string[] = [];
  const send = client.send.bind(client);
  vi.spyOn(client, "send").mockImplementation(((command: { constructor: { name: string } }, ...rest: unknown[]) => {
    sent.push(command.constructor.name.replace(/Command$/, ""));
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof client.send);
  return { store: s3Storage(settings, client), sent };
}

/** `total` pseudo-random bytes made 64 KiB at a time (never whole in memory), then optionally a failure. */
function generated(total: number, seed: string, failAfter?: number): { stream: Readable; sha256: () => string } {
  const hash = crypto.createHash("sha256");
  let made = 0;
  let counter = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && made >= failAfter) {
        this.destroy(new Error("aborted"));
        return;
      }
      if (made >= total) {
        this.push(null);
        return;
      }
      const block = crypto.createHash("sha512").update(`${seed}${counter++}`).digest();
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - made));
      for (let at = 0; at < chunk.length; at += block.length) block.copy(chunk, at);
      made += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest("hex") };
}

async function digest(stream: Readable): Promise<{ sha256: string; size: number; chunks: number }> {
  const hash = crypto.createHash("sha256");
  let size = 0;
  let chunks = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    chunks++;
  }
  return { sha256: hash.digest("hex"), size, chunks };
}

const listed = async (store: MediaStorage) => {
  const all: StoredObject[] = [];
  for await (const o of store.list()) all.push(o);
  return all;
};
const keys = async (store: MediaStorage) => (await listed(store)).map((o) => o.key).sort();

describe("the S3 media storage", () => {
  it("stores a small file in one request, reads it back, lists it, and deletes it idempotently", async () => {
    const { store, sent } = storage();
    const key = crypto.randomUUID();
    expect(await store.put(key, Readable.from([Buffer.from("%PDF-1.4\n"), Buffer.from("hello")]), 1000)).toEqual({ size: 14 });
    expect(sent).toEqual(["PutObject"]);
    expect(Buffer.concat(await (await store.get(key)).toArray()).toString()).toBe("%PDF-1.4\nhello");
    expect(await listed(store)).toEqual([{ key, size: 14, modified: expect.any(Date) }]);
    await store.delete(key);
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(MediaMissingError);
    expect(await keys(store)).toEqual([]);
  });

  it("streams a 20 MB file in as a multipart upload and out again, byte for byte", async () => {
    const { store, sent } = storage();
    const key = crypto.randomUUID();
    const size = 20 * 1024 * 1024;
    const source = generated(size, "twenty");
    expect(await store.put(key, source.stream, size)).toEqual({ size });
    expect(sent[0]).toBe("CreateMultipartUpload");
    expect(sent.filter((c) => c === "UploadPart")).toHaveLength(Math.ceil(size / PART_BYTES));
    expect(sent.at(-1)).toBe("CompleteMultipartUpload");
    const back = await digest(await store.get(key));
    expect(back).toMatchObject({ sha256: source.sha256(), size });
    // Read as it arrives, not as one buffer.
    expect(back.chunks).toBeGreaterThan(10);
    expect(s3.openUploads()).toEqual([]);
  });

  it("aborts the multipart upload of a body that breaks off: no object, no parts", async () => {
    const { store, sent } = storage();
    const key = crypto.randomUUID();
    const source = generated(20 * 1024 * 1024, "broken", 12 * 1024 * 1024);
    await expect(store.put(key, source.stream, 30 * 1024 * 1024)).rejects.toThrow("aborted");
    expect(sent).toContain("UploadPart");
    expect(sent.at(-1)).toBe("AbortMultipartUpload");
    expect(s3.openUploads()).toEqual([]);
    expect(await keys(store)).toEqual([]);
    await expect(store.get(key)).rejects.toBeInstanceOf(MediaMissingError);
  });

  it("refuses a file over the limit while it streams, after parts went up, keeping nothing", async () => {
    const { store, sent } = storage();
    const key = crypto.randomUUID();
    await expect(store.put(key, generated(15 * 1024 * 1024, "large").stream, 11 * 1024 * 1024)).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(sent).toContain("CreateMultipartUpload");
    expect(sent.at(-1)).toBe("AbortMultipartUpload");
    expect(s3.openUploads()).toEqual([]);
    expect(await keys(store)).toEqual([]);
  });

  it("refuses a small file over the limit before sending anything", async () => {
    const { store, sent } = storage();
    await expect(store.put(crypto.randomUUID(), Readable.from([Buffer.alloc(2000)]), 1000)).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(sent).toEqual([]);
  });

  it("lists only its own prefix's media keys", async () => {
    const a = s3Storage(s3.settings("list-a/"));
    const b = s3Storage(s3.settings("list-a/nested/"));
    const key = crypto.randomUUID();
    await a.put(key, Readable.from([Buffer.from("a")]), 10);
    await b.put(crypto.randomUUID(), Readable.from([Buffer.from("b")]), 10);
    expect(await keys(a)).toEqual([key]);
    await expect(a.put("../escape", Readable.from([Buffer.from("x")]), 10)).rejects.toThrow(/invalid media key/);
  });

  it("checks the bucket at start-up and says what to fix", async () => {
    await expect(s3Storage(s3.settings()).check()).resolves.toBeUndefined();
    await expect(s3Storage({ ...s3.settings(), bucket: "no-such-bucket" }).check()).rejects.toThrow(/S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used \(HTTP 404\): check S3_BUCKET/);
  });

  it("is what mediaStorageFromEnv gives when S3_BUCKET is set, loading the SDK on first use", async () => {
    const store = mediaStorageFromEnv("/nonexistent", s3.env("from-env/"));
    const key = crypto.randomUUID();
    await store.put(key, Readable.from([Buffer.from("env")]), 10);
    expect(await keys(s3Storage(s3.settings("from-env/")))).toEqual([key]);
  });
});

describe("POST /api/media/uploads over S3", () => {
  it("keeps no object, no parts and no row of an upload whose request breaks off after parts went up", async () => {
    process.env.TEST_MEDIA_STORAGE = "s3";
    const api = await createTestApi();
    delete process.env.TEST_MEDIA_STORAGE;
    try {
      const rows = async () => Number((await api.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
      const before = await rows();
      const head = '--B\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n';
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
          // 12 MiB of the file (two parts uploaded), then the connection drops.
          if (sent >= 12 * 1024 * 1024) controller.error(new Error("aborted"));
          else controller.enqueue(new Uint8Array(256 * 1024).fill(97));
          sent += 256 * 1024;
        },
      });
      const headers = { authorization: `Bearer ${await accessToken(demo("applicant"))}`, "content-type": "multipart/form-data; boundary=B" };
      const res = await api.fetch(new Request("http://test.local/api/media/uploads", { method: "POST", body, headers, duplex: "half" } as RequestInit));
      expect(res.status).toBe(400);
      expect(await api.storedFiles()).toEqual([]);
      expect(await rows()).toBe(before);
    } finally {
      await api.close();
    }
  });
});

describe("s3SettingsFromEnv", () => {
  const full = { S3_BUCKET: "portal-media", S3_REGION: "eu-west-1" };

  it("keeps media in the folder without S3_BUCKET", () => {
    expect(s3SettingsFromEnv({})).toBeNull();
  });

  it("reads the bucket's settings, with media/ as the default prefix", () => {
    expect(s3SettingsFromEnv(full)).toEqual({ bucket: "portal-media", region: "eu-west-1", endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false, prefix: "media/" });
    expect(s3SettingsFromEnv({ ...full, S3_ENDPOINT: "http://minio:9000", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_FORCE_PATH_STYLE: "TRUE", S3_PREFIX: "" })).toMatchObject({ endpoint: "http://minio:9000", forcePathStyle: true, prefix: "" });
  });

  it("refuses at start-up what cannot work, naming every variable to fix", () => {
    expect(() => s3SettingsFromEnv({ S3_BUCKET: "portal-media" })).toThrow(/Invalid configuration \(S3_\*\): S3_REGION is required with S3_BUCKET/);
    expect(() => s3SettingsFromEnv({ ...full, S3_ACCESS_KEY_ID: "k" })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => s3SettingsFromEnv({ ...full, S3_ENDPOINT: "http://minio:9000" })).toThrow(/required with S3_ENDPOINT/);
    expect(() => s3SettingsFromEnv({ ...full, S3_ENDPOINT: "minio:9000", S3_FORCE_PATH_STYLE: "yes", S3_PREFIX: "/media" })).toThrow(
      /S3_ENDPOINT "minio:9000" is not an http\(s\) URL.*S3_FORCE_PATH_STYLE "yes" is neither true nor false; S3_PREFIX "\/media" must be/,
    );
    expect(() => s3SettingsFromEnv({ ...full, S3_BUCKET: "Portal_Media" })).toThrow(/S3_BUCKET "Portal_Media" is not a bucket name/);
    expect(() => s3SettingsFromEnv({ S3_ENDPOINT: "http://minio:9000", S3_REGION: "x" })).toThrow(/S3_ENDPOINT, S3_REGION set without S3_BUCKET/);
    expect(() => mediaStorageFromEnv("/tmp", { S3_BUCKET: "portal-media" })).toThrow(/S3_REGION/);
  });
});

describe("npm start with S3_BUCKET", () => {
  /** Runs server/start.ts with only these variables; it must stop before starting anything. */
  const start = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const vars = { PATH: process.env.PATH, NODE_ENV: "test", DATA_DIR: path.join(os.tmpdir(), `ta-s3-start-${crypto.randomUUID()}`), PORT: "1", ...env };
      execFile(process.execPath, ["--import", "tsx", "server/start.ts"], { env: vars as NodeJS.ProcessEnv, timeout: 30_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, output: stdout + stderr }),
      );
    });

  it("refuses to start, saying why, without the settings a bucket needs or with a bucket it cannot reach", { timeout: 40_000 }, async () => {
    const [incomplete, unreachable] = await Promise.all([
      start({ S3_BUCKET: "portal-media" }),
      start({ ...s3.env("start/"), S3_BUCKET: "missing-bucket" }),
    ]);
    expect(incomplete.code, incomplete.output).toBe(1);
    expect(incomplete.output).toMatch(/start failed.*Invalid configuration \(S3_\*\): S3_REGION is required with S3_BUCKET/);
    expect(unreachable.code, unreachable.output).toBe(1);
    expect(unreachable.output).toMatch(/start failed.*S3 bucket missing-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used \(HTTP 404\)/);
    expect(incomplete.output + unreachable.output).not.toMatch(/PostgreSQL started/);
  });
});
