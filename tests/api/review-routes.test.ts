// The reviewers' screens through their real loaders and actions, posted as
// their HTML forms post without JavaScript: the evaluator accepts (refused
// unticked), saves scores, and submits them through the question their
// submission asks first; the watchdog reviews; the viewer declares, then reads. The browser spec covers the same screens in a browser.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { applicationUnderEvaluation } from "./review-helpers";

let api: TestApi;
const cookies: Record<string, string> = {};
let evaluation: typeof import("../../app/routes/my-evaluations.$id");
let confirm: typeof import("../../app/routes/my-evaluations.$id_.submit");
let watch: typeof import("../../app/routes/my-evaluations-reviews.$id");
let view: typeof import("../../app/routes/my-applications-reviews.$id");
let reviewed: Awaited<ReturnType<typeof applicationUnderEvaluation>>;

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  setFileScope("tests/api/review-routes.test.ts", "ta-portal");
  evaluation = await import("../../app/routes/my-evaluations.$id");
  confirm = await import("../../app/routes/my-evaluations.$id_.submit");
  watch = await import("../../app/routes/my-evaluations-reviews.$id");
  view = await import("../../app/routes/my-applications-reviews.$id");
  for (const u of ["evaluator", "watchdog", "viewer", "applicant"]) cookies[u] = await sessionCookie(u);
  reviewed = await applicationUnderEvaluation(api, { evaluator: ["evaluator"], watchdog: ["watchdog"], viewer: ["viewer"] });
});
afterAll(() => api.close());

type Route = { loader: (args: never) => Promise<Response>; action: (args: never) => Promise<Response> };
const request = (path: string, as: string, fields?: [string, string][]) =>
  new Request(`http://portal.test${path}`, fields
    ? { method: "POST", body: new URLSearchParams(fields), headers: { cookie: cookies[as], "content-type": "application/x-www-form-urlencoded" } }
    : { headers: { cookie: cookies[as] } });
const load = async (route: Route, path: string, id: number, as: string) =>
  (await (route.loader as (a: unknown) => Promise<Response>)({ request: request(path, as), params: { id: String(id) }, context: {} })).json();
const post = (route: Route, path: string, id: number, as: string, fields: [string, string][]) =>
  (route.action as (a: unknown) => Promise<Response>)({ request: request(path, as, fields), params: { id: String(id) }, context: {} });

describe("the evaluator's screen", () => {
  it("refuses an unticked declaration, accepts with both, saves and submits the scores, and then shows them read-only", async () => {
    const id = reviewed.ids.evaluator.evaluator;
    const path = `/my-evaluations/${id}`;
    let data = await load(evaluation, path, id, "evaluator");
    expect(data.evaluation.state).toBe("assigned");
    expect(data.texts.confidential).toEqual({ text: "I will keep the content of this application confidential." });
    expect(data.app.id).toBe(reviewed.app.id);

    const unticked = await post(evaluation, path, id, "evaluator", [["intent", "accept"], ["updated_at", data.evaluation.updated_at], ["confidential_declaration", "on"]]);
    expect(unticked.status).toBe(400);
    expect((await unticked.json()).errors).toEqual({ conflictofinterest_declaration: ["reviews.validation.declaration-required"] });
    const accepted = await post(evaluation, path, id, "evaluator", [
      ["intent", "accept"], ["updated_at", data.evaluation.updated_at], ["confidential_declaration", "on"], ["conflictofinterest_declaration", "on"],
    ]);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(path);

    data = await load(evaluation, path, id, "evaluator");
    const criteria: { id: number }[] = data.evaluation.criteria;
    const scored = criteria.flatMap((c, i): [string, string][] => [[`score-${c.id}`, String(3 + (i % 3))], [`justification-${c.id}`, i === 0 ? "" : "Well argued."]]);
    const saved = await post(evaluation, path, id, "evaluator", [["intent", "save"], ["updated_at", data.evaluation.updated_at], ...scored]);
    expect(saved.status).toBe(302);
    data = await load(evaluation, path, id, "evaluator");
    expect(data.evaluation.scores[String(criteria[1].id)]).toEqual({ score: 4, justification: "Well argued." });

    const missing = await post(evaluation, path, id, "evaluator", [["intent", "submit"], ["updated_at", data.evaluation.updated_at], ...scored]);
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual({ [`scores.${criteria[0].id}.justification`]: ["validation.required"] });
    const done = scored.map(([k, v]): [string, string] => [k, v || "Clear aims."]);
    // Complete: saved as it is, then the question on its own page; nothing is submitted yet.
    const asked = await post(evaluation, path, id, "evaluator", [["intent", "submit"], ["updated_at", data.evaluation.updated_at], ...done]);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`${path}/submit`);
    data = await load(evaluation, path, id, "evaluator");
    expect(data.evaluation).toMatchObject({ state: "accepted", editable: true });
    expect(data.evaluation.scores[String(criteria[0].id)]).toEqual({ score: 3, justification: "Clear aims." });

    const question = await load(confirm, `${path}/submit`, id, "evaluator");
    expect(question.evaluation.updated_at).toBe(data.evaluation.updated_at);
    const stale = await post(confirm, `${path}/submit`, id, "evaluator", [["updated_at", "2020-01-01T00:00:00.000Z"]]);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ stale: true });
    expect((await load(evaluation, path, id, "evaluator")).evaluation.state).toBe("accepted");
    const submitted = await post(confirm, `${path}/submit`, id, "evaluator", [["updated_at", question.evaluation.updated_at]]);
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("location")).toBe(path);
    data = await load(evaluation, path, id, "evaluator");
    expect(data.evaluation).toMatchObject({ state: "submitted", editable: false });
    // Nothing is left to confirm: the question sends back to the evaluation.
    expect((await thrown(() => load(confirm, `${path}/submit`, id, "evaluator"))).headers.get("location")).toBe(path);

    const late = await post(evaluation, path, id, "evaluator", [["intent", "save"], ["updated_at", "2020-01-01T00:00:00.000Z"], ...done]);
    expect(late.status).toBe(409);
    expect((await thrown(() => post(evaluation, path, id, "evaluator", [["intent", "nonsense"]]))).status).toBe(400);
  });
});

describe("the watchdog's screen", () => {
  it("shows the submitted evaluation and saves a review from its form; a comment without text is refused", async () => {
    const appId = reviewed.app.id;
    const path = `/my-evaluations-reviews/${appId}`;
    const data = await load(watch, path, appId, "watchdog");
    expect(data.view.evaluations.map((e: { id: number }) => e.id)).toEqual([reviewed.ids.evaluator.evaluator]);
    const evaluationId = String(reviewed.ids.evaluator.evaluator);
    const bare = await post(watch, path, appId, "watchdog", [["intent", "review"], ["evaluation_id", evaluationId], ["verdict", "comment"], ["comment", ""]]);
    expect(bare.status).toBe(400);
    expect((await bare.json()).errors).toEqual({ comment: ["validation.required"] });
    const saved = await post(watch, path, appId, "watchdog", [["intent", "review"], ["evaluation_id", evaluationId], ["verdict", "comment"], ["comment", "Scores a bit high."]]);
    expect(saved.status).toBe(302);
    const after = await load(watch, path, appId, "watchdog");
    expect(after.view.evaluations[0].reviews).toEqual([expect.objectContaining({ verdict: "comment", comment: "Scores a bit high.", mine: true })]);
    expect((await thrown(() => post(watch, path, appId, "watchdog", [["intent", "review"], ["evaluation_id", "abc"]]))).status).toBe(400);
  });
});

describe("the viewer's screen", () => {
  it("asks for the declaration first, then shows the application", async () => {
    const appId = reviewed.app.id;
    const path = `/my-applications-reviews/${appId}`;
    const before = await load(view, path, appId, "viewer");
    expect(before).toMatchObject({ app: null, declaration: { text: "I will keep the content of the applications I view confidential." } });
    const unticked = await post(view, path, appId, "viewer", [["intent", "declare"]]);
    expect(unticked.status).toBe(400);
    expect((await post(view, path, appId, "viewer", [["intent", "declare"], ["confidential_declaration", "on"]])).status).toBe(302);
    const after = await load(view, path, appId, "viewer");
    expect(after.app.id).toBe(appId);
    // Someone who does not view it: the not-found screen.
    expect((await thrown(() => load(view, path, appId, "applicant"))).status).toBeGreaterThanOrEqual(300);
  });
});
