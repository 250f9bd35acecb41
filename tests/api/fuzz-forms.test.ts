// Property-based fuzzing of every form route's action (docs/security.md#harness), driven in-process as Remix would: hostile field names
// (indices up to 99999999, prototype segments, deep nesting), huge values, NUL,
// malformed Conform intents, wrong or missing content types and truncated
// multipart bodies. Each post must end in a 4xx Response or a redirect (thrown
// or returned), never another error, and within a second.
//
// Seeded: FUZZ_SEED (default 7307), FUZZ_RUNS posts per route (default 40).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setFileScope } from "@vanilla-extract/css/fileScope";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";
import { startDraft } from "./application-helpers";
import { applicationUnderEvaluation } from "./review-helpers";
import { grantedApplication } from "./acceptance-helpers";
import { reportingApplication } from "./reporting-helpers";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 7307);
const BUDGET_MS = 1000;

let api: TestApi;
let dataDir: string;
const cookies: Record<string, string> = {};

interface FormRoute {
  /** The URL path the form posts to. */
  url: string;
  /** The route module (app/routes/…). */
  load: () => Promise<{ action: (args: never) => Promise<unknown> }>;
  params?: Record<string, string>;
  /** Who posts: a demo user, or nobody signed in. */
  as: string | null;
  /** Field names the real form uses, for the fuzzer to aim at. */
  fields: string[];
}

const INFRA_FIELDS = ["name", "description", "country_code", "category", "periods[0].date_from", "periods[0].date_to", "periods[1].date_from", "managers", "administrators", "acceptance_agreement", "acceptance_agreement__upload", "updated_at", "unit_cost"];
const CALL_FIELDS = ["title", "description", "status", "opening_date", "closing_date", "evaluation_date", "decision_date", "available_infrastructures", "available_infrastructures[0]", "updated_at"];
const PAGE_FIELDS = ["title", "slug", "content", "summary", "status", "attachments", "attachments__upload", "documents", "updated_at"];
const DOC_FIELDS = ["title", "description", "status", "tags", "roles", "roles[0]", "files", "files__upload", "updated_at"];
const LIST_FIELDS = ["intent", "id", "returnTo"];
/** A draft of the applicant's, started in beforeAll: the wizard's steps post to it. */
const DRAFT: Record<string, string> = { id: "0" };
const WIZARD_FIELDS = ["move", "updated_at"];
/** A second draft, for the delete confirmation (its first post deletes it; later ones answer 404). */
const SPARE_DRAFT: Record<string, string> = { id: "0" };
/** The demo evaluator's evaluation and the application it is on (watched and viewed too), made in beforeAll. */
const EVALUATION: Record<string, string> = { id: "0" };
const REVIEWED: Record<string, string> = { id: "0" };
/** The applicant's granted application, made in beforeAll: accept, withdraw and the agreements post to it. */
const GRANTED: Record<string, string> = { id: "0" };
const REPORTING: Record<string, string> = { id: "0" };
const GROUP_FIELDS = [...WIZARD_FIELDS, "members[0].key", "members[0].email", "members[0].leader", "members[1].name", "members[1].birth_year", "members[1].nationality", "members[1].young", "members"];

const ROUTES: FormRoute[] = [
  { url: "/admin/infrastructure/create", load: () => import("../../app/routes/admin.infrastructure.create"), as: "admin", fields: INFRA_FIELDS },
  { url: "/admin/infrastructure/1/update", load: () => import("../../app/routes/admin.infrastructure.$id.update"), params: { id: "1" }, as: "admin", fields: INFRA_FIELDS },
  { url: "/infrastructure/1/update", load: () => import("../../app/routes/infrastructure.$id.update"), params: { id: "1" }, as: "infrastructure-manager", fields: INFRA_FIELDS },
  { url: "/admin/infrastructure", load: () => import("../../app/routes/admin.infrastructure._index"), as: "admin", fields: LIST_FIELDS },
  { url: "/admin/call/create", load: () => import("../../app/routes/admin.call.create"), as: "editor", fields: CALL_FIELDS },
  { url: "/admin/call/5/update", load: () => import("../../app/routes/admin.call.$id.update"), params: { id: "5" }, as: "editor", fields: CALL_FIELDS },
  { url: "/admin/call", load: () => import("../../app/routes/admin.call._index"), as: "editor", fields: LIST_FIELDS },
  { url: "/admin/page/create", load: () => import("../../app/routes/admin.page.create"), as: "editor", fields: PAGE_FIELDS },
  { url: "/admin/page/6/update", load: () => import("../../app/routes/admin.page.$id.update"), params: { id: "6" }, as: "editor", fields: PAGE_FIELDS },
  { url: "/admin/page", load: () => import("../../app/routes/admin.page._index"), as: "editor", fields: LIST_FIELDS },
  { url: "/admin/document/create", load: () => import("../../app/routes/admin.document.create"), as: "editor", fields: DOC_FIELDS },
  { url: "/admin/document/6/update", load: () => import("../../app/routes/admin.document.$id.update"), params: { id: "6" }, as: "editor", fields: DOC_FIELDS },
  { url: "/admin/document", load: () => import("../../app/routes/admin.document._index"), as: "editor", fields: LIST_FIELDS },
  // The settings are saved a section at a time (?section=<group>): its own fields, another section's (dropped), and a `section` field (the URL's counts).
  { url: "/admin/settings?section=identity", load: () => import("../../app/routes/admin.settings"), as: "admin", fields: ["project-name", "project-link", "consortium", "project-logo", "project-logo__upload", "eu-logo", "founding-fr", "updated_at", "no-call-link", "section"] },
  { url: "/admin/settings?section=ai", load: () => import("../../app/routes/admin.settings"), as: "admin", fields: ["ai-in-use", "ai-prompt", "ai-disclaimer", "ai-disclaimer-fr", "updated_at", "project-name", "section"] },
  // An unknown section: every post is a 404, whatever its body.
  { url: "/admin/settings?section=__proto__", load: () => import("../../app/routes/admin.settings"), as: "admin", fields: ["project-name", "updated_at"] },
  { url: "/profile", load: () => import("../../app/routes/profile"), as: "applicant", fields: ["email_cc", "website", "phone", "nationality", "organization_country", "organization_email"] },
  { url: "/admin/users/1", load: () => import("../../app/routes/admin.users.$id"), params: { id: "1" }, as: "admin", fields: ["user_id", "roles", "roles[0]"] },
  // User 1 (the demo's first user) owns applications in progress: each post is refused (409), whatever the body.
  { url: "/admin/users/1/erase", load: () => import("../../app/routes/admin.users.$id_.erase"), params: { id: "1" }, as: "admin", fields: ["intent"] },
  { url: "/preferences/theme", load: () => import("../../app/routes/preferences.theme"), as: null, fields: ["theme", "returnTo"] },
  { url: "/preferences/language", load: () => import("../../app/routes/preferences.language"), as: null, fields: ["language", "lng", "returnTo"] },
  { url: "/cookies", load: () => import("../../app/routes/cookies"), as: null, fields: ["intent", "returnTo"] },
  { url: "/alerts", load: () => import("../../app/routes/alerts"), as: "applicant", fields: ["returnTo"] },
  { url: "/notifications", load: () => import("../../app/routes/notifications"), as: "editor", fields: ["intent", "id", "filter"] },
  { url: "/admin/invitations", load: () => import("../../app/routes/admin.invitations"), as: "editor", fields: ["emails", "role", "application_id"] },
  { url: "/admin/call/5/evaluation-reminder", load: () => import("../../app/routes/admin.call.$id.evaluation-reminder"), params: { id: "5" }, as: "editor", fields: ["intent"] },
  { url: "/application/{draft}/update/logistics", load: () => import("../../app/routes/application.$id.update.logistics"), params: DRAFT, as: "applicant", fields: [...WIZARD_FIELDS, "infrastructures[0].key", "infrastructures[0].infrastructure_id", "infrastructures[0].second_choice_id", "infrastructures[0].accesses[0].type", "infrastructures[0].accesses[0].member", "infrastructures[0].accesses[0].date_from", "infrastructures[0].accesses[1].date_to", "infrastructures[1].accesses[0].requested_units", "infrastructures", "__intent__"] },
  { url: "/application/{draft}/update/costs", load: () => import("../../app/routes/application.$id.update.costs"), params: DRAFT, as: "applicant", fields: [...WIZARD_FIELDS, "accesses[0].key", "accesses[0].costs[0].item", "accesses[0].costs[0].cost", "accesses[0].costs[1].unit_number", "accesses[1].costs[0].notes", "accesses", "__intent__"] },
  { url: "/application/{draft}/update/user-group", load: () => import("../../app/routes/application.$id.update.user-group"), params: DRAFT, as: "applicant", fields: GROUP_FIELDS },
  { url: "/application/{draft}/update/publications", load: () => import("../../app/routes/application.$id.update.publications"), params: DRAFT, as: "applicant", fields: [...WIZARD_FIELDS, "planned_publications", "top_five[0]", "top_five[4]", "top_five", "working_region", "working_area_text"] },
  { url: "/application/{draft}/update/appendices", load: () => import("../../app/routes/application.$id.update.appendices"), params: DRAFT, as: "applicant", fields: [...WIZARD_FIELDS, "research_plan", "research_plan__upload", "group_leader_cv", "recommendation_letter", "recommendation_letter__upload", "recommendation_letter__multiple", "extra_information__upload"] },
  // The project step's assistant form (ADR 042): multipart, a research plan and the agreement.
  { url: "/application/{draft}/update/project?assistant", load: () => import("../../app/routes/application.$id.update.project"), params: DRAFT, as: "applicant", fields: [...WIZARD_FIELDS, "agree", "research_plan", "research_plan__upload"] },
  { url: "/application/{draft}/update/review", load: () => import("../../app/routes/application.$id.update.review"), params: DRAFT, as: "applicant", fields: WIZARD_FIELDS },
  { url: "/my-evaluations/{evaluation}", load: () => import("../../app/routes/my-evaluations.$id"), params: EVALUATION, as: "evaluator", fields: ["intent", "updated_at", "confidential_declaration", "conflictofinterest_declaration", "note", "score-1", "justification-1", "score-2"] },
  { url: "/my-evaluations/{evaluation}/submit", load: () => import("../../app/routes/my-evaluations.$id_.submit"), params: EVALUATION, as: "evaluator", fields: ["updated_at"] },
  { url: "/my-evaluations-reviews/{reviewed}", load: () => import("../../app/routes/my-evaluations-reviews.$id"), params: REVIEWED, as: "watchdog", fields: ["intent", "evaluation_id", "verdict", "comment", "note", "updated_at"] },
  { url: "/admin/application/{reviewed}", load: () => import("../../app/routes/admin.application.$id"), params: REVIEWED, as: "editor", fields: ["intent", "updated_at", "transition", "status", "notes", "access", "eligible-1", "evaluators", "watchdogs", "viewers", "confirmed", "checked", "application_infrastructure_id", "infrastructure_id"] },
  { url: "/application-at-my-ri/{reviewed}", load: () => import("../../app/routes/application-at-my-ri.$id"), params: REVIEWED, as: "infrastructure-manager", fields: ["intent", "updated_at", "application_infrastructure_id", "sm_accepted", "sm_units", "sm_participants", "sm_budget", "sm_justification", "access_id", "date_from", "date_to"] },
  { url: "/my-applications-reviews/{reviewed}", load: () => import("../../app/routes/my-applications-reviews.$id"), params: REVIEWED, as: "viewer", fields: ["intent", "confidential_declaration"] },
  { url: "/admin/application/{reviewed}/recommendation", load: () => import("../../app/routes/admin.application.$id_.recommendation"), params: REVIEWED, as: "editor", fields: ["updated_at", "ai", "recommended-1", "units-1", "participants-1", "budget-1", "recommendation-1", "notes"] },
  { url: "/application/{granted}/accept", load: () => import("../../app/routes/application.$id.accept"), params: GRANTED, as: "applicant", fields: ["updated_at"] },
  { url: "/application/{granted}/withdraw", load: () => import("../../app/routes/application.$id.withdraw"), params: GRANTED, as: "applicant", fields: ["updated_at", "notes"] },
  { url: "/application/{granted}/agreements", load: () => import("../../app/routes/application.$id.agreements"), params: GRANTED, as: "applicant", fields: ["updated_at", "media_id", "media_id__upload", "application_infrastructure_id"] },
  // Reporting: the report's parts, its start, and the reminders of a call.
  { url: "/application/{reporting}/report/activity", load: () => import("../../app/routes/application.$id.report.activity"), params: REPORTING, as: "applicant", fields: ["updated_at", "move", "next", "previous", "season_objectives", "achievements_and_difficulties"] },
  { url: "/application/{reporting}/report/accesses", load: () => import("../../app/routes/application.$id.report.accesses"), params: REPORTING, as: "applicant", fields: ["updated_at", "move", "access", "accesses.0.user_units", "accesses.0.user_date_from", "accesses.1.user_date_to"] },
  { url: "/application/{reporting}/report/documents", load: () => import("../../app/routes/application.$id.report.documents"), params: REPORTING, as: "applicant", fields: ["updated_at", "move", "scientific_report", "scientific_report__upload", "data_man_final"] },
  { url: "/application/{reporting}/report/feedback", load: () => import("../../app/routes/application.$id.report.feedback"), params: REPORTING, as: "applicant", fields: ["updated_at", "move", "quantitative_feedback_overall", "feedback_recommend", "text_feedback_overall"] },
  { url: "/application/{reporting}/report/publications", load: () => import("../../app/routes/application.$id.report.publications"), params: REPORTING, as: "applicant", fields: ["intent", "publication_id", "title", "year", "doi", "web_address", "publication_type"] },
  { url: "/application/{reporting}/report/submit", load: () => import("../../app/routes/application.$id.report.submit"), params: REPORTING, as: "applicant", fields: ["updated_at"] },
  { url: "/application/{reporting}/submit-report", load: () => import("../../app/routes/application.$id.submit-report"), params: REPORTING, as: "applicant", fields: ["updated_at"] },
  { url: "/application/{granted}/start-reporting", load: () => import("../../app/routes/application.$id.start-reporting"), params: GRANTED, as: "applicant", fields: ["updated_at"] },
  { url: "/admin/call/5/report-reminder", load: () => import("../../app/routes/admin.call.$id.report-reminder"), params: { id: "5" }, as: "editor", fields: ["audience"] },
  { url: "/application/{spare}/delete", load: () => import("../../app/routes/application.$id.delete"), params: SPARE_DRAFT, as: "applicant", fields: ["updated_at"] },
];

beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-fuzz-forms-"));
  usePortalEnv(api, { DATA_DIR: dataDir });
  // Route modules import their components' vanilla-extract styles, which need a
  // file scope outside the bundler: one for all of them.
  setFileScope("tests/api/fuzz-forms.test.ts", "ta-portal");
  for (const u of new Set(ROUTES.map((r) => r.as))) if (u) cookies[u] = await sessionCookie(u);
  DRAFT.id = String((await startDraft(api, "applicant")).data.id);
  SPARE_DRAFT.id = String((await startDraft(api, "applicant")).data.id);
  const reviewed = await applicationUnderEvaluation(api, { evaluator: ["evaluator"], watchdog: ["watchdog"], viewer: ["viewer"] });
  EVALUATION.id = String(reviewed.ids.evaluator.evaluator);
  REVIEWED.id = String(reviewed.app.id);
  GRANTED.id = String((await grantedApplication(api)).id);
  REPORTING.id = String((await reportingApplication(api)).id);
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---- what the fuzzer posts ------------------------------------------------

const HUGE = "v".repeat(1_100_000);
const intentValue = fc.oneof(
  fc.constantFrom(
    "{bad", "null", "[]", "1", "\"validate\"", "{}", "{\"type\":\"insert\"}", "{\"type\":\"__proto__\",\"payload\":{}}",
    "{\"type\":\"insert\",\"payload\":{\"name\":\"periods\",\"index\":99999999}}",
    "{\"type\":\"remove\",\"payload\":{\"name\":\"periods\",\"index\":-1}}",
    "{\"type\":\"reorder\",\"payload\":{\"name\":\"periods\",\"from\":0,\"to\":99999999}}",
    "{\"type\":\"update\",\"payload\":{\"name\":\"__proto__.x\",\"value\":1}}",
    "{\"type\":\"validate\",\"payload\":{\"name\":\"constructor.prototype\"}}",
    "x".repeat(20_000),
  ),
  fc.string({ maxLength: 30 }),
);

function fieldName(route: FormRoute): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...route.fields) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...route.fields, "periods", "roles", "x"), fc.constantFrom(0, 1, 99, 100, 1000, 20_000, 99_999_999, 2 ** 31, -1)).map(([f, n]) => `${f.replace(/\[\d+\].*$/, "")}[${n}]${f.includes(".") ? f.slice(f.indexOf(".")) : ""}`) },
    { weight: 1, arbitrary: fc.constantFrom("__proto__.x", "__proto__[0]", "constructor.prototype.x", "x.__proto__", "prototype", "__proto__", "toString", "periods[0].__proto__.polluted", "periods[].date_from", "periods[-1].date_from", "periods[0x10].date_from", "a]b[c", "[", "]", ".", "a..b", "") },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }).map((n) => Array.from({ length: n }, (_, i) => `a${i}`).join(".")) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }).map((n) => `x${"[0]".repeat(n)}`) },
    { weight: 1, arbitrary: fc.constantFrom("__intent__", "__state__") },
    { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  );
}

const fieldValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constantFrom("", "\u0000", "a\u0000b", "2027-01-01", "0000-01-01", "2027-02-30", "1", "-1", "2147483648", "99999999999", "1e308", "abc", "%00", "\\", "javascript:alert(1)", "<script>x</script>", "true", "null", "undefined", "__proto__") },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, "w".repeat(300_000)) },
  { weight: 1, arbitrary: intentValue },
);

type Encoding = "urlencoded" | "multipart" | "truncated-multipart" | "multipart-no-boundary" | "multipart-wrong-boundary" | "json" | "text" | "none" | "urlencoded-charset";
const encoding = fc.constantFrom<Encoding>("urlencoded", "urlencoded", "multipart", "multipart", "truncated-multipart", "multipart-no-boundary", "multipart-wrong-boundary", "json", "text", "none", "urlencoded-charset");

function body(fields: [string, string][], enc: Encoding, withFile: boolean): { body: string; type: string | null } {
  const url = () => fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  const part = ([k, v]: [string, string]) => `--B\r\nContent-Disposition: form-data; name="${k.replace(/"/g, "%22")}"\r\n\r\n${v}\r\n`;
  const file = withFile ? `--B\r\nContent-Disposition: form-data; name="${fields[0]?.[0] ?? "file"}__upload"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n` : "";
  const parts = fields.map(part).join("") + file;
  switch (enc) {
    case "urlencoded": return { body: url(), type: "application/x-www-form-urlencoded" };
    case "urlencoded-charset": return { body: url(), type: "application/x-www-form-urlencoded; charset=ISO-8859-1" };
    case "multipart": return { body: `${parts}--B--\r\n`, type: "multipart/form-data; boundary=B" };
    case "truncated-multipart": return { body: parts || `--B\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end`, type: "multipart/form-data; boundary=B" };
    case "multipart-no-boundary": return { body: `${parts}--B--\r\n`, type: "multipart/form-data" };
    case "multipart-wrong-boundary": return { body: `${parts}--B--\r\n`, type: "multipart/form-data; boundary=C" };
    case "json": return { body: JSON.stringify(Object.fromEntries(fields)), type: "application/json" };
    case "text": return { body: url(), type: "text/plain" };
    case "none": return { body: url(), type: null };
  }
}

/** What the action ended with: a Response (thrown or returned) or the error it threw. */
async function outcome(route: FormRoute, request: Request): Promise<{ status?: number; error?: unknown; ms: number }> {
  const mod = (await route.load()) as unknown as { action: (args: unknown) => Promise<unknown> };
  const start = performance.now();
  try {
    const result = await mod.action({ request, params: route.params ?? {}, context: {} });
    const ms = performance.now() - start;
    if (result instanceof Response) return { status: result.status, ms };
    return { error: new Error(`returned a non-Response: ${JSON.stringify(result)?.slice(0, 200)}`), ms };
  } catch (err) {
    const ms = performance.now() - start;
    if (err instanceof Response) return { status: err.status, ms };
    return { error: err, ms };
  }
}

describe("fuzzing every form route's action", () => {
  it.each(ROUTES.map((r) => [r.url, r] as const))("%s: a 4xx or a redirect, in under a second, whatever is posted", async (_url, route) => {
    const sample = fc.record({
      fields: fc.array(fc.tuple(fieldName(route), fieldValue), { maxLength: 12 }),
      enc: encoding,
      withFile: fc.boolean(),
      crossSite: fc.boolean(),
    });
    let last = "";
    // Drawn from the real fields, a post may be valid: those redirect (a save) or
    // answer 400 (validation) like any other, so no special case here.
    await fc.assert(
      fc.asyncProperty(sample, async ({ fields, enc, withFile, crossSite }) => {
        last = `POST ${route.url} as ${route.as ?? "anonymous"} (${enc}${crossSite ? ", cross-site origin" : ""}, fields ${JSON.stringify(fields.map(([k, v]) => [k.slice(0, 80), v.length > 80 ? `${v.slice(0, 20)}…(${v.length})` : v]))})`;
        const { body: payload, type } = body(fields, enc, withFile);
        const headers = new Headers();
        if (type) headers.set("content-type", type);
        if (route.as) headers.set("cookie", cookies[route.as]);
        if (crossSite) headers.set("origin", "http://evil.example");
        const request = new Request(`http://portal.test${route.url}`, { method: "POST", headers, body: payload });
        const hang = new Promise<{ status?: number; error?: unknown; ms: number }>((r) => setTimeout(() => r({ error: new Error("no answer within 5 s"), ms: 5000 }), 5000).unref());
        const got = await Promise.race([outcome(route, request), hang]);
        if (got.error !== undefined) throw new Error(`threw ${String((got.error as Error)?.stack ?? got.error).split("\n").slice(0, 4).join(" | ")}: ${last}`);
        const ok = (got.status! >= 400 && got.status! < 500) || (got.status! >= 300 && got.status! < 400);
        if (!ok) throw new Error(`answered ${got.status}: ${last}`);
        if (got.ms > BUDGET_MS) throw new Error(`took ${Math.round(got.ms)} ms: ${last}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    ).catch((err: Error) => {
      throw new Error(`${String(err?.message ?? err).split("\n").slice(0, 3).join(" ")}\nlast post: ${last}\ncause: ${String((err as Error & { cause?: Error })?.cause?.stack ?? "").split("\n").slice(0, 5).join(" | ")}`);
    });
  }, 120_000);
});
