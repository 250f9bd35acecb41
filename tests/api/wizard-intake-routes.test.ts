// Two guards of the screens, through their real loaders and actions (the
// browser specs check the same in a browser, tests/e2e/application-start.spec.ts
// and admin-intake.spec.ts): the wizard sends a step whose earlier steps are
// incomplete back to the first of them (docs/ui.md#wizard), and the editor's
// intake forms each do what their `intent` names, and only that (a status
// change once confirmed, docs/ui.md#confirmations).
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentSignature } from "~/components/intake/intake-form";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { saveStep, startDraft, submittedApplication } from "./application-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
const cookies: Record<string, string> = {};
let wizard: typeof import("../../app/routes/application.$id.update");
let intake: typeof import("../../app/routes/admin.application.$id");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  // The routes' components import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/wizard-intake-routes.test.ts", "ta-portal");
  wizard = await import("../../app/routes/application.$id.update");
  intake = await import("../../app/routes/admin.application.$id");
  for (const u of ["applicant", "editor"]) cookies[u] = await sessionCookie(u);
});
afterAll(() => api.close());

/** The wizard layout's loader on /application/{id}/update[/step]: its data, or the redirect it throws. */
async function openStep(id: number, step = "", as = "applicant"): Promise<{ status: number; location: string | null; data?: { app: { id: number } } }> {
  const request = new Request(`http://portal.test/application/${id}/update${step ? `/${step}` : ""}`, { headers: { cookie: cookies[as] } });
  try {
    const res = await wizard.loader({ request, params: { id: String(id) }, context: {} });
    return { status: res.status, location: null, data: await res.json() };
  } catch (r) {
    if (!(r instanceof Response)) throw r;
    return { status: r.status, location: r.headers.get("location") };
  }
}

describe("the wizard's step guard", () => {
  it("sends a step whose earlier steps are incomplete to the first incomplete one, with a notice", async () => {
    const app = (await startDraft(api, "applicant")).data;
    const url = (step: string) => `/application/${app.id}/update/${step}`;
    for (const step of ["project", "user-group", "logistics", "costs", "publications", "appendices"]) {
      expect(await openStep(app.id, step), step).toMatchObject({ status: 302, location: url("terms") });
    }
    const sentBack = await thrown(() => wizard.loader({ request: new Request(`http://portal.test${url("costs")}`, { headers: { cookie: cookies.applicant } }), params: { id: String(app.id) }, context: {} }));
    expect(sentBack.headers.getSetCookie().join("; ")).toMatch(/alert/i);
    // The first steps open (Before you start, then the terms), and so does the review, where an incomplete draft's errors are listed.
    expect(await openStep(app.id, "intro")).toMatchObject({ status: 200, data: { app: { id: app.id } } });
    expect(await openStep(app.id, "terms")).toMatchObject({ status: 200, data: { app: { id: app.id } } });
    expect(await openStep(app.id, "review")).toMatchObject({ status: 200 });
    // The bare /update goes to the draft's current step: step 1, Before you start.
    expect(await openStep(app.id)).toMatchObject({ status: 302, location: url("intro") });
  });

  it("opens each step once the steps before it are complete, and no further", async () => {
    const start = (await startDraft(api, "applicant")).data;
    const url = (step: string) => `/application/${start.id}/update/${step}`;
    let a = await saveStep(api, "applicant", start, "intro");
    a = await saveStep(api, "applicant", a, "terms", { termsandconditions: true });
    expect(await openStep(a.id, "project")).toMatchObject({ status: 200 });
    expect(await openStep(a.id, "user-group")).toMatchObject({ status: 302, location: url("project") });
    expect(await openStep(a.id, "appendices")).toMatchObject({ status: 302, location: url("project") });
    // An incomplete project sent as it is (saved, not valid) still holds the later steps back.
    a = await saveStep(api, "applicant", a, "project", { acronym: "HALF" }, false);
    expect(await openStep(a.id, "costs")).toMatchObject({ status: 302, location: url("project") });
    expect(await openStep(a.id)).toMatchObject({ status: 302, location: url("project") });
  });

  it("sends a submitted application to its review, whatever step is asked", async () => {
    const app = await submittedApplication(api, "applicant");
    for (const step of ["", "terms", "costs", "review"]) {
      expect(await openStep(app.id, step), step || "bare").toMatchObject({ status: 302, location: `/application/${app.id}/review` });
    }
  });
});

/** The editor's intake forms as they post without JavaScript. */
const post = (id: number, fields: [string, string][], as = "editor") =>
  intake.action({
    request: new Request(`http://portal.test/admin/application/${id}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie: cookies[as], "content-type": "application/x-www-form-urlencoded" },
    }),
    params: { id: String(id) },
    context: {},
  });
const rowOf = (id: number) => api.db.selectFrom("applications").select(["status", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
const version = async (id: number) => new Date((await rowOf(id)).updated_at).toISOString();
const accessesOf = (id: number) => api.db.selectFrom("accesses").select(["id", "eligible"]).where("application_id", "=", id).orderBy("id").execute();
const reviewersOf = async (id: number) =>
  (await api.db.selectFrom("application_reviewers").select(["role", "user_id"]).where("application_id", "=", id).orderBy("role").execute()).map((r) => [r.role, r.user_id]);
const eligibilityFields = async (id: number, answer: string): Promise<[string, string][]> =>
  (await accessesOf(id)).flatMap((a): [string, string][] => [["access", String(a.id)], [`eligible-${a.id}`, answer]]);

describe("the editor's intake action", () => {
  it("saves eligibility for the eligibility intent, and changes no status", async () => {
    const app = await submittedApplication(api, "applicant");
    const res = await post(app.id, [["intent", "eligibility"], ...(await eligibilityFields(app.id, "yes")), ["updated_at", await version(app.id)]]);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/application/${app.id}`);
    expect((await accessesOf(app.id)).map((a) => a.eligible)).toEqual([true]);
    expect((await rowOf(app.id)).status).toBe("submit");
  });

  it("asks for a decision on every access, and saves none until then", async () => {
    const app = await submittedApplication(api, "applicant");
    const [access] = await accessesOf(app.id);
    const res = await post(app.id, [["intent", "eligibility"], ["access", String(access.id)], ["updated_at", await version(app.id)]]);
    // The API's 422 comes back as a refused form's 400, as every form of the portal's.
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ intent: "eligibility", errors: { [`access-${access.id}`]: ["validation.required"] } });
    expect((await accessesOf(app.id)).map((a) => a.eligible)).toEqual([null]);
  });

  it("changes the status for the status intent once confirmed, and decides no eligibility", async () => {
    const app = await submittedApplication(api, "applicant");
    await post(app.id, [["intent", "eligibility"], ...(await eligibilityFields(app.id, "yes")), ["updated_at", await version(app.id)]]);
    const choice: [string, string][] = [["intent", "status"], ["transition", "change-status|under-evaluation"], ["updated_at", await version(app.id)]];
    // Asked first: the question, and nothing changed.
    const asked = await post(app.id, choice);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ intent: "status", confirm: { from: "submit", to: "under-evaluation", override: false }, values: { transition: ["change-status|under-evaluation"] } });
    expect((await rowOf(app.id)).status).toBe("submit");
    const res = await post(app.id, [...choice, ["confirmed", "yes"]]);
    expect(res.status).toBe(302);
    expect((await rowOf(app.id)).status).toBe("under-evaluation");
    const history = await api.db.selectFrom("application_history").select(["from_status", "to_status"]).where("application_id", "=", app.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(history).toEqual({ from_status: "submit", to_status: "under-evaluation" });

    const other = await submittedApplication(api, "applicant");
    const canceled = await post(other.id, [["intent", "status"], ["transition", "change-status|canceled"], ["notes", "A duplicate"], ["updated_at", await version(other.id)], ["confirmed", "yes"]]);
    expect(canceled.status).toBe(302);
    expect((await rowOf(other.id)).status).toBe("canceled");
    expect((await accessesOf(other.id)).map((a) => a.eligible)).toEqual([null]);
  });

  it("refuses a status the lifecycle does not offer, with the reason, and changes nothing", async () => {
    const app = await submittedApplication(api, "applicant");
    const early = await post(app.id, [["intent", "status"], ["transition", "change-status|under-evaluation"], ["updated_at", await version(app.id)]]);
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ intent: "status", errors: { status: ["intake.blocked.eligibility-done", "intake.blocked.eligible-access"] } });
    const unknown = await post(app.id, [["intent", "status"], ["transition", "jump|granted"], ["updated_at", await version(app.id)]]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ intent: "status", errors: { transition: ["validation.required"] } });
    expect((await rowOf(app.id)).status).toBe("submit");
  });

  it("asks about no status change it would refuse: a stale copy, missing notes, the status it has; the question changes nothing", async () => {
    const app = await submittedApplication(api, "applicant");
    const before = await rowOf(app.id);
    const stale = await post(app.id, [["intent", "status"], ["transition", "restore-draft|draft"], ["updated_at", "2020-01-01T00:00:00.000Z"]]);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ intent: "status", stale: true });
    const bare = await post(app.id, [["intent", "status"], ["transition", "change-status|canceled"], ["updated_at", await version(app.id)]]);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ intent: "status", errors: { notes: ["validation.required"] } });
    const same = await post(app.id, [["intent", "override"], ["status", "submit"], ["notes", "Why not"], ["updated_at", await version(app.id)]]);
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ intent: "override", errors: { status: ["intake.same-status"] } });
    const unnoted = await post(app.id, [["intent", "override"], ["status", "granted"], ["updated_at", await version(app.id)]]);
    expect(await unnoted.json()).toMatchObject({ intent: "override", errors: { notes: ["validation.required"] } });
    const asked = await post(app.id, [["intent", "override"], ["status", "granted"], ["notes", "Decided at the meeting"], ["updated_at", await version(app.id)]]);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ intent: "override", confirm: { from: "submit", to: "granted", override: true }, values: { notes: ["Decided at the meeting"] } });
    expect(await rowOf(app.id)).toEqual(before);
    // The confirmed post is the API's to judge: a copy gone stale meanwhile is refused.
    const late = await post(app.id, [["intent", "override"], ["status", "granted"], ["notes", "Decided at the meeting"], ["updated_at", "2020-01-01T00:00:00.000Z"], ["confirmed", "yes"]]);
    expect(late.status).toBe(409);
    expect(await rowOf(app.id)).toEqual(before);
    const done = await post(app.id, [["intent", "override"], ["status", "granted"], ["notes", "Decided at the meeting"], ["updated_at", await version(app.id)], ["confirmed", "yes"]]);
    expect(done.status).toBe(302);
    expect((await rowOf(app.id)).status).toBe("granted");
  });

  it("assigns reviewers for the assign intent once the warnings are confirmed, and changes no status", async () => {
    const app = await submittedApplication(api, "applicant");
    await post(app.id, [["intent", "eligibility"], ...(await eligibilityFields(app.id, "yes")), ["updated_at", await version(app.id)]]);
    await post(app.id, [["intent", "status"], ["transition", "change-status|under-evaluation"], ["updated_at", await version(app.id)], ["confirmed", "yes"]]);
    const [evaluator, watchdog] = [await userId(api, "evaluator"), await userId(api, "watchdog")];
    const lists = [["evaluators", String(evaluator)], ["watchdogs", String(watchdog)]] as [string, string][];
    // The demo users share the applicant's e-mail domain: asked first, nothing saved.
    const asked = await post(app.id, [["intent", "assign"], ...lists, ["updated_at", await version(app.id)]]);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ intent: "assign", message: "intake.screen.confirm", warnings: expect.arrayContaining([expect.objectContaining({ user_id: evaluator })]) });
    expect(await reviewersOf(app.id)).toEqual([]);
    const checked = assignmentSignature({ evaluators: [evaluator], watchdogs: [watchdog], viewers: [] });
    const saved = await post(app.id, [["intent", "assign"], ...lists, ["confirmed", "yes"], ["checked", checked], ["updated_at", await version(app.id)]]);
    expect(saved.status).toBe(302);
    expect(await reviewersOf(app.id)).toEqual([["evaluator", evaluator], ["watchdog", watchdog]]);
    expect((await rowOf(app.id)).status).toBe("under-evaluation");
  });

  it("answers 400 to a missing or unknown intent, and changes nothing", async () => {
    const app = await submittedApplication(api, "applicant");
    const before = await rowOf(app.id);
    for (const intent of [null, "", "publish", "grant"]) {
      const fields: [string, string][] = [...(await eligibilityFields(app.id, "yes")), ["transition", "change-status|canceled"], ["notes", "x"], ["updated_at", await version(app.id)]];
      if (intent !== null) fields.unshift(["intent", intent]);
      expect((await thrown(() => post(app.id, fields))).status, String(intent)).toBe(400);
    }
    expect(await rowOf(app.id)).toEqual(before);
    expect((await accessesOf(app.id)).map((a) => a.eligible)).toEqual([null]);
  });

  it("sends an applicant away before reading the form", async () => {
    const app = await submittedApplication(api, "applicant");
    const res = await thrown(() => post(app.id, [["intent", "status"], ["transition", "change-status|canceled"], ["notes", "x"], ["updated_at", app.updated_at]], "applicant"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect((await rowOf(app.id)).status).toBe("submit");
  });
});
