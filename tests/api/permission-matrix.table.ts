// Who may call what (docs/roles.md#who-does-what), one line per OpenAPI operation: the expected
// answer for the anonymous caller and each of the nine demo users. Read by
// tests/api/permission-matrix.test.ts, which fails on an operation missing here
// and on a line naming no operation. Later issues extend this table.
//
// Vocabulary (what a caller gets with the line's id and a minimal body):
//   "ok"     the right is there: any 2xx, or 409 / 422 (the minimal body or the
//            record's state is refused, not the caller);
//   "denied" signed in without the right: 403, or 404 where the record is
//            hidden from the caller;
//   401      signed out (or a bad token) on a protected operation.
// Ids: `id` names the fixture the test prepares before EVERY call (so one
// caller's delete does not change the next caller's answer): see FIXTURES in
// the test.
import { ALL_DEMO_USERS } from "../support/api";

export type Expect = "ok" | "denied" | 401;
export type DemoUser = (typeof ALL_DEMO_USERS)[number];
export type Caller = "anonymous" | DemoUser;
export type Fixture =
  | "none"
  | "open-call" | "live-draft-call" | "trashed-draft-call"
  | "managed-infrastructure" | "trashed-infrastructure"
  | "published-page" | "live-draft-page" | "trashed-draft-page"
  | "live-draft-document" | "trashed-draft-document"
  | "editor-upload"
  | "applicant-draft"
  | "applicant-notification"
  | "evaluator-assignment" | "watchdog-assignment" | "submitted-evaluation" | "reviewed-application"
  | "granted-application" | "accepted-application" | "reporting-application" | "applicant-publication"
  | "ail-application" | "ail-access"
  | "submitted-application" | "application-appendix" | "declared-application-appendix"
  | "calendar-feeds" | "applicant-feed-file" | "applicant-deadline-file" | "evaluator-deadline-file"
  | "erasable-user" | "erased-user"
  // In the state a write needs to succeed (tests/api/permission-matrix.bodies.ts).
  | "roles-user" | "accepted-evaluation" | "watchdog-reviewed-application" | "withdrawn-application" | "reported-application"
  | "complete-report" | "submitted-report" | "ail-decided" | "complete-draft" | "ai-draft" | "unoffered-infrastructure";

export interface MatrixLine {
  id?: Fixture;
  /** A query string for the call, `{id}` in it standing for the fixture's id as in the path (an operation whose answer without it would be large). */
  query?: string;
  /** Send a small text file as multipart (uploads) instead of `{}`. */
  upload?: boolean;
  expect: Record<Caller, Expect>;
  /**
   * The body every caller sends (else the one tests/api/permission-matrix.bodies.ts has for the
   * operation, else `{}`): one a permitted caller's write succeeds with, so that its audit entry is checked.
   */
  body?: (id: string) => unknown | Promise<unknown>;
  /** More cells of the same operation, each on another fixture (a read whose answer depends on the record's state). */
  also?: readonly { id: Fixture; expect: Record<Caller, Expect> }[];
}

const SIGNED_IN = ALL_DEMO_USERS;
const line = (anonymous: Expect, allowed: readonly DemoUser[] | "all", others: Expect = "denied"): Record<Caller, Expect> => {
  const out = { anonymous } as Record<Caller, Expect>;
  for (const u of SIGNED_IN) out[u] = allowed === "all" || allowed.includes(u) ? "ok" : others;
  return out;
};

/** Anyone, signed in or not. */
const PUBLIC = line("ok", "all");
/** Any signed-in user. */
const SIGNED_IN_ONLY = line(401, "all");
/** The admin area (editor, admin; admin sees everything an editor sees). */
const STAFF = line(401, ["editor", "admin"]);
const ADMIN = line(401, ["admin"]);
const INFRA_STAFF = ["infrastructure-manager", "infrastructure-administrator"] as const;
/**
 * The demo applicant's application in `submit` at the demo staff's
 * infrastructure, with show-application-submit-ri-staff = no: its staff do not
 * see it yet (docs/roles.md#infrastructure-staff), whatever they ask for.
 */
const SUBMITTED_OWNER_AND_ADMIN_AREA = { id: "submitted-application", expect: line(401, ["applicant", "editor", "admin"]) } as const;
const SUBMITTED_ADMIN_AREA = { id: "submitted-application", expect: STAFF } as const;

const APPENDIX_READERS = [
  { id: "application-appendix", expect: line("denied", ["applicant", "evaluator", "watchdog", ...INFRA_STAFF, "editor", "admin"]) },
  { id: "declared-application-appendix", expect: line("denied", ["applicant", "evaluator", "watchdog", "viewer", ...INFRA_STAFF, "editor", "admin"]) },
] as const;

export const PERMISSION_MATRIX: Record<string, MatrixLine> = {
  "GET /api/health": { expect: PUBLIC },
  "GET /api/ready": { expect: PUBLIC },

  "GET /api/auth/current-user": { expect: SIGNED_IN_ONLY },
  "GET /api/auth/roles": { expect: SIGNED_IN_ONLY },

  "GET /api/users/me": { expect: SIGNED_IN_ONLY },
  // Each caller edits only themself (`{}` clears their own optional fields).
  "PUT /api/users/me": { expect: SIGNED_IN_ONLY },
  "GET /api/audit": { expect: ADMIN },
  "GET /api/applications/{id}/audit": { id: "reviewed-application", expect: STAFF },
  "GET /api/users": { expect: ADMIN },
  "GET /api/users/option-list": { expect: STAFF },
  // Fixture "none": user 1 exists (the first demo user), so an admin gets 200.
  "GET /api/users/{id}": { expect: ADMIN, also: [{ id: "erased-user", expect: ADMIN }] },
  // Each caller downloads only their own data (docs/data.md#personal-data).
  "GET /api/users/me/export": { expect: SIGNED_IN_ONLY },
  // A person made afresh before every call (the admin's call erases them); an erased one erased again is the same answer.
  "POST /api/users/{id}/erase": { id: "erasable-user", expect: ADMIN, also: [{ id: "erased-user", expect: ADMIN }] },
  "POST /api/users/info": { expect: STAFF },
  // A user of the matrix's own (its roles change, no demo user's).
  "POST /api/users/assign-role": { id: "roles-user", expect: ADMIN },

  "GET /api/calls/opened": { expect: PUBLIC },
  "GET /api/calls/option-list": { expect: STAFF },
  "GET /api/calls": { expect: STAFF },
  "POST /api/calls": { expect: STAFF },
  // An open call is public; drafts and trashed calls are the admin area's.
  "GET /api/calls/{id}": { id: "open-call", expect: PUBLIC },
  "PUT /api/calls/{id}": { id: "live-draft-call", expect: STAFF },
  "DELETE /api/calls/{id}": { id: "live-draft-call", expect: STAFF },
  "PUT /api/calls/{id}/restore": { id: "trashed-draft-call", expect: STAFF },

  "GET /api/countries": { expect: SIGNED_IN_ONLY },

  // The lookup lists (app/api/lookups): any signed-in user.
  "GET /api/applications/cost-labels": { expect: SIGNED_IN_ONLY },
  "GET /api/applications/activity-fields": { expect: SIGNED_IN_ONLY },
  "GET /api/applications/activity-keywords": { expect: SIGNED_IN_ONLY },
  "GET /api/applications/working-region": { expect: SIGNED_IN_ONLY },
  "GET /api/accesses/researcher-status": { expect: SIGNED_IN_ONLY },
  "GET /api/accesses/genders": { expect: SIGNED_IN_ONLY },
  "GET /api/accesses/organization-type": { expect: SIGNED_IN_ONLY },

  // Applications: the lists show each caller what they may see; a
  // draft is read by its owner and the admin area, changed by its owner only.
  "GET /api/applications/my": { expect: SIGNED_IN_ONLY },
  "GET /api/applications/my/calls": { expect: SIGNED_IN_ONLY },
  "GET /api/applications": { expect: SIGNED_IN_ONLY },
  "POST /api/applications": { expect: SIGNED_IN_ONLY },
  "GET /api/applications/{id}": { id: "applicant-draft", expect: line(401, ["applicant", "editor", "admin"]), also: [SUBMITTED_OWNER_AND_ADMIN_AREA] },
  "GET /api/applications/{id}/proposed-costs": { id: "applicant-draft", expect: line(401, ["applicant", "editor", "admin"]), also: [SUBMITTED_OWNER_AND_ADMIN_AREA] },
  "PUT /api/applications/{id}": { id: "applicant-draft", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/submit": { id: "applicant-draft", expect: line(401, ["applicant"]), also: [{ id: "complete-draft", expect: line(401, ["applicant"]) }] },
  "DELETE /api/applications/{id}": { id: "applicant-draft", expect: line(401, ["applicant"]) },
  // The assistant (ADR 042): its status for the owner and the admin area, the application's reviewers refused; the pre-fill, the owner's draft only.
  "GET /api/ai-generate/applications/{id}": {
    id: "applicant-draft", expect: line(401, ["applicant", "editor", "admin"]),
    also: [SUBMITTED_OWNER_AND_ADMIN_AREA, { id: "reviewed-application", expect: line(401, ["applicant", "editor", "admin"]) }],
  },
  "POST /api/ai-generate/applications/{id}": {
    id: "applicant-draft", expect: line(401, ["applicant"]),
    also: [{ id: "submitted-application", expect: line(401, ["applicant"]) }, { id: "ai-draft", expect: line(401, ["applicant"]) }],
  },
  // Intake (docs/lifecycle.md#eligibility, #assignment): the admin area only; `{}` is refused by validation (422), which counts as allowed.
  "GET /api/applications/{id}/intake": { id: "applicant-draft", expect: STAFF },
  "PUT /api/applications/{id}/change-status": { id: "applicant-draft", expect: STAFF },
  "PUT /api/applications/{id}/restore-draft": { id: "applicant-draft", expect: STAFF, also: [SUBMITTED_ADMIN_AREA] },
  "PUT /api/applications/{id}/undo-withdrawn": { id: "applicant-draft", expect: STAFF, also: [{ id: "withdrawn-application", expect: STAFF }] },
  "PUT /api/applications/{id}/reopen-reporting-status": { id: "applicant-draft", expect: STAFF, also: [{ id: "reported-application", expect: STAFF }] },
  "PUT /api/applications/{id}/eligibility": { id: "applicant-draft", expect: STAFF, also: [SUBMITTED_ADMIN_AREA] },
  "PUT /api/applications/{id}/save-wd": { id: "applicant-draft", expect: STAFF, also: [{ id: "ail-application", expect: STAFF }] },
  "PUT /api/applications/{id}/infrastructure": { id: "applicant-draft", expect: STAFF, also: [SUBMITTED_ADMIN_AREA] },
  "GET /api/applications/{id}/save-conflict": { id: "applicant-draft", expect: STAFF },

  // Reviewers (docs/roles.md#evaluators, #watchdogs, #viewers): each acts on their own assignment only; the
  // others' ids are hidden (404). Fixtures: one application under evaluation
  // with the demo evaluator, watchdog and viewer assigned.
  "GET /api/criteria": { expect: STAFF },
  "GET /api/applications/my-evaluations": { expect: line(401, ["evaluator"]) },
  "GET /api/applications/to-watch": { expect: line(401, ["watchdog"]) },
  "GET /api/applications/to-view": { expect: line(401, ["viewer"]) },
  "GET /api/evaluations/{id}": { id: "evaluator-assignment", expect: line(401, ["evaluator"]) },
  "PUT /api/evaluations/{id}": { id: "evaluator-assignment", expect: line(401, ["evaluator"]), also: [{ id: "accepted-evaluation", expect: line(401, ["evaluator"]) }] },
  "PUT /api/evaluations/{id}/accept": { id: "evaluator-assignment", expect: line(401, ["evaluator"]) },
  "PUT /api/evaluations/{id}/send-conflict": { id: "evaluator-assignment", expect: line(401, ["evaluator"]) },
  "GET /api/applications/{id}/evaluations": { id: "reviewed-application", expect: line(401, ["watchdog", "editor", "admin"]) },
  "PUT /api/watchdog-reviews/{id}": { id: "submitted-evaluation", expect: line(401, ["watchdog"]) },
  "PUT /api/watchdog-reviews/{id}/send-conflict": { id: "watchdog-assignment", expect: line(401, ["watchdog"]) },
  "PUT /api/applications/{id}/reopen-watchdog-review": { id: "watchdog-reviewed-application", expect: STAFF },
  // Infrastructure decisions (docs/roles.md#infrastructure-staff) on an application at AIL alone: its administrator is the demo
  // administrator, not the demo manager (who gets 404: it is not at their infrastructures); editors read and reopen,
  // only the infrastructure's staff decide; access dates are the editors' while ri-access-editable is no.
  "GET /api/applications/at-my-infrastructures": { expect: line(401, [...INFRA_STAFF, "editor", "admin"]) },
  "GET /api/applications/{id}/sm-decision": { id: "ail-application", expect: line(401, ["infrastructure-administrator", "editor", "admin"]), also: [SUBMITTED_ADMIN_AREA] },
  "PUT /api/applications/{id}/sm-decision": { id: "ail-application", expect: line(401, ["infrastructure-administrator"]) },
  "PUT /api/applications/{id}/reopen-sm-decision": { id: "ail-application", expect: STAFF, also: [{ id: "ail-decided", expect: STAFF }] },
  "PUT /api/accesses/{id}/dates": { id: "ail-access", expect: STAFF },
  "PUT /api/applications/{id}/viewer-save-confidential": { id: "reviewed-application", expect: line(401, ["viewer"]) },
  // The panel's recommendation (docs/roles.md#panel-members): editors write; panel members (none named by default) read.
  "GET /api/applications/{id}/recommendation": { id: "reviewed-application", expect: STAFF },
  "PUT /api/applications/{id}/recommendation": { id: "reviewed-application", expect: STAFF },
  "GET /api/panel/applications": { expect: STAFF },

  // Acceptance (docs/lifecycle.md#acceptance, #withdrawal), on the demo applicant's granted application at
  // the demo staff's infrastructure: the owner accepts, withdraws and signs;
  // the infrastructure's staff (and the admin area) countersign.
  "PUT /api/applications/{id}/accept": { id: "granted-application", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/withdraw": { id: "granted-application", expect: line(401, ["applicant"]) },
  // Reporting (docs/lifecycle.md#reporting): "accepted-application" is the granted one accepted again before every call;
  // "reporting-application" is in reporting with its report open, the demo watchdog, the demo evaluator and the demo viewer
  // (declared) assigned.
  "PUT /api/applications/{id}/start-reporting": { id: "accepted-application", expect: line(401, ["applicant"]) },
  "GET /api/applications/{id}/report": { id: "reporting-application", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/report/activity": { id: "reporting-application", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/report/accesses": { id: "reporting-application", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/report/documents": { id: "reporting-application", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/report/feedback": { id: "reporting-application", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/submit-report": { id: "reporting-application", expect: line(401, ["applicant"]), also: [{ id: "complete-report", expect: line(401, ["applicant"]) }] },
  "PUT /api/applications/{id}/reopen-report": { id: "reporting-application", expect: STAFF, also: [{ id: "submitted-report", expect: STAFF }] },
  // The report is read by its owner, its watchdog and declared viewer, its infrastructures' staff (the demo manager and
  // administrator each run one) and the admin area; not by its evaluators (docs/roles.md#reading-rules).
  "GET /api/applications/{id}/reported": { id: "reporting-application", expect: line(401, ["applicant", "watchdog", "viewer", ...INFRA_STAFF, "editor", "admin"]) },
  "PUT /api/applications/{id}/watchdog-report-review": { id: "reporting-application", expect: line(401, ["watchdog"]), also: [{ id: "submitted-report", expect: line(401, ["watchdog"]) }] },
  "GET /api/applications/{id}/sm-report": { id: "reporting-application", expect: line(401, [...INFRA_STAFF, "editor", "admin"]), also: [SUBMITTED_ADMIN_AREA] },
  "PUT /api/applications/{id}/sm-report": { id: "reporting-application", expect: line(401, [...INFRA_STAFF]) },
  "PUT /api/calls/{id}/applicant-report-reminder": { id: "open-call", expect: STAFF },
  "PUT /api/calls/{id}/report-reminder": { id: "open-call", expect: STAFF },
  "GET /api/applications/{id}/publications": {
    id: "reporting-application",
    expect: line(401, ["applicant", "watchdog", "viewer", ...INFRA_STAFF, "editor", "admin"]),
    also: [SUBMITTED_OWNER_AND_ADMIN_AREA],
  },
  "POST /api/applications/{id}/publications": { id: "reporting-application", expect: line(401, ["applicant"]) },
  // Only the owner asks the DOI service (409 here: none is configured in the test, the caller's right is there).
  "GET /api/applications/{id}/doi-metadata": { id: "reporting-application", query: "doi=10.1234%2Fabcd", expect: line(401, ["applicant"]) },
  "PUT /api/publications/{id}": { id: "applicant-publication", expect: line(401, ["applicant"]) },
  "DELETE /api/publications/{id}": { id: "applicant-publication", expect: line(401, ["applicant"]) },
  "GET /api/applications/{id}/agreements": { id: "granted-application", expect: line(401, ["applicant", ...INFRA_STAFF, "editor", "admin"]), also: [SUBMITTED_OWNER_AND_ADMIN_AREA] },
  "PUT /api/applications/{id}/signed-agreement": { id: "granted-application", expect: line(401, ["applicant"]) },
  "PUT /api/applications/{id}/countersigned-agreement": { id: "granted-application", expect: line(401, [...INFRA_STAFF, "editor", "admin"]) },
  "GET /api/applications/{id}/timeline": { id: "granted-application", expect: line(401, ["applicant", "editor", "admin"]), also: [SUBMITTED_OWNER_AND_ADMIN_AREA] },
  // The grant letter (docs/lifecycle.md#grant): its applicant, the admin area and the staff of the accepting infrastructure.
  "GET /api/applications/grant-letter/{id}": { id: "granted-application", expect: line(401, ["applicant", ...INFRA_STAFF, "editor", "admin"]) },
  // The application as a PDF (docs/roles.md#reading-rules): whoever reads the application, the staff of its infrastructures
  // only once they see it (a draft's readers: tests/api/application-pdf.test.ts).
  "GET /api/applications/pdf/{id}": {
    ...SUBMITTED_OWNER_AND_ADMIN_AREA,
    also: [
      { id: "ail-application", expect: line(401, ["applicant", "infrastructure-administrator", "editor", "admin"]) },
      { id: "reporting-application", expect: line(401, ["applicant", "evaluator", "watchdog", "viewer", ...INFRA_STAFF, "editor", "admin"]) },
    ],
  },

  // The application's dossier zip (ADR 041): whoever reads the application, as its PDF; the files in it follow the media read rule.
  "GET /api/downloadpdf/{id}": {
    id: "applicant-draft",
    expect: line(401, ["applicant", "editor", "admin"]),
    also: [
      SUBMITTED_OWNER_AND_ADMIN_AREA,
      { id: "ail-application", expect: line(401, ["applicant", "infrastructure-administrator", "editor", "admin"]) },
      { id: "reporting-application", expect: line(401, ["applicant", "evaluator", "watchdog", "viewer", ...INFRA_STAFF, "editor", "admin"]) },
    ],
  },
  // The dossiers of the staff list's matches (here one application's): the admin area.
  "GET /api/applications/dossiers": { id: "submitted-application", query: "includeIds[]={id}", expect: STAFF },

  "GET /api/settings": { expect: PUBLIC },
  "PUT /api/settings": { expect: STAFF },

  "GET /api/dashboard": { expect: SIGNED_IN_ONLY },
  // Each caller's own to-do list (what it holds is tested in tests/api/dashboard-todo.test.ts).
  "GET /api/dashboard/todo": { expect: SIGNED_IN_ONLY },

  // Each caller's own calendar feed (tests/api/calendar-feed.test.ts). The feed itself is read with the
  // token in its address and no session: a live token opens it for whoever holds it, any other (someone
  // else's renewed one, a made-up one) is 404 to everyone. One deadline's file is its person's alone.
  "GET /api/calendar/feed": { expect: SIGNED_IN_ONLY },
  "POST /api/calendar/feed": { expect: SIGNED_IN_ONLY },
  "DELETE /api/calendar/feed": { id: "calendar-feeds", expect: SIGNED_IN_ONLY },
  "GET /api/calendar/feeds/{file}": { expect: line("denied", []), also: [{ id: "applicant-feed-file", expect: PUBLIC }] },
  "GET /api/calendar/deadlines/{file}": {
    id: "applicant-deadline-file",
    expect: line(401, ["applicant"]),
    also: [{ id: "evaluator-deadline-file", expect: line(401, ["evaluator"]) }],
  },

  // Each user reads and changes only their own notifications (anyone else's is 404).
  "GET /api/notifications": { expect: SIGNED_IN_ONLY },
  "DELETE /api/notifications": { expect: SIGNED_IN_ONLY },
  "PUT /api/notifications/read-all": { expect: SIGNED_IN_ONLY },
  "PUT /api/notifications/{id}/readed": { id: "applicant-notification", expect: line(401, ["applicant"]) },
  "PUT /api/notifications/{id}/unreaded": { id: "applicant-notification", expect: line(401, ["applicant"]) },
  "DELETE /api/notifications/{id}": { id: "applicant-notification", expect: line(401, ["applicant"]) },
  "PUT /api/calls/{id}/evaluation-reminder": { id: "open-call", expect: STAFF },
  // The outbox (mail 1: the demo submission's mail to the editor).
  "GET /api/mail": { expect: STAFF },
  "GET /api/stats/key": { expect: STAFF },
  "GET /api/stats/ri": { expect: STAFF },
  "GET /api/applications/evolutions": { expect: STAFF },
  "GET /api/stats/evaluations": { expect: STAFF },
  "GET /api/stats/project-financial": { expect: STAFF },
  "GET /api/stats/users": { expect: STAFF },
  "GET /api/stats/funder-report": { expect: STAFF },
  "GET /api/stats/project": { expect: STAFF },
  "GET /api/applications/report": { expect: STAFF },
  "GET /api/stats/dmp": { expect: STAFF },
  "GET /api/stats/timeline": { expect: STAFF },
  "GET /api/stats/feedback": { expect: STAFF },
  "GET /api/applications/publications": { expect: STAFF },
  "GET /api/mail/{id}": { expect: STAFF },
  "POST /api/invite-evaluators": { expect: STAFF },
  "GET /api/invitations/report": { expect: STAFF },

  "POST /api/media/uploads": { upload: true, expect: SIGNED_IN_ONLY },
  "GET /api/media": { expect: SIGNED_IN_ONLY },
  // A file linked to nothing yet: its uploader (an editor) and the admin area only. An application's appendix
  // (its research plan): whoever reads the application (docs/roles.md#reading-rules), on the application under
  // evaluation at the demo staff's infrastructure with the demo evaluator, watchdog and viewer assigned; the viewer
  // only once declared; the other applicant and the anonymous caller never.
  "GET /api/media/{id}": { id: "editor-upload", expect: line("denied", ["editor", "admin"]), also: APPENDIX_READERS },
  "DELETE /api/media/{id}": { id: "editor-upload", expect: STAFF },
  "GET /api/media/download/{id}": { id: "editor-upload", expect: line("denied", ["editor", "admin"]), also: APPENDIX_READERS },

  "GET /api/infrastructures/option-list": { expect: STAFF },
  "GET /api/infrastructures/categories": { expect: SIGNED_IN_ONLY },
  "GET /api/infrastructures/cost-calculations-list": { expect: SIGNED_IN_ONLY },
  "GET /api/infrastructures/unit-costs": { expect: SIGNED_IN_ONLY },
  "GET /api/infrastructures/my": { expect: line(401, INFRA_STAFF) },
  "GET /api/infrastructures": { expect: STAFF },
  "POST /api/infrastructures": { expect: STAFF },
  // Infrastructure 1: the demo manager's and administrator's own.
  "GET /api/infrastructures/{id}": { id: "managed-infrastructure", expect: line(401, [...INFRA_STAFF, "editor", "admin"]) },
  "PUT /api/infrastructures/{id}": { id: "managed-infrastructure", expect: line(401, [...INFRA_STAFF, "editor", "admin"]) },
  "DELETE /api/infrastructures/{id}": { id: "managed-infrastructure", expect: STAFF, also: [{ id: "unoffered-infrastructure", expect: STAFF }] },
  "PUT /api/infrastructures/{id}/restore": { id: "trashed-infrastructure", expect: STAFF },

  "GET /api/pages/public": { expect: PUBLIC },
  "GET /api/pages/public/{idOrSlug}": { id: "published-page", expect: PUBLIC },
  "GET /api/pages": { expect: STAFF },
  "POST /api/pages": { expect: STAFF },
  "POST /api/pages/preview": { expect: STAFF },
  "GET /api/pages/{id}": { id: "live-draft-page", expect: STAFF },
  "PUT /api/pages/{id}": { id: "live-draft-page", expect: STAFF },
  "DELETE /api/pages/{id}": { id: "live-draft-page", expect: STAFF },
  "PUT /api/pages/{id}/restore": { id: "trashed-draft-page", expect: STAFF },

  "GET /api/documents/public": { expect: PUBLIC },
  "GET /api/documents/tags": { expect: PUBLIC },
  "GET /api/documents": { expect: STAFF },
  "POST /api/documents": { expect: STAFF },
  "GET /api/documents/{id}": { id: "live-draft-document", expect: STAFF },
  "PUT /api/documents/{id}": { id: "live-draft-document", expect: STAFF },
  "DELETE /api/documents/{id}": { id: "live-draft-document", expect: STAFF },
  "PUT /api/documents/{id}/restore": { id: "trashed-draft-document", expect: STAFF },
};
