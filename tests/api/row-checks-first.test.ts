// A write checks the caller's right to the row its path names, and the state
// the write needs, before its body (docs/decisions/015-one-write-pipeline.md):
// the route's middleware (allowRow) runs the domain's own rule, then the
// contract parses the body. The permission matrix sends `{}` to every
// operation as every caller; these send bodies the schema refuses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { startDraft, submittedApplication } from "./application-helpers";
import { applicationUnderEvaluation } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const answer = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { code: string }).code });

describe("a write checks the row before the body", () => {
  it("answers a reviewer's write in the wrong state with its 409, whatever the body", async () => {
    const { ids } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    // Still assigned: scores need an accepted evaluation.
    const res = await api.call("PUT", `/evaluations/${ids.evaluator.evaluator}`, { as: "evaluator", body: { scores: "none", submit: "yes" } });
    expect(await answer(res)).toEqual({ status: 409, code: "reviews.errors.accept-first" });
  });

  it("answers a step's save of an application no longer a draft with 409, whatever the body", async () => {
    const app = await submittedApplication(api, "applicant");
    const res = await api.call("PUT", `/applications/${app.id}`, { as: "applicant", body: { step: 42, values: [] } });
    expect(await answer(res)).toEqual({ status: 409, code: "applications.not-draft" });
  });

  it("answers another applicant 404 and staff 403 before reading a refused body", async () => {
    const draft = (await startDraft(api, "applicant")).data;
    const body = { step: "nowhere", updated_at: "yesterday" };
    expect((await api.call("PUT", `/applications/${draft.id}`, { as: "applicant2", body })).status).toBe(404);
    expect((await api.call("PUT", `/applications/${draft.id}`, { as: "editor", body })).status).toBe(403);
    const own = await api.call("PUT", `/applications/${draft.id}`, { as: "applicant", body });
    expect(own.status).toBe(422);
    expect(Object.keys(((await own.json()) as { errors: object }).errors).sort()).toEqual(["step", "updated_at"]);
  });

  it("leaves an id the path refuses to the path's validator (422)", async () => {
    const res = await api.call("PUT", "/applications/abc/report/activity", { as: "applicant", body: {} });
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(["id"]);
  });
});
