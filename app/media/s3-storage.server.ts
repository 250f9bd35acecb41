import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  type ListObjectsV2CommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Settings } from "./s3-settings.server";
import { limitTo, MediaMissingError, toReadable, UUID, type MediaStorage } from "./storage.server";

/**
 * The part size of multipart uploads: S3's minimum. A file up to this size
 * goes in one PutObject; a larger one in parts, PART_BYTES × (QUEUE + 1) of it
 * in memory at most (docs/decisions/044-media-on-s3.md).
 */
export const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // S3-compatible stores (MinIO, Ceph, Garage…) do not all take the
    // checksums the SDK adds by default to every upload; AWS itself gets them.
    ...(s.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
  } as const);
}

/**
 * Objects `<prefix><uuid>` in one bucket (docs/decisions/044-media-on-s3.md).
 * Uploads stream through lib-storage's Upload: a file over PART_BYTES goes as
 * a multipart upload, which is aborted when the body fails, breaks off or
 * passes the size limit, so no object and no parts stay behind.
 */
export function s3Storage(s: S3Settings, client: S3Client = s3Client(s)): MediaStorage {
  const objectKey = (key: string) => {
    // Keys are generated UUIDs, as in the folder storage.
    if (!UUID.test(key)) throw new Error(`invalid media key ${JSON.stringify(key)}`);
    return `${s.prefix}${key}`;
  };

  return {
    async put(key, stream, limitBytes) {
      const Key = objectKey(key);
      const counter = { size: 0 };
      // The body's own failure (too large, refused content, a request that
      // broke off) is what the caller must hear, not the upload's echo of it.
      let bodyError: unknown = null;
      const body = pipeline(toReadable(stream), limitTo(limitBytes, counter), () => undefined);
      body.on("error", (err) => (bodyError ??= err));
      const upload = new Upload({
        client,
        params: { Bucket: s.bucket, Key, Body: body, ContentType: "application/octet-stream" },
        partSize: PART_BYTES,
        queueSize: QUEUE,
        // Upload aborts the multipart upload itself on any failure.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        body.destroy();
        if (bodyError && err !== bodyError) {
          // The abort itself failed: parts may stay until the bucket's lifecycle rule removes them.
          console.warn(JSON.stringify({ level: "warn", msg: "multipart upload not aborted", key: Key, err: String(err) }));
        }
        throw bodyError ?? err;
      }
      return { size: counter.size };
    },

    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
        if (!res.Body) throw new MediaMissingError(key);
        // In Node the SDK's body is the HTTP response itself: a Readable.
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new MediaMissingError(key);
        throw err;
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible stores 404.
        if (!isMissing(err)) throw err;
      }
    },

    async *list() {
      let token: string | undefined;
      do {
        const page: ListObjectsV2CommandOutput = await client.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(s.prefix.length) ?? "";
          // Only what this storage writes: anything else in the bucket is not ours.
          if (UUID.test(key) && !key.includes("/")) yield { key, size: o.Size ?? 0, modified: o.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: s.bucket }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        throw new Error(`S3 bucket ${s.bucket}${s.endpoint ? ` at ${s.endpoint}` : ""} cannot be used (${status ? `HTTP ${status}` : String(err)}): check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials`);
      }
    },
  };
}
