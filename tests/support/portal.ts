// What tests that drive the portal's own route modules (not only the API) share:
// the environment the server modules read, and thrown responses.
import { inject } from "vitest";
import type { TestApi } from "./api";
import { TEST_AUDIENCE, TEST_CLIENT_ID } from "./constants";

/** Points the portal's server modules at this file's database and the test identity provider. */
export function usePortalEnv(api: TestApi, extra: Record<string, string> = {}): void {
  Object.assign(process.env, {
    DATABASE_URL: api.url,
    ...extra,
    OIDC_ISSUER: inject("issuer"),
    OIDC_CLIENT_ID: TEST_CLIENT_ID,
    OIDC_CLIENT_SECRET: "test-secret",
    OIDC_AUDIENCE: TEST_AUDIENCE,
    OIDC_RESOURCE: TEST_AUDIENCE,
    SESSION_SECRET: "a-test-session-secret-of-enough-length",
    PORTAL_URL: "http://portal.test",
  });
}

/** The Response a loader or action throws (a redirect, an error status). */
export async function thrown(fn: () => Promise<unknown>): Promise<Response> {
  try {
    await fn();
  } catch (r) {
    if (r instanceof Response) return r;
    throw r;
  }
  throw new Error("expected a thrown Response");
}
