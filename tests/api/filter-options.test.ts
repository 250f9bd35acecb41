// The applications' filter choices (calls, infrastructures, disciplines) on the
// staff list and the statistics screens (app/forms/application-filter-options.server.ts):
// one answer shared by editors and admins until the next write, and the API's
// to refuse to anyone else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { fullBody } from "./infrastructure-helpers";

let api: TestApi;
let options: typeof import("../../app/forms/application-filter-options.server");
let client: typeof import("../../app/api/client.server");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  options = await import("../../app/forms/application-filter-options.server");
  client = await import("../../app/api/client.server");
  for (const user of ["editor", "admin", "infrastructure-manager", "applicant"]) cookies.set(user, await sessionCookie(user));
});
afterAll(() => api.close());

const cookies = new Map<string, string>();

/** The filter choices as a page request of `user` reads them (signed in beforehand: a sign-in is a write). */
async function read(user: string) {
  const request = new Request("http://portal.test/admin/application", { headers: { cookie: cookies.get(user) ?? "" } });
  return options.applicationFilterOptions(request, client.api(request));
}

describe("the applications' filter choices", () => {
  it("are one answer for editors and admins, read again after a write", async () => {
    const first = await read("editor");
    expect(first.calls.length).toBeGreaterThan(0);
    expect(first.infrastructures.length).toBeGreaterThan(0);
    expect(first.disciplines.length).toBeGreaterThan(0);
    expect(await read("admin")).toBe(first);

    // A new infrastructure (a write): the next read has it.
    const created = await api.call("POST", "/infrastructures", { as: "editor", body: fullBody() });
    expect(created.status).toBe(201);
    const infrastructure = (await created.json()) as { id: number; name: string };
    expect(first.infrastructures.some(([value]) => value === String(infrastructure.id))).toBe(false);
    const after = await read("admin");
    expect(after).not.toBe(first);
    expect(after.infrastructures).toContainEqual([String(infrastructure.id), infrastructure.name]);
  });

  it("are the API's to refuse to anyone else, whatever an editor read before", async () => {
    await read("editor");
    for (const user of ["infrastructure-manager", "applicant"]) {
      const refused = await read(user).then(
        () => undefined,
        (e: unknown) => (e instanceof Response ? e.status : String(e)),
      );
      expect(refused, user).toBe(403);
    }
  });
});
