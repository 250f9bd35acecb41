// Two of the questions irreversible actions ask first (docs/ui.md#confirmations),
// through their real loaders and actions as they post without JavaScript:
// accepting a grant and submitting a report. Each page shows what it is
// about, changes nothing until "Yes" posts, keeps a stale copy on the question
// (409), and sends away when there is nothing to confirm. The evaluation's
// question is in review-routes.test.ts, the status change's in
// wizard-intake-routes.test.ts; the browser specs walk them all, with Cancel.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reporting from "~/api/reporting/contract";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { grantedApplication } from "./acceptance-helpers";
import { fillReport, reportingApplication } from "./reporting-helpers";

let api: TestApi;
const cookies: Record<string, string> = {};
let accept: typeof import("../../app/routes/application.$id.accept");
let summary: typeof import("../../app/routes/application.$id.report.submit");
let submitReport: typeof import("../../app/routes/application.$id.submit-report");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/confirmation-routes.test.ts", "ta-portal");
  accept = await import("../../app/routes/application.$id.accept");
  summary = await import("../../app/routes/application.$id.report.submit");
  submitReport = await import("../../app/routes/application.$id.submit-report");
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
const submittedAt = async (id: number) =>
  (await api.db.selectFrom("application_reports").select("submitted_at").where("application_id", "=", id).executeTakeFirstOrThrow()).submitted_at;

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

describe("submitting a report", () => {
  it("refuses a report with parts missing before asking, asks for a complete one, and submits on Yes", async () => {
    const { id } = await reportingApplication(api);
    const part = `/application/${id}/report/submit`;
    const confirm = `/application/${id}/submit-report`;
    // Parts missing: the summary's submit answers what is missing, as the API would, and asks nothing.
    const empty = (await api.op(reporting.report, { as: "applicant", param: { id } })).data;
    const refused = await post(summary.action, part, id, [["updated_at", empty.updated_at]]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "validation.failed", errors: { "activity.season_objectives": ["validation.required"] } });
    expect((await thrown(() => load(submitReport.loader, confirm, id))).headers.get("location")).toBe(part);

    const filled = await fillReport(api, id);
    const stale = await post(summary.action, part, id, [["updated_at", "2020-01-01T00:00:00.000Z"]]);
    expect(stale.status).toBe(409);
    const asked = await post(summary.action, part, id, [["updated_at", filled.updated_at]]);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(confirm);
    expect(await submittedAt(id)).toBeNull();

    const question = await load(submitReport.loader, confirm, id);
    expect(question).toMatchObject({ id, updated_at: filled.updated_at, late: false });
    const late = await post(submitReport.action, confirm, id, [["updated_at", "2020-01-01T00:00:00.000Z"]]);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ stale: true });
    expect(await submittedAt(id)).toBeNull();

    const yes = await post(submitReport.action, confirm, id, [["updated_at", question.updated_at]]);
    expect(yes.status).toBe(302);
    expect(yes.headers.get("location")).toBe(`/application/${id}/review`);
    expect(await submittedAt(id)).not.toBeNull();
    expect((await thrown(() => load(submitReport.loader, confirm, id))).headers.get("location")).toBe(`/application/${id}/review`);
  });
});
