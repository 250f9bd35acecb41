// Reading a statistics answer in tests: its JSON as an editor, or a download as an admin.
import { expect } from "vitest";
import { ALL_DEMO_USERS, type TestApi } from "../support/api";

/** GET `path?query` as the editor: the JSON of a 200 (anything else throws, with the answer). */
export async function statsJson(api: TestApi, path: string, query = "") {
  const res = await api.call("GET", `${path}${query ? `?${query}` : ""}`, { as: "editor" });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return await res.json();
}

/** GET `path?query` as the admin: the answer and its bytes (a 200). */
export async function statsDownload(api: TestApi, path: string, query: string) {
  const res = await api.call("GET", `${path}?${query}`, { as: "admin" });
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * A database holding only the test's own applications (the statistics count
 * every one), and a maker of them: the demo applicant's, named `name` (its
 * acronym in capitals, its title "Project <name>"), submitted now unless a draft.
 */
export async function ownApplications(api: TestApi) {
  await api.db.deleteFrom("applications").execute();
  const alice = (await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow()).id;
  return async (name: string, status: string, call: number) =>
    (
      await api.db
        .insertInto("applications")
        .values({ user_id: alice, call_id: call, status, acronym: name.toUpperCase(), title: `Project ${name}`, submitted_at: status === "draft" ? null : new Date(), draft: "{}" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
}

/** Editors and admins only: anonymous 401, every other demo user 403. */
export async function expectAdminOnly(api: TestApi, path: string) {
  expect((await api.call("GET", path)).status).toBe(401);
  for (const as of ALL_DEMO_USERS.filter((u) => u !== "editor" && u !== "admin")) expect((await api.call("GET", path, { as })).status, as).toBe(403);
  expect((await api.call("GET", path, { as: "editor" })).status).toBe(200);
}
