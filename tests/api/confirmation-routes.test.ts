// The questions irreversible actions ask first (docs/ui.md#confirmations),
// through their real loaders and actions as they post without JavaScript:
// accepting a grant. The page shows what it is about, changes nothing until
// "Yes" posts, keeps a stale copy on the question (409), and sends away when
// there is nothing to confirm. The browser specs walk it too, with Cancel.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { grantedApplication } from "./acceptance-helpers";

let api: TestApi;
const cookies: Record<string, string> = {};
let accept: typeof import("../../app/routes/application.$id.accept");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/confirmation-routes.test.ts", "ta-portal");
  accept = await import("../../app/routes/application.$id.accept");
  for (const u of ["applicant", "editor"]) cookies[u] = await sessionCookie(u);
});
afterAll(() => api.close());

type Handler = (args: never) => Promise<Response>;
const request = (path: string, fields?: [string, string][]) =>
  new Request(`http://portal.test${path}`, fields
    ? { method: "POST", body: new URLSearchParams(fields), headers: { cookie: cookies.applicant, "content-type": "application/x-www-form-urlencoded" } }
    : { headers: { cookie: cookies.applicant } });
const load = async (loader: Handler, path: string, id: number) => (await (loader as (a: unknown) => Promise<Response>)({ request: request(path), params: { id: String(id) }, context: {} })).json();
const post = (action: Handler, path: string, id: number, fields: [string, string][]) =>
  (action as (a: unknown) => Promise<Response>)({ request: request(path, fields), params: { id: String(id) }, context: {} });
const statusOf = async (id: number) => (await api.db.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("accepting a grant", () => {
  it("shows the question on its own page, keeps a stale copy on it, accepts on Yes, and then has nothing to ask", async () => {
    const app = await grantedApplication(api);
    const path = `/application/${app.id}/accept`;
    const question = await load(accept.loader, path, app.id);
    expect(question).toMatchObject({ id: app.id, acronym: app.acronym, status: "granted", late: false });
    expect(await statusOf(app.id)).toBe("granted");

    const stale = await post(accept.action, path, app.id, [["updated_at", "2020-01-01T00:00:00.000Z"]]);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ stale: true });
    expect(await statusOf(app.id)).toBe("granted");

    const yes = await post(accept.action, path, app.id, [["updated_at", question.updated_at]]);
    expect(yes.status).toBe(302);
    expect(yes.headers.get("location")).toBe(`/application/${app.id}/review`);
    expect(await statusOf(app.id)).toBe("accepted");
    expect((await thrown(() => load(accept.loader, path, app.id))).headers.get("location")).toBe(`/application/${app.id}/review`);
  });
});
