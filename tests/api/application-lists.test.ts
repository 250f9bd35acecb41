// My applications' API: GET /api/applications/my with its status[]
// and call_id[] filters and paging, and the calls the caller has applied to
// (GET /api/applications/my/calls). Only the caller's own applications, ever.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as applications from "~/api/applications/contract";
import { createTestApi, type TestApi } from "../support/api";
import { callId, OPEN_CALL, REMOTE_CALL, startDraft } from "./application-helpers";

let api: TestApi;
let openCall: number;
let remoteCall: number;
/** applicant2's applications: two drafts on the open call, one on the remote call submitted (set in the database). */
const mine: number[] = [];
let theirs: number;

beforeAll(async () => {
  api = await createTestApi();
  openCall = await callId(api, OPEN_CALL);
  remoteCall = await callId(api, REMOTE_CALL);
  // A country every demo call takes, so applicant2 may apply to both.
  await api.db.updateTable("users").set({ organization_country: "BE" }).where("sub", "=", "demo-applicant2").execute();
  for (const title of [OPEN_CALL, OPEN_CALL, REMOTE_CALL]) mine.push((await startDraft(api, "applicant2", title)).data.id);
  await api.db.updateTable("applications").set({ status: "submit" }).where("id", "=", mine[2]).execute();
  theirs = (await startDraft(api, "applicant")).data.id;
});
afterAll(() => api.close());

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

interface Page {
  data: { id: number; status: string }[];
  meta: { page: number; total: number };
}
/** GET /api/applications/my with a raw query string (repeated and comma lists as a browser sends them), as applicant2. */
async function my(query: string): Promise<Page> {
  const res = await api.call("GET", `/applications/my?${query}`, { as: "applicant2" });
  if (res.status !== 200) throw new Error(`GET /my?${query} answered ${res.status}`);
  return (await res.json()) as Page;
}

describe("GET /api/applications/my", () => {
  it("answers 401 signed out", async () => {
    expect((await api.call("GET", "/applications/my")).status).toBe(401);
    expect((await api.call("GET", "/applications/my/calls")).status).toBe(401);
  });

  it("lists the caller's own applications only, newest change first, 20 a page", async () => {
    const { status, data } = await api.op(applications.my, { as: "applicant2", query: {} });
    expect(status).toBe(200);
    expect(ids(data.data)).toEqual(ids(mine.map((id) => ({ id }))));
    expect(data.data.map((r) => r.id)).not.toContain(theirs);
    expect(data.meta).toMatchObject({ page: 1, per_page: 20, total: 3 });
    expect(data.data[0]).toMatchObject({ call_title: expect.any(String), evaluation_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), step: 1 });
    const times = data.data.map((r) => r.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    // And the other way round: the applicant never sees applicant2's.
    const other = await api.op(applications.my, { as: "applicant", query: { per_page: 100 } as never });
    expect(other.data.data.map((r) => r.id)).toContain(theirs);
    expect(other.data.data.some((r) => mine.includes(r.id))).toBe(false);
  });

  it("filters by status[] and call_id[], repeated or as a comma list", async () => {
    expect(ids((await my("status[]=draft")).data)).toEqual([mine[0], mine[1]]);
    expect((await my("status[]=draft&status[]=submit")).meta.total).toBe(3);
    const remote = await api.op(applications.my, { as: "applicant2", query: { "call_id[]": String(remoteCall) } as never });
    expect(remote.data.data.map((r) => [r.id, r.status])).toEqual([[mine[2], "submit"]]);
    expect(ids((await my(`call_id[]=${openCall},${remoteCall}&status[]=submit`)).data)).toEqual([mine[2]]);
    expect(await my("status[]=granted")).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("pages: per_page and page, the total counting every match", async () => {
    const [a, b] = [await my("per_page=2&page=1"), await my("per_page=2&page=2")];
    expect([a.data.length, b.data.length, a.meta.total, b.meta.page]).toEqual([2, 1, 3, 2]);
    expect(ids([...a.data, ...b.data])).toEqual(ids(mine.map((id) => ({ id }))));
  });

  it("refuses a filter it does not know with 422", async () => {
    expect((await api.call("GET", "/applications/my?status[]=nonsense", { as: "applicant2" })).status).toBe(422);
    expect((await api.call("GET", "/applications/my?call_id[]=abc", { as: "applicant2" })).status).toBe(422);
  });

  it("leaves out deleted drafts", async () => {
    const extra = (await startDraft(api, "applicant2")).data.id;
    expect((await api.op(applications.remove, { as: "applicant2", param: { id: extra } })).status).toBe(204);
    const { data } = await api.op(applications.my, { as: "applicant2", query: {} });
    expect(data.data.map((r) => r.id)).not.toContain(extra);
  });
});

describe("GET /api/applications/my/calls", () => {
  it("names the calls the caller has applications in, once each, and no other user's", async () => {
    const { status, data } = await api.op(applications.myCalls, { as: "applicant2" });
    expect(status).toBe(200);
    expect(data.data.map((c) => c.value).sort((x, y) => x - y)).toEqual([openCall, remoteCall].sort((x, y) => x - y));
    expect(data.data.find((c) => c.value === openCall)?.label).toBe(OPEN_CALL);
    // Someone with no application has no call to filter by.
    expect((await api.op(applications.myCalls, { as: "viewer" })).data.data).toEqual([]);
  });
});
