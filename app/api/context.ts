import type { Db } from "~/db/database.server";
import type { Actor } from "~/domain/users/roles";
import type { MediaLimits } from "~/media/config.server";
import type { MediaStorage } from "~/media/storage.server";
import type { TokenVerifier } from "./token.server";

export interface ApiDeps {
  db: Db;
  verifyToken: TokenVerifier;
  adminEmails: string[];
  /** Where uploaded files are kept ($DATA_DIR/media by default). */
  storage: MediaStorage;
  /** Upload size and type limits (MEDIA_MAX_SIZE_MB, MEDIA_ALLOWED_TYPES). */
  media: MediaLimits;
}

/** The API's signed-in user: the domain's Actor. */
export type ApiUser = Actor;

/**
 * What an in-process caller may share between its API calls: the users
 * already resolved from a token during one page request (see client.server).
 */
export type UserMemo = Map<string, Promise<ApiUser>>;

export interface ApiEnv {
  /** `answers`: where an in-process call's JSON answers go (in-process.server.ts). */
  Bindings: { userMemo?: UserMemo; answers?: Map<string, string> } | undefined;
  Variables: {
    deps: ApiDeps;
    user: ApiUser | null;
  };
}
