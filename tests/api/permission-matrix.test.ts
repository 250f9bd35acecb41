// The permission matrix (docs/security.md#harness): every
// operation of the API's own OpenAPI document, called as the anonymous caller
// and as each of the nine demo users, must answer what
// permission-matrix.table.ts says. An operation missing from the table, or a
// table line naming no operation, fails. Protected operations answer 401 to a
// signed-out caller whatever the body, content type, token or id.
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { READS_SENT_AS_POST } from "~/api/audit-scope.server";
import { PERMISSION_MATRIX, type Caller, type Expect, type Fixture } from "./permission-matrix.table";
import { completeDraft, saveStep, startDraft, submittedApplication } from "./application-helpers";
import { assignReviewers } from "./review-helpers";
import { grantedApplication } from "./acceptance-helpers";
import { endAccesses, fillReport, reportingApplication } from "./reporting-helpers";
import { applicationAt, setSetting, type DecisionCase } from "./ri-decisions-helpers";
import { userId } from "./review-helpers";
import { fullBody } from "./infrastructure-helpers";
import { applicationVersion } from "./recommendation-helpers";
import { matrixBodies } from "./permission-matrix.bodies";
import { folderStorage } from "~/media/storage.server";

let api: TestApi;
let operations: { key: string; method: string; path: string; protected: boolean }[];

const METHODS = ["get", "post", "put", "patch", "delete"];

beforeAll(async () => {
  api = await createTestApi();
  // The assistant offered: its pre-fill answers each caller by their right and the draft's state, not 404 to all.
  await setSetting(api, "ai-in-use", "yes");
  const res = await api.call("GET", "/openapi.json");
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        protected: (op.security?.length ?? 0) > 0 && !op.security!.some((r) => Object.keys(r).length === 0),
      })),
  );
});
afterAll(() => api.close());

const trash = (table: "calls" | "infrastructures" | "pages" | "documents", id: number, trashed: boolean) =>
  api.db.updateTable(table).set({ deleted_at: trashed ? sql`now()` : null } as never).where("id", "=", id).execute();

function textFile(): FormData {
  const form = new FormData();
  form.append("file", new Blob(["hello, matrix\n"], { type: "text/plain" }), "matrix.txt");
  return form;
}

let grantedOnce: Promise<number> | undefined;
let reportingOnce: Promise<number> | undefined;
let reviewedOnce: Promise<{ application: number; evaluator: number; watchdog: number }> | undefined;

/** One application under evaluation with the demo evaluator, watchdog and viewer assigned, put back as assigned before every call. */
async function reviewed() {
  reviewedOnce ??= (async () => {
    const app = await submittedApplication(api, "applicant");
    const ids = await assignReviewers(api, app.id, { evaluator: ["evaluator"], watchdog: ["watchdog"], viewer: ["viewer"] });
    return { application: app.id, evaluator: ids.evaluator.evaluator, watchdog: ids.watchdog.watchdog };
  })();
  const r = await reviewedOnce;
  await api.db.updateTable("applications").set({ status: "under-evaluation" }).where("id", "=", r.application).execute();
  await api.db.deleteFrom("watchdog_reviews").where("application_id", "=", r.application).execute();
  await api.db.updateTable("application_reviewers").set({ state: "assigned", confidential_declaration: false }).where("application_id", "=", r.application).execute();
  return r;
}

/** A real upload of the demo applicant in place of the application's research plan (the wizard's helpers link rows without a file), so its download streams. */
async function uploadedPlan(applicationId: number) {
  const res = await api.call("POST", "/media/uploads", { as: "applicant", form: textFile() });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  await api.db
    .updateTable("media_links")
    .set({ media_id: id })
    .where("attached_to_type", "=", "application")
    .where("attached_to_id", "=", String(applicationId))
    .where("collection", "=", "research_plan")
    .execute();
  return id;
}
let appendixOnce: Promise<number> | undefined;

/** The reviewed application's research plan, the viewer's confidentiality declaration saved or not. */
async function appendix(declared: boolean) {
  const { application } = await reviewed();
  appendixOnce ??= uploadedPlan(application);
  const id = await appendixOnce;
  if (declared) await api.db.updateTable("application_reviewers").set({ confidential_declaration: true }).where("application_id", "=", application).where("role", "=", "viewer").execute();
  return String(id);
}

let submittedOnce: Promise<number> | undefined;

/** The demo applicant's application in submit at the demo staff's infrastructure, which show-application-submit-ri-staff = no hides from them. */
async function submitted() {
  submittedOnce ??= applicationAt(api, { status: "submit" }).then((c) => c.id);
  const id = await submittedOnce;
  await setSetting(api, "show-application-submit-ri-staff", "no");
  await api.db.updateTable("applications").set({ status: "submit" }).where("id", "=", id).execute();
  return String(id);
}

let ailOnce: Promise<DecisionCase> | undefined;

/** An application under evaluation at AIL alone (the demo administrator's, not the demo manager's), its decision open again and no reviewer assigned before every call. */
async function atAil() {
  ailOnce ??= applicationAt(api, { only: "AIL" });
  const c = await ailOnce;
  await api.db.deleteFrom("application_reviewers").where("application_id", "=", c.id).execute();
  await api.db.updateTable("applications").set({ status: "under-evaluation", sm_decision_date: null }).where("id", "=", c.id).execute();
  await api.db.updateTable("application_infrastructures").set({ sm_decided_at: null }).where("application_id", "=", c.id).execute();
  return c;
}

let rolesUserOnce: Promise<number> | undefined;
let filledOnce: Promise<void> | undefined;
let completeOnce: Promise<number> | undefined;
let aiDraftOnce: Promise<{ id: number; draft: unknown }> | undefined;
let unofferedOnce: Promise<number> | undefined;

/** Prepared before every single call: the id the path gets. */
const FIXTURES: Record<Fixture, () => Promise<string>> = {
  none: async () => "1",
  "open-call": async () => (await trash("calls", 1, false), "1"),
  "live-draft-call": async () => (await trash("calls", 5, false), "5"),
  "trashed-draft-call": async () => (await trash("calls", 5, true), "5"),
  "managed-infrastructure": async () => (await trash("infrastructures", 1, false), "1"),
  "trashed-infrastructure": async () => (await trash("infrastructures", 4, true), "4"),
  "published-page": async () => (await trash("pages", 1, false), "1"),
  "live-draft-page": async () => (await trash("pages", 6, false), "6"),
  "trashed-draft-page": async () => (await trash("pages", 6, true), "6"),
  "live-draft-document": async () => (await trash("documents", 6, false), "6"),
  "trashed-draft-document": async () => (await trash("documents", 6, true), "6"),
  // A fresh draft of the demo applicant on the open call (a DELETE of the previous caller leaves no trace).
  "applicant-draft": async () => {
    // PUT /api/users/me with `{}` clears the caller's profile: give the applicant back an allowed country.
    await api.db.updateTable("users").set({ organization_country: "BE" }).where("sub", "=", "demo-applicant").execute();
    const call = await api.db.selectFrom("calls").select("id").where("status", "=", "open").where("remote_access", "=", false).orderBy("id").executeTakeFirstOrThrow();
    const res = await api.call("POST", "/applications", { as: "applicant", body: { call_id: call.id } });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return String((await res.json()).id);
  },
  // A fresh notification of the demo applicant (a DELETE of the previous caller leaves no trace).
  "applicant-notification": async () => {
    const user = await api.db.selectFrom("users").select("id").where("sub", "=", "demo-applicant").executeTakeFirstOrThrow();
    const row = await api.db.insertInto("notifications").values({ user_id: user.id, kind: "invitation" }).returning("id").executeTakeFirstOrThrow();
    return String(row.id);
  },
  "evaluator-assignment": async () => String((await reviewed()).evaluator),
  "watchdog-assignment": async () => String((await reviewed()).watchdog),
  "submitted-evaluation": async () => {
    const { evaluator } = await reviewed();
    await api.db.updateTable("application_reviewers").set({ state: "submitted" }).where("id", "=", evaluator).execute();
    return String(evaluator);
  },
  "reviewed-application": async () => String((await reviewed()).application),
  // The demo applicant's granted application, granted again before every call (an accept or withdraw moves it on).
  "granted-application": async () => {
    grantedOnce ??= grantedApplication(api).then((a) => a.id);
    const id = await grantedOnce;
    await api.db.updateTable("applications").set({ status: "granted" }).where("id", "=", id).execute();
    return String(id);
  },
  "accepted-application": async () => {
    grantedOnce ??= grantedApplication(api).then((a) => a.id);
    const id = await grantedOnce;
    await api.db.updateTable("applications").set({ status: "accepted" }).where("id", "=", id).execute();
    await api.db.deleteFrom("application_reports").where("application_id", "=", id).execute();
    await endAccesses(api, id);
    return String(id);
  },
  // In reporting, its report open and not submitted, before every call (a submit, review or confirmation moves it on);
  // besides its watchdog, the demo evaluator and the demo viewer (declared) are assigned.
  "reporting-application": async () => {
    reportingOnce ??= reportingApplication(api).then(async (a) => {
      for (const [name, role] of [["evaluator", "evaluator"], ["viewer", "viewer"]] as const) {
        await api.db.insertInto("application_reviewers").values({ application_id: a.id, user_id: await userId(api, name), role, confidential_declaration: role === "viewer" }).execute();
      }
      return a.id;
    });
    const id = await reportingOnce;
    // The watchdog's approval not asked for (the default): only "submitted-report" asks for it.
    await setSetting(api, "watchdog-report", "no");
    await api.db.updateTable("applications").set({ status: "reporting" }).where("id", "=", id).execute();
    await api.db.updateTable("application_reports").set({ submitted_at: null, watchdog_review: null, watchdog_review_note: null }).where("application_id", "=", id).execute();
    await api.db.updateTable("accesses").set({ status: "proposed", sm_report_confirmed: null }).where("application_id", "=", id).execute();
    return String(id);
  },
  // A publication of that application's report, made afresh before every call (a DELETE leaves no trace).
  "applicant-publication": async () => {
    const id = Number(await FIXTURES["reporting-application"]());
    const row = await api.db.insertInto("publications").values({ application_id: id, title: "Matrix paper" }).returning("id").executeTakeFirstOrThrow();
    return String(row.id);
  },
  "ail-application": async () => String((await atAil()).id),
  "submitted-application": submitted,
  "application-appendix": () => appendix(false),
  "declared-application-appendix": () => appendix(true),
  "ail-access": async () => String((await atAil()).access.AIL),
  // Every demo user has a calendar feed (a DELETE of the previous caller stops theirs only).
  "calendar-feeds": async () => {
    const users = await api.db.selectFrom("users").select("id").where("sub", "like", "demo-%").execute();
    await api.db.deleteFrom("calendar_feeds").execute();
    await api.db.insertInto("calendar_feeds").values(users.map((u) => ({ user_id: u.id, token_hash: crypto.randomBytes(32).toString("hex") }))).execute();
    return "1";
  },
  // The last segment of the demo applicant's live feed address, made afresh (its token).
  "applicant-feed-file": async () => {
    const res = await api.call("POST", "/calendar/feed", { as: "applicant", body: {} });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url.split("/").pop()!;
  },
  // A fresh draft's closing date (the applicant's) and the reviewed application's evaluation deadline (the evaluator's).
  "applicant-deadline-file": async () => `owner-${await FIXTURES["applicant-draft"]()}.ics`,
  "evaluator-deadline-file": async () => `evaluator-${(await reviewed()).application}.ics`,
  // A person of their own (no application), made afresh: the erasure's subject.
  "erasable-user": async () => {
    const sub = `matrix-${crypto.randomBytes(6).toString("hex")}`;
    const row = await api.db.insertInto("users").values({ sub, email: `${sub}@example.org`, name: "Matrix", surname: "Person", display_name: "Matrix Person" }).returning("id").executeTakeFirstOrThrow();
    return String(row.id);
  },
  // The same, erased.
  "erased-user": async () => {
    const id = await FIXTURES["erasable-user"]();
    const res = await api.call("POST", `/users/${id}/erase`, { as: "admin" });
    expect(res.status).toBe(200);
    return id;
  },
  // A user of the matrix's own, whose roles an admin may change without changing any demo user's.
  "roles-user": async () => {
    rolesUserOnce ??= api.db
      .insertInto("users")
      .values({ sub: "matrix-roles", email: "matrix-roles@example.org", name: "Matrix", surname: "Roles" } as never)
      .returning("id")
      .executeTakeFirstOrThrow()
      .then((u) => u.id);
    return String(await rolesUserOnce);
  },
  // The demo evaluator's assignment, accepted (the evaluation may be saved).
  "accepted-evaluation": async () => {
    const { evaluator } = await reviewed();
    await api.db.updateTable("application_reviewers").set({ state: "accepted" }).where("id", "=", evaluator).execute();
    return String(evaluator);
  },
  // The reviewed application with the demo watchdog's review of the evaluation saved (an editor may reopen it).
  "watchdog-reviewed-application": async () => {
    const r = await reviewed();
    await api.db.insertInto("watchdog_reviews").values({ application_id: r.application, watchdog_id: r.watchdog, evaluation_id: r.evaluator, verdict: "agree", submitted_at: sql`now()` } as never).execute();
    return String(r.application);
  },
  // The granted application, withdrawn by its owner before every call (the editor may undo it).
  "withdrawn-application": async () => {
    const id = await FIXTURES["granted-application"]();
    const res = await api.call("PUT", `/applications/${id}/withdraw`, { as: "applicant", body: { notes: "Matrix", updated_at: await applicationVersion(api, Number(id)) } });
    expect(res.status, await res.clone().text()).toBe(200);
    return id;
  },
  // The application in reporting, reported (the editor may return it to reporting).
  "reported-application": async () => {
    const id = await FIXTURES["reporting-application"]();
    await api.db.updateTable("applications").set({ status: "reported" }).where("id", "=", Number(id)).execute();
    return id;
  },
  // The application in reporting, its report filled (its owner may submit it).
  "complete-report": async () => {
    const id = await FIXTURES["reporting-application"]();
    filledOnce ??= fillReport(api, Number(id)).then(() => undefined);
    await filledOnce;
    return id;
  },
  // The same report submitted, the watchdog's approval asked for (the editor may reopen it, its watchdog review it).
  "submitted-report": async () => {
    const id = await FIXTURES["complete-report"]();
    await setSetting(api, "watchdog-report", "yes");
    await api.db.updateTable("application_reports").set({ submitted_at: sql`now()`, submitted_by: await userId(api, "applicant") }).where("application_id", "=", Number(id)).execute();
    return id;
  },
  // The AIL application with its decision made (the editor may reopen it).
  "ail-decided": async () => {
    const c = await atAil();
    await api.db.updateTable("application_infrastructures").set({ sm_accepted: true, sm_decided_at: new Date() }).where("application_id", "=", c.id).execute();
    await api.db.updateTable("applications").set({ sm_decision_date: new Date() }).where("id", "=", c.id).execute();
    return String(c.id);
  },
  // A complete draft of the demo applicant, back in draft before every call (its owner may submit it).
  "complete-draft": async () => {
    completeOnce ??= startDraft(api, "applicant").then((d) => completeDraft(api, "applicant", d.data)).then((a) => a.id);
    const id = await completeOnce;
    const { status } = await api.db.selectFrom("applications").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (status !== "draft") {
      const res = await api.call("PUT", `/applications/${id}/restore-draft`, { as: "editor", body: { updated_at: await applicationVersion(api, id) } });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    return String(id);
  },
  // A complete draft whose research plan (a text file) the built-in assistant reads, not pre-filled yet.
  "ai-draft": async () => {
    aiDraftOnce ??= (async () => {
      const draft = await completeDraft(api, "applicant", (await startDraft(api, "applicant")).data);
      const uuid = crypto.randomUUID();
      const plan = Buffer.from("Research plan\n\nSummary\nWe follow seabirds at the ice edge.\n");
      await folderStorage(api.mediaDir).put(uuid, Readable.from([plan]), 10_000_000);
      const medium = await api.db.insertInto("media").values({ uuid, name: "plan.txt", mime_type: "text/plain", size: plan.length, user_id: draft.owner.id }).returning("id").executeTakeFirstOrThrow();
      const planned = await saveStep(api, "applicant", draft, "appendices", { ...draft.draft.appendices, research_plan: medium.id }, false);
      const { draft: saved } = await api.db.selectFrom("applications").select("draft").where("id", "=", planned.id).executeTakeFirstOrThrow();
      return { id: draft.id, draft: saved };
    })();
    const { id, draft } = await aiDraftOnce;
    await api.db.updateTable("applications").set({ draft: JSON.stringify(draft), ai_response: null, ai_requested_at: null, ai_termsandconditions: null, ai_termsandconditions_by: null } as never).where("id", "=", id).execute();
    return String(id);
  },
  // An infrastructure no call offers, live again before every call (the admin area may delete it).
  "unoffered-infrastructure": async () => {
    unofferedOnce ??= api.call("POST", "/infrastructures", { as: "editor", body: fullBody() }).then(async (res) => {
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    });
    const id = await unofferedOnce;
    await trash("infrastructures", id, false);
    return String(id);
  },
  "editor-upload": async () => {
    const res = await api.call("POST", "/media/uploads", { as: "editor", form: textFile() });
    expect(res.status).toBe(201);
    return String((await res.json()).id);
  },
};

/** Who each demo user is in the test database (their audit entries' actor). */
const demoIds = new Map<string, number>();
async function demoId(caller: Caller): Promise<number | undefined> {
  if (caller === "anonymous") return undefined;
  if (!demoIds.has(caller)) demoIds.set(caller, await userId(api, caller));
  return demoIds.get(caller);
}

const lastAuditEntry = async () => Number((await api.db.selectFrom("audit_entries").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0);

/**
 * Write operations no line's body gets a 2xx from yet (a `{}` body is refused
 * with 422, or the fixture's state with 409): their refusals are checked, not
 * their entries. Empty: every write has a body (tests/api/permission-matrix.bodies.ts)
 * and a fixture it succeeds on; a new write without one fails the last test.
 */
const NOT_YET_ANSWERED_2XX: string[] = [];

/** Write operations answered 2xx at least once, each with its one audit entry (docs/decisions/051-audit-trail.md). */
const auditedWrites = new Set<string>();

function matches(expected: Expect, status: number): boolean {
  if (expected === 401) return status === 401;
  if (expected === "denied") return status === 403 || status === 404;
  return (status >= 200 && status < 300) || status === 409 || status === 422;
}

const CALLERS: Caller[] = ["anonymous", ...ALL_DEMO_USERS];
/** The bodies with which each write's permitted caller succeeds (tests/api/permission-matrix.bodies.ts). */
const BODIES = matrixBodies(() => api);
const hasBody = (method: string) => method === "POST" || method === "PUT" || method === "PATCH";

describe("the permission matrix", () => {
  it("has one line per OpenAPI operation, and no line without one", () => {
    const inDoc = operations.map((o) => o.key).sort();
    const inTable = Object.keys(PERMISSION_MATRIX).sort();
    expect(inDoc.filter((k) => !inTable.includes(k)), "operations missing from permission-matrix.table.ts").toEqual([]);
    expect(inTable.filter((k) => !inDoc.includes(k)), "table lines naming no operation").toEqual([]);
    expect(Object.keys(BODIES).filter((k) => !inTable.includes(k) || !hasBody(k.split(" ")[0])), "bodies for no write line").toEqual([]);
  });

  it("says 401 to anonymous callers exactly for the operations the document marks as protected", () => {
    const wrong = operations.filter((o) => PERMISSION_MATRIX[o.key] && (PERMISSION_MATRIX[o.key].expect.anonymous === 401) !== o.protected).map((o) => o.key);
    expect(wrong).toEqual([]);
  });

  it.each(Object.keys(PERMISSION_MATRIX))("%s answers each caller as the table says", async (key) => {
    const line = PERMISSION_MATRIX[key];
    const [method, docPath] = key.split(" ");
    const got: string[] = [];
    for (const cells of [{ id: line.id ?? "none", expect: line.expect }, ...(line.also ?? [])]) {
      for (const caller of CALLERS) {
        const id = await FIXTURES[cells.id]();
        const path = `${docPath}${line.query ? `?${line.query}` : ""}`.replace(/^\/api/, "").replace(/\{[^}]+\}/g, id);
        const as = caller === "anonymous" ? undefined : caller;
        const before = await lastAuditEntry();
        const body = hasBody(method) ? ((await (line.body ?? BODIES[key])?.(id)) ?? {}) : undefined;
        const res = line.upload ? await api.call(method, path, { as, form: textFile() }) : await api.call(method, path, { as, body });
        const answer = await res.text();
        if (!matches(cells.expect[caller], res.status)) got.push(`${caller} on ${cells.id}: expected ${cells.expect[caller]}, got ${res.status} (${method} /api${path})`);
        if (method === "GET") continue;
        // Every write answered 2xx leaves exactly one audit entry, the caller's; a refused one leaves none; a read sent as a POST none.
        const entries = await api.db.selectFrom("audit_entries").select(["actor_id", "operation"]).where("id", ">", String(before)).execute();
        const ok = res.status >= 200 && res.status < 300;
        const expected = ok && !READS_SENT_AS_POST.has(key) ? [{ actor_id: (await demoId(caller)) ?? null, operation: key }] : [];
        if (JSON.stringify(entries) !== JSON.stringify(expected)) got.push(`${caller} on ${cells.id}: ${res.status} left audit entries ${JSON.stringify(entries)}, expected ${JSON.stringify(expected)}`);
        if (ok) auditedWrites.add(key);
        else if (process.env.MATRIX_WHY && cells.expect[caller] === "ok") console.log("why not 2xx:", key, caller, res.status, answer.slice(0, 300));
      }
    }
    expect(got).toEqual([]);
  });

  it("answered every write operation 2xx at least once, each leaving its audit entry", () => {
    const writes = operations.filter((o) => o.method !== "GET" && !READS_SENT_AS_POST.has(o.key)).map((o) => o.key);
    const missed = writes.filter((k) => !auditedWrites.has(k));
    expect(missed.filter((k) => !NOT_YET_ANSWERED_2XX.includes(k)), "write operations no caller got a 2xx from: give their line a `body`").toEqual([]);
    expect(NOT_YET_ANSWERED_2XX.filter((k) => !missed.includes(k)), "operations now answered 2xx: take them off NOT_YET_ANSWERED_2XX").toEqual([]);
  });
});

describe("signed out, a protected operation is a 401 whatever else is wrong", () => {
  const HOSTILE_BODIES: { name: string; body?: string; type?: string }[] = [
    { name: "{}", body: "{}", type: "application/json" },
    { name: "[]", body: "[]", type: "application/json" },
    { name: "null", body: "null", type: "application/json" },
    { name: "malformed JSON", body: "{\"a\":", type: "application/json" },
    { name: "a prototype key", body: "{\"constructor\":1,\"__proto__\":{\"x\":1}}", type: "application/json" },
    { name: "text/plain", body: "x", type: "text/plain" },
    { name: "no content type", body: "x" },
    { name: "a form body", body: "a=1", type: "application/x-www-form-urlencoded" },
  ];
  const TOKENS: { name: string; header?: string }[] = [
    { name: "no token" },
    { name: "a garbage Bearer token", header: "Bearer not-a-jwt" },
    { name: "a malformed JWT", header: "Bearer eyJhbGciOiJub25lIn0.e30." },
    { name: "a Basic header", header: "Basic YWRtaW46YWRtaW4=" },
  ];
  const IDS = ["1", "abc", "-1", "2147483648", "99999999999", "%5C"];

  it("for every protected operation, token, body and id", async () => {
    const got: string[] = [];
    for (const op of operations.filter((o) => o.protected)) {
      const ids = op.path.includes("{") ? IDS : ["-"];
      for (const id of ids) {
        const path = op.path.replace(/\{[^}]+\}/g, id);
        for (const token of TOKENS) {
          for (const b of hasBody(op.method) ? HOSTILE_BODIES : [{ name: "no body" } as (typeof HOSTILE_BODIES)[number]]) {
            const headers: Record<string, string> = {};
            if (token.header) headers.authorization = token.header;
            if (b.type) headers["content-type"] = b.type;
            const res = await api.fetch(new Request(`http://test.local${path}?per_page=abc&page=-1`, { method: op.method, headers, body: b.body }));
            const text = await res.text();
            if (res.status !== 401) got.push(`${op.method} ${path} with ${token.name} and ${b.name}: ${res.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(got).toEqual([]);
  });

  it("public operations never answer 5xx to the same", async () => {
    const got: string[] = [];
    for (const op of operations.filter((o) => !o.protected)) {
      for (const id of op.path.includes("{") ? IDS : ["-"]) {
        const path = op.path.replace(/\{[^}]+\}/g, id);
        for (const token of [undefined, "Bearer not-a-jwt"]) {
          const headers: Record<string, string> = token ? { authorization: token } : {};
          const res = await api.fetch(new Request(`http://test.local${path}?q=%5C&per_page=abc`, { method: op.method, headers }));
          await res.arrayBuffer();
          if (res.status >= 500) got.push(`${op.method} ${path} (${token ?? "no token"}): ${res.status}`);
        }
      }
    }
    expect(got).toEqual([]);
  });
});
