import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type Db } from "../../app/db/database.server";
import { createApiApp } from "../../app/api/app.server";
import { createTokenVerifier } from "../../app/api/token.server";
import { TEMPLATE_DB, TEST_AUDIENCE } from "./constants";
import { accessToken, demo, type Subject } from "./tokens";

async function cloneTemplate(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${inject("pgUrlBase")}postgres` });
  await client.connect();
  try {
    // Parallel test files clone the same template; PostgreSQL refuses a clone
    // while another one is reading it, so wait and try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${TEMPLATE_DB}"`);
        return;
      } catch (err) {
        if (attempt > 40 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
}

export interface TestApi {
  db: Db;
  /** Connection string of this file's own database. */
  url: string;
  /** Calls the API as a demo user (by username), a custom subject, or anonymously (no `as`). */
  call(method: string, path: string, opts?: { as?: string | Subject; token?: string; body?: unknown; rawBody?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated, seeded template, and the API over it. */
export async function createTestApi(opts: { adminEmails?: string[] } = {}): Promise<TestApi> {
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  await cloneTemplate(name);
  const url = `${inject("pgUrlBase")}${name}`;
  const db = createDb(url, 4);
  const app = createApiApp({ db, verifyToken: createTokenVerifier(inject("issuer"), TEST_AUDIENCE), adminEmails: opts.adminEmails ?? [] });
  return {
    db,
    url,
    async call(method, path, { as, token, body, rawBody } = {}) {
      const headers = new Headers();
      const bearer = token ?? (as ? await accessToken(typeof as === "string" ? demo(as) : as) : undefined);
      if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
      if (body !== undefined || rawBody !== undefined) headers.set("Content-Type", "application/json");
      const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      return app.fetch(new Request(`http://test.local/api${path}`, { method, headers, body: payload }));
    },
    close: () => db.destroy(),
  };
}

export const ALL_DEMO_USERS = [
  "applicant", "applicant2", "evaluator", "watchdog", "viewer",
  "infrastructure-manager", "infrastructure-administrator", "editor", "admin",
] as const;
