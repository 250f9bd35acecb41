// Shared checks of the API's guards: who gets 401 and who gets 403.
import crypto from "node:crypto";
import { expect, it } from "vitest";
import type { TestApi } from "./api";

/** Demo users outside the admin area (editor, admin). */
export const NOT_ADMIN_AREA = ["applicant", "evaluator", "watchdog", "viewer", "infrastructure-manager", "infrastructure-administrator"];

/** A title no other test uses. */
export const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(4).toString("hex")}`;

export type GuardedRequest = [method: string, path: string, body?: unknown];

/** Every request answers 401 without a token, then 403 to each of `roles`. */
export async function expectGuarded(api: TestApi, requests: GuardedRequest[], roles: readonly string[] = NOT_ADMIN_AREA): Promise<void> {
  for (const [method, path, body] of requests) expect((await api.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
  for (const role of roles) {
    for (const [method, path, body] of requests) expect((await api.call(method, path, { as: role, body })).status, `${method} ${path} as ${role}`).toBe(403);
  }
}

/** The two tests of an admin-area read: 401 without a token, 403 to each of `roles` (one test each). */
export function itAnswers401And403(api: () => TestApi, path: string, roles: readonly string[] = NOT_ADMIN_AREA): void {
  it("answers 401 without a token", async () => {
    expect((await api().call("GET", path)).status).toBe(401);
  });
  it.each(roles)("answers 403 to %s", async (role) => {
    expect((await api().call("GET", path, { as: role })).status).toBe(403);
  });
}
