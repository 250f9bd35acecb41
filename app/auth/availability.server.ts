import { redirect } from "@remix-run/node";
import { sql } from "kysely";
import { getDb } from "~/db/database.server";
import { isDatabaseUnavailable } from "~/db/unavailable.server";

/**
 * Signing in needs the database (the session row). Sign-in routes are resource
 * routes, whose thrown responses reach the browser bare: while the database is
 * down they send the visitor to /auth/unavailable, which shows the
 * service-unavailable screen with a 503 (and resumes signing in once it is back).
 */
export const unavailable = (returnTo: string) =>
  redirect(`/auth/unavailable?returnTo=${encodeURIComponent(returnTo)}`, { headers: { "Cache-Control": "no-store" } });

/** True when the database answers a trivial query. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await sql`select 1`.execute(getDb());
    return true;
  } catch (err) {
    if (isDatabaseUnavailable(err)) return false;
    throw err;
  }
}

/** Runs a step that needs the database; a connection failure becomes the unavailable redirect. */
export async function orUnavailable<T>(returnTo: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (isDatabaseUnavailable(err) || (err instanceof Response && err.status === 503)) {
      console.error(JSON.stringify({ level: "error", msg: "sign-in: database unavailable" }));
      throw unavailable(returnTo);
    }
    throw err;
  }
}
