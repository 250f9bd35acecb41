// The API's wiring: the database, the token verifier and the media storage
// it runs with, from the configuration. One app per process, made on first use.
import { getConfig } from "~/config.server";
import { getDb } from "~/db/database.server";
import { mediaLimitsFromEnv, mediaStorageFromEnv } from "~/media/config.server";
import { createApiApp, type ApiApp } from "./app.server";
import { createTokenVerifier } from "./token.server";

let inProcess: ApiApp | undefined;

export function apiApp(): ApiApp {
  if (!inProcess) {
    const config = getConfig();
    inProcess = createApiApp({
      db: getDb(),
      verifyToken: createTokenVerifier(config.OIDC_ISSUER, config.OIDC_AUDIENCE),
      adminEmails: config.adminEmails,
      storage: mediaStorageFromEnv(config.DATA_DIR),
      media: mediaLimitsFromEnv(),
    });
  }
  return inProcess;
}
