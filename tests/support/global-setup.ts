// Once per test run: a real PostgreSQL (embedded) with a migrated and seeded
// template database that each test file clones, and the development identity
// provider whose JWKS the API verifies tokens against.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../app/db/embedded.server";
import { createDb } from "../../app/db/database.server";
import { prepareDatabase } from "../../app/db/prepare.server";
import { startDevIdp } from "../../idp/provider";
import { TEMPLATE_DB, TEST_AUDIENCE, TEST_CLIENT_ID } from "./constants";

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-vitest-"));
  // The embedded server runs as its own user when we are root: it must reach the folder.
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, "postgres"));
  await pg.createDatabase(TEMPLATE_DB);
  const db = createDb(pg.url(TEMPLATE_DB), 1);
  await prepareDatabase(db, { demo: true });
  await db.destroy();

  const keysFile = path.join(dir, "jwks.json");
  const idp = await startDevIdp({
    port: 0,
    audience: TEST_AUDIENCE,
    keysFile,
    clients: [{ client_id: TEST_CLIENT_ID, client_secret: "test-secret", redirect_uris: ["http://portal.test/auth/callback"], post_logout_redirect_uris: ["http://portal.test/"] }],
  });

  project.provide("pgUrlBase", pg.url(""));
  project.provide("issuer", idp.issuer);
  project.provide("keysFile", keysFile);

  return async () => {
    await idp.close();
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
