import type { Db } from "~/db/database.server";
import type { Grants } from "~/domain/roles";
import type { TokenVerifier } from "./token.server";

export interface ApiDeps {
  db: Db;
  verifyToken: TokenVerifier;
  adminEmails: string[];
}

export interface ApiUser extends Grants {
  id: number;
}

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    user: ApiUser | null;
  };
}
