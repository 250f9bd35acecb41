// The media suites once more, with the API's media in an S3 server
// (s3rver on loopback, tests/support/s3.ts) instead of the folder: every
// upload, refusal, download, delete and purge rule holds for both storages
// (docs/decisions/044-media-on-s3.md).
import { describe } from "vitest";

process.env.TEST_MEDIA_STORAGE = "s3";

describe("media.test over S3", async () => {
  await import("./media.test");
});
describe("media-access.test over S3", async () => {
  await import("./media-access.test");
});
describe("media-purge.test over S3", async () => {
  await import("./media-purge.test");
});
