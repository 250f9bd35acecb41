import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { RouteConfig } from "@hono/zod-openapi";
import { requestOf, type RequestInput, type Success } from "../../app/api/contract";
import { createDb, type Db } from "../../app/db/database.server";
import { createApiApp } from "../../app/api/app.server";
import type { UserMemo } from "../../app/api/context";
import { createTokenVerifier } from "../../app/api/token.server";
import { mediaLimitsFromEnv, type MediaLimits } from "../../app/media/config.server";
import { s3Storage } from "../../app/media/s3-storage.server";
import { folderStorage, type MediaStorage } from "../../app/media/storage.server";
import { startS3, type TestS3 } from "./s3";
import { TEMPLATE_DB, TEST_AUDIENCE } from "./constants";
import { accessToken, demo, type Subject } from "./tokens";

// One S3 server per test file that asks for it (TEST_MEDIA_STORAGE=s3), shared
// by its test APIs (each under a prefix of its own) and stopped with the last.
let sharedS3: { server: Promise<TestS3>; users: number } | undefined;
async function useS3(): Promise<{ server: TestS3; release: () => Promise<void> }> {
  sharedS3 ??= { server: startS3(), users: 0 };
  const shared = sharedS3;
  shared.users++;
  const server = await shared.server;
  return {
    server,
    async release() {
      if (--shared.users > 0) return;
      if (sharedS3 === shared) sharedS3 = undefined;
      await server.close();
    },
  };
}

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
  /**
   * This file's own media storage folder (a temporary one). The API stores
   * its media there unless TEST_MEDIA_STORAGE=s3, which puts them in an S3
   * server (tests/support/s3.ts) under a prefix of their own.
   */
  mediaDir: string;
  /** Where the API stores its media. */
  storage: MediaStorage;
  /** Everything stored: files, partial files, and multipart uploads left open. */
  storedFiles(): Promise<string[]>;
  /** Whether the medium `uuid` has stored bytes. */
  hasStored(uuid: string): Promise<boolean>;
  /** The stored bytes of `uuid`. */
  readStored(uuid: string): Promise<Buffer>;
  /**
   * Calls the API as a demo user (by username), a custom subject, or anonymously
   * (no `as`). `form` posts multipart/form-data (uploads); `headers` are added.
   */
  call(
    method: string,
    path: string,
    opts?: {
      as?: string | Subject;
      token?: string;
      body?: unknown;
      rawBody?: string;
      form?: FormData;
      headers?: Record<string, string>;
      /** What an in-process caller shares between calls (the UI's API client passes one per page request). */
      userMemo?: UserMemo;
    },
  ): Promise<Response>;
  /**
   * Calls an operation of the API contract (app/api/<resource>/contract.ts),
   * as the portal's own typed client does: input and `data` typed from it
   * (`data` is the error body when the status is not 2xx).
   */
  op<R extends RouteConfig>(route: R, input?: RequestInput<R> & { as?: string | Subject }): Promise<{ status: number; data: Success<R> }>;
  /** The API app itself, for requests `call` cannot make (streamed bodies). */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated, seeded template, and the API over it. */
export async function createTestApi(opts: { adminEmails?: string[]; media?: Partial<MediaLimits> } = {}): Promise<TestApi> {
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  await cloneTemplate(name);
  const url = `${inject("pgUrlBase")}${name}`;
  const db = createDb(url, 4);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-media-"));
  const s3 = process.env.TEST_MEDIA_STORAGE === "s3" ? await useS3() : null;
  const storage = s3 ? s3Storage(s3.server.settings()) : folderStorage(mediaDir);
  const app = createApiApp({
    db,
    verifyToken: createTokenVerifier(inject("issuer"), TEST_AUDIENCE),
    adminEmails: opts.adminEmails ?? [],
    storage,
    media: { ...mediaLimitsFromEnv({}), ...opts.media },
  });
  const testApi: TestApi = {
    db,
    url,
    mediaDir,
    storage,
    async storedFiles() {
      if (!s3) return fs.readdirSync(mediaDir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(mediaDir, f)).isFile());
      const keys: string[] = [];
      for await (const o of storage.list()) keys.push(o.key);
      return [...keys, ...s3.server.openUploads().map((id) => `open multipart upload ${id}`)];
    },
    async hasStored(uuid) {
      for await (const o of storage.list()) if (o.key === uuid) return true;
      return false;
    },
    async readStored(uuid) {
      return Buffer.concat(await (await storage.get(uuid)).toArray());
    },
    async call(method, path, { as, token, body, rawBody, form, headers: extra, userMemo } = {}) {
      const headers = new Headers(extra);
      const bearer = token ?? (as ? await accessToken(typeof as === "string" ? demo(as) : as) : undefined);
      if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
      if (body !== undefined || rawBody !== undefined) headers.set("Content-Type", "application/json");
      const payload = form ?? rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      return app.fetch(new Request(`http://test.local/api${path}`, { method, headers, body: payload }), { userMemo });
    },
    async op(route, input) {
      const { as, ...parts } = (input ?? {}) as { as?: string | Subject };
      const { method, path, body } = requestOf(route, parts as never);
      const res = await testApi.call(method, path, { as, body });
      return { status: res.status, data: res.status === 204 ? null : await res.json() };
    },
    fetch: async (request) => app.fetch(request),
    async close() {
      await db.destroy();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      await s3?.release();
    },
  };
  return testApi;
}

export const ALL_DEMO_USERS = [
  "applicant", "applicant2", "evaluator", "watchdog", "viewer",
  "infrastructure-manager", "infrastructure-administrator", "editor", "admin",
] as const;
