// The admin's user screen (app/routes/admin.users.$id.tsx) through its real
// loader and action: the profile and roles come from GET /api/users/{id}, the
// role form posts to POST /api/users/assign-role, and an unknown or vanished
// user is the not-found screen.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let admin: string;
let route: typeof import("../../app/routes/admin.users.$id");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  // The route's components import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/admin-users-route.test.ts", "ta-portal");
  route = await import("../../app/routes/admin.users.$id");
  admin = await sessionCookie("admin");
});
afterAll(() => api.close());

const userId = async (username: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${username}`).executeTakeFirstOrThrow()).id;
const rolesInDb = async (id: number) =>
  (await api.db.selectFrom("user_roles").innerJoin("roles", "roles.id", "user_roles.role_id").select("roles.name").where("user_id", "=", id).orderBy("roles.name").execute()).map((r) => r.name);

const get = (id: string, cookie = admin) => new Request(`http://portal.test/admin/users/${id}`, { headers: { cookie } });
function post(id: string, fields: [string, string][], cookie = admin): Request {
  const body = new URLSearchParams(fields);
  return new Request(`http://portal.test/admin/users/${id}`, { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
}
const load = (request: Request, id: string) => route.loader({ request, params: { id }, context: {} });
const act = (request: Request, id: string) => route.action({ request, params: { id }, context: {} });

describe("/admin/users/{id}", () => {
  it("loads the user's profile and roles, the country by name", async () => {
    const viewer = String(await userId("viewer"));
    const data = await (await load(get(viewer), viewer)).json();
    expect(data.user).toMatchObject({ email: "viewer@demo.ta-portal.test", display_name: "Vera Viewer", organization_country: "BE", roles: ["applicant", "viewer"] });
    expect(data.countryName).toBe("Belgium");
    expect(data.myId).toBe(await userId("admin"));
  });

  it.each(["2147483647", "abc", "0", "01", "2147483648"])("shows the not-found screen for the user %s", async (id) => {
    expect((await thrown(() => load(get(id), id))).status).toBe(404);
  });

  it("sends an editor away", async () => {
    const viewer = String(await userId("viewer"));
    const editor = await sessionCookie("editor");
    const res = await thrown(() => load(get(viewer, editor), viewer));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("saves the ticked roles for the user of the URL, whatever user_id says, and comes back with the success alert", async () => {
    const [evaluator, watchdog] = [await userId("evaluator"), await userId("watchdog")];
    const watchdogBefore = await rolesInDb(watchdog);
    const res = (await act(post(String(evaluator), [["user_id", String(watchdog)], ["roles", "evaluator"], ["roles", "viewer"]]), String(evaluator))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/users/${evaluator}`);
    expect(res.headers.get("set-cookie")).toBeTruthy();
    expect(await rolesInDb(evaluator)).toEqual(["applicant", "evaluator", "viewer"]);
    expect(await rolesInDb(watchdog)).toEqual(watchdogBefore);
    await act(post(String(evaluator), [["roles", "evaluator"]]), String(evaluator));
    expect(await rolesInDb(evaluator)).toEqual(["applicant", "evaluator"]);
  });

  it("answers 400 with the error on the roles when an admin drops their own admin role, and saves nothing", async () => {
    const me = await userId("admin");
    const before = await rolesInDb(me);
    const res = (await act(post(String(me), [["roles", "editor"]]), String(me))) as Response;
    expect(res.status).toBe(400);
    const { result } = await res.json();
    expect(result.error).toEqual({ roles: ["users-validation.keep-own-admin"] });
    expect(await rolesInDb(me)).toEqual(before);
  });

  it("answers 400 for a role that does not exist", async () => {
    const viewer = await userId("viewer");
    const res = (await act(post(String(viewer), [["roles", "emperor"]]), String(viewer))) as Response;
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).result.error)).toEqual(["roles[0]"]);
  });

  it("shows the not-found screen when the user is gone", async () => {
    expect((await thrown(() => act(post("2147483647", [["roles", "viewer"]]), "2147483647"))).status).toBe(404);
    expect((await thrown(() => act(post("abc", [["roles", "viewer"]]), "abc"))).status).toBe(404);
  });
});

describe("/admin/users/{id}/erase", () => {
  let erase: typeof import("../../app/routes/admin.users.$id_.erase");
  beforeAll(async () => {
    erase = await import("../../app/routes/admin.users.$id_.erase");
  });
  const eraseGet = (id: string) => new Request(`http://portal.test/admin/users/${id}/erase`, { headers: { cookie: admin } });
  const erasePost = (id: string) =>
    new Request(`http://portal.test/admin/users/${id}/erase`, { method: "POST", body: new URLSearchParams(), headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" } });

  it("asks about the person, says on the page why it is refused while they own an application in progress, and erases nothing", async () => {
    const applicant = String(await userId("applicant"));
    const data = await (await erase.loader({ request: eraseGet(applicant), params: { id: applicant }, context: {} })).json();
    expect(data).toEqual({ id: Number(applicant), name: "Alice Applicant", email: "applicant@demo.ta-portal.test" });
    const res = (await erase.action({ request: erasePost(applicant), params: { id: applicant }, context: {} })) as Response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ refused: "errors.erase-in-progress" });
    expect((await api.db.selectFrom("users").select("status").where("id", "=", Number(applicant)).executeTakeFirstOrThrow()).status).toBe("active");
  });

  it("erases a person, back to their screen with the success alert; then, as for the admin themself, there is nothing to ask", async () => {
    const row = await api.db.insertInto("users").values({ sub: "route-erase", email: "route-erase@example.org", display_name: "Route Erase" }).returning("id").executeTakeFirstOrThrow();
    const id = String(row.id);
    const res = (await erase.action({ request: erasePost(id), params: { id }, context: {} })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/users/${id}`);
    expect(res.headers.get("set-cookie")).toBeTruthy();
    expect((await (await load(get(id), id)).json()).user).toMatchObject({ status: "erased", display_name: `Erased person ${id}` });
    for (const who of [id, String(await userId("admin"))]) {
      const sent = await thrown(() => erase.loader({ request: eraseGet(who), params: { id: who }, context: {} }));
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe(`/admin/users/${who}`);
    }
  });
});
