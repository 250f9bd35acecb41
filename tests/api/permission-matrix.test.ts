// The permission matrix (docs/security.md#harness): every
// operation of the API's own OpenAPI document, called as the anonymous caller
// and as each of the nine demo users, must answer what
// permission-matrix.table.ts says. An operation missing from the table, or a
// table line naming no operation, fails. Protected operations answer 401 to a
// signed-out caller whatever the body, content type, token or id.
import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_DEMO_USERS, createTestApi, type TestApi } from "../support/api";
import { READS_SENT_AS_POST } from "~/api/audit-scope.server";
import { PERMISSION_MATRIX, type Caller, type Expect, type Fixture } from "./permission-matrix.table";
import { submittedApplication } from "./application-helpers";
import { assignReviewers } from "./review-helpers";
import { grantedApplication } from "./acceptance-helpers";
import { endAccesses, reportingApplication } from "./reporting-helpers";
import { applicationAt, setSetting, type DecisionCase } from "./ri-decisions-helpers";
import { userId } from "./review-helpers";

let api: TestApi;
let operations: { key: string; method: string; path: string; protected: boolean }[];

const METHODS = ["get", "post", "put", "patch", "delete"];

beforeAll(async () => {
  api = await createTestApi();
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

/** An application under evaluation at AIL alone (the demo administrator's, not the demo manager's), its decision open again before every call. */
async function atAil() {
  ailOnce ??= applicationAt(api, { only: "AIL" });
  const c = await ailOnce;
  await api.db.updateTable("applications").set({ status: "under-evaluation", sm_decision_date: null }).where("id", "=", c.id).execute();
  await api.db.updateTable("application_infrastructures").set({ sm_decided_at: null }).where("application_id", "=", c.id).execute();
  return c;
}

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
 * their entries. The list only shrinks.
 */
const NOT_YET_ANSWERED_2XX = [
  "POST /api/users/assign-role",
  "PUT /api/evaluations/{id}",
  "PUT /api/evaluations/{id}/accept",
  "PUT /api/evaluations/{id}/send-conflict",
  "PUT /api/watchdog-reviews/{id}",
  "PUT /api/watchdog-reviews/{id}/send-conflict",
  "PUT /api/applications/{id}/reopen-watchdog-review",
  "PUT /api/applications/{id}/viewer-save-confidential",
  "PUT /api/applications/{id}/change-status",
  "PUT /api/applications/{id}/restore-draft",
  "PUT /api/applications/{id}/undo-withdrawn",
  "PUT /api/applications/{id}/reopen-reporting-status",
  "PUT /api/applications/{id}/eligibility",
  "PUT /api/applications/{id}/infrastructure",
  "PUT /api/applications/{id}/save-wd",
  "PUT /api/applications/{id}/recommendation",
  "PUT /api/applications/{id}/sm-decision",
  "PUT /api/applications/{id}/reopen-sm-decision",
  "PUT /api/accesses/{id}/dates",
  "PUT /api/applications/{id}/accept",
  "PUT /api/applications/{id}/withdraw",
  "PUT /api/applications/{id}/start-reporting",
  "PUT /api/applications/{id}/signed-agreement",
  "PUT /api/applications/{id}/countersigned-agreement",
  "PUT /api/applications/{id}/report/activity",
  "PUT /api/applications/{id}/report/accesses",
  "PUT /api/applications/{id}/report/documents",
  "PUT /api/applications/{id}/report/feedback",
  "PUT /api/applications/{id}/submit-report",
  "PUT /api/applications/{id}/reopen-report",
  "PUT /api/applications/{id}/watchdog-report-review",
  "PUT /api/applications/{id}/sm-report",
  "POST /api/applications/{id}/publications",
  "PUT /api/publications/{id}",
  "POST /api/applications",
  "PUT /api/applications/{id}",
  "PUT /api/applications/{id}/submit",
  "POST /api/calls",
  "PUT /api/calls/{id}",
  "PUT /api/settings",
  "POST /api/infrastructures",
  "PUT /api/infrastructures/{id}",
  "DELETE /api/infrastructures/{id}",
  "POST /api/pages",
  "PUT /api/pages/{id}",
  "POST /api/documents",
  "PUT /api/documents/{id}",
  "POST /api/invite-evaluators",
  "POST /api/ai-generate/applications/{id}",
];

/** Write operations answered 2xx at least once, each with its one audit entry (docs/decisions/051-audit-trail.md). */
const auditedWrites = new Set<string>();

function matches(expected: Expect, status: number): boolean {
  if (expected === 401) return status === 401;
  if (expected === "denied") return status === 403 || status === 404;
  return (status >= 200 && status < 300) || status === 409 || status === 422;
}

const CALLERS: Caller[] = ["anonymous", ...ALL_DEMO_USERS];
const hasBody = (method: string) => method === "POST" || method === "PUT" || method === "PATCH";

describe("the permission matrix", () => {
  it("has one line per OpenAPI operation, and no line without one", () => {
    const inDoc = operations.map((o) => o.key).sort();
    const inTable = Object.keys(PERMISSION_MATRIX).sort();
    expect(inDoc.filter((k) => !inTable.includes(k)), "operations missing from permission-matrix.table.ts").toEqual([]);
    expect(inTable.filter((k) => !inDoc.includes(k)), "table lines naming no operation").toEqual([]);
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
        const body = hasBody(method) ? ((await line.body?.(id)) ?? {}) : undefined;
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
