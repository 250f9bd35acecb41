// A real S3 implementation (s3rver) for the tests, on loopback in a temporary
// folder: the S3 media storage is tested against it, and the media suites run
// over it when TEST_MEDIA_STORAGE=s3 (tests/support/api.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../app/media/s3-settings.server";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Settings for a storage of its own under a fresh prefix (or `prefix`). */
  settings(prefix?: string): S3Settings;
  /** The same as S3_* variables (for a child process). */
  env(prefix: string): Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted: parts left behind. */
  openUploads(): string[];
  close(): Promise<void>;
}

const BUCKET = "ta-media-test";
// s3rver's own fixed credentials: it checks every request's signature with them.
const KEY = "S3RVER";

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "ta-s3-"));
  const uploadsDir = path.join(directory, BUCKET, "._S3rver_uploads");
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  // s3rver 3.7 lacks AbortMultipartUpload (DELETE ?uploadId): it is added here,
  // doing what S3 does, dropping the upload's parts, so the storage's abort is
  // exercised and its absence would leave a folder openUploads() sees.
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.method !== "DELETE" || typeof ctx.query.uploadId !== "string") return next();
    const id = ctx.query.uploadId;
    if (!/^[0-9a-f]+$/.test(id) || !fs.existsSync(path.join(uploadsDir, id))) {
      ctx.status = 404;
      return;
    }
    await fsp.rm(path.join(uploadsDir, id), { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: BUCKET,
    settings: (prefix = `t-${crypto.randomBytes(4).toString("hex")}/`) => ({
      bucket: BUCKET,
      endpoint,
      region: "us-east-1",
      accessKeyId: KEY,
      secretAccessKey: KEY,
      forcePathStyle: true,
      prefix,
    }),
    env: (prefix) => ({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: prefix,
    }),
    openUploads: () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : []),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
