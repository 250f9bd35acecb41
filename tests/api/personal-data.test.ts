// A person's data (docs/data.md#personal-data; ADR 054) against the real
// database and media storage: the export holds each role's own data (owner,
// member of another's group, evaluator) and files, never a secret nor another
// person's data; the erasure is the admin's, refused while an application is
// in progress, replaces every personal field, deletes the person's files,
// sessions and feed, leaves every statistic's numbers as they were, and the
// old sign-in subject never reaches the erased account again.
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calendar from "~/api/calendar/contract";
import { createTestApi, type TestApi } from "../support/api";
import { accessToken, demo } from "../support/tokens";
import { medium, saveStep, startDraft, submittedApplication } from "./application-helpers";
import { applicationUnderEvaluation, userId } from "./review-helpers";
import { unzip } from "./spreadsheet-readers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // The demo applicants may apply to the open call (the call's countries).
  await api.db.updateTable("users").set({ organization_country: "BE" }).where("sub", "in", ["demo-applicant", "demo-applicant2"]).execute();
});
afterAll(() => api.close());

async function exportOf(as: string) {
  const res = await api.call("GET", "/users/me/export", { as });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/zip");
  expect(res.headers.get("Content-Disposition")).toMatch(/attachment; filename="?personal-data-\d{4}-\d{2}-\d{2}\.zip/);
  const bytes = Buffer.from(await res.arrayBuffer());
  const files = unzip(bytes);
  const text = files["data.json"].toString("utf8");
  return { files, text, data: JSON.parse(text) as Record<string, unknown> & { profile: Record<string, unknown> }, bytes };
}

/** A medium of `owner` with `content` stored, linked to nothing. */
async function storedUpload(owner: number, name: string, content: string) {
  const id = await medium(api, owner, name);
  const { uuid } = await api.db.selectFrom("media").select("uuid").where("id", "=", id).executeTakeFirstOrThrow();
  await api.storage.put(uuid, Readable.from([Buffer.from(content)]), 1e6);
  return { id, uuid };
}

describe("GET /api/users/me/export", () => {
  it("is 401 signed out", async () => {
    expect((await api.call("GET", "/users/me/export")).status).toBe(401);
  });

  it("gives the owner their profile, applications, files, feed and sessions, and never a secret", async () => {
    const applicant = await userId(api, "applicant");
    const app = await submittedApplication(api, "applicant");
    const upload = await storedUpload(applicant, "my notes.txt", "notes of the applicant");
    // A feed (its token is shown once) and a session (its id and content are secrets).
    const feed = await api.op(calendar.renewFeed, { as: "applicant", json: {} });
    expect(feed.status).toBe(201);
    const token = feed.data.url.slice(feed.data.url.lastIndexOf("/") + 1).replace(/\.ics$/, "");
    const { token_hash } = await api.db.selectFrom("calendar_feeds").select("token_hash").where("user_id", "=", applicant).executeTakeFirstOrThrow();
    await api.db.insertInto("sessions").values({ id: "session-id-secret-1234", user_id: applicant, data: JSON.stringify({ access_token: "access-token-secret-5678" }), expires_at: new Date(Date.now() + 3600_000) }).execute();
    const mailed = await api.db.insertInto("mail_outbox").values({ to_addresses: [demo("applicant").email], subject: "For the applicant", text_body: "Hello applicant" }).returning("id").executeTakeFirstOrThrow();
    await api.db.insertInto("mail_outbox").values({ to_addresses: [demo("applicant2").email], subject: "For applicant2 only", text_body: "Not yours" }).execute();

    const { files, text, data } = await exportOf("applicant");
    expect(data.profile.email).toBe(demo("applicant").email);
    expect(data.roles).toContain("applicant");
    const apps = data.applications as { id: number; draft: { group: { members: { email: string }[] } }; history: unknown[] }[];
    expect(apps.map((a) => a.id)).toContain(app.id);
    expect(apps.find((a) => a.id === app.id)!.draft.group.members[0].email).toBe(demo("applicant").email);
    expect((data.mails as { subject: string }[]).map((m) => m.subject)).toContain("For the applicant");
    expect(text).not.toContain("For applicant2 only");
    expect(data.calendar_feed).toMatchObject({ language: expect.any(String) });
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
    // The audit trail's entries of their writes: the submit among them.
    const trail = data.audit_trail as { operation: string; by_you: boolean; entity_id: string | null }[];
    expect(trail).toContainEqual(expect.objectContaining({ operation: "PUT /api/applications/{id}/submit", by_you: true, entity_id: String(app.id) }));
    // The files: the upload's bytes, the wizard's appendices listed (their bytes were never stored here: missing-files.txt says so).
    const listed = data.files as { id: number; path: string }[];
    const mine = listed.find((f) => f.id === upload.id)!;
    expect(files[mine.path].toString()).toBe("notes of the applicant");
    expect(listed.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(files)).toContain("missing-files.txt");
    // No secret, nor a media key.
    for (const secret of [token, token_hash, "session-id-secret-1234", "access-token-secret-5678", "demo-applicant", upload.uuid]) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/token_hash|"sub"/);
    await api.db.deleteFrom("mail_outbox").where("id", "=", mailed.id).execute();
  });

  it("gives a member of another's group their own entry only, and the evaluator their evaluation", async () => {
    // applicant2's draft names the applicant as its second member.
    const draft = (await startDraft(api, "applicant2")).data;
    const leader = draft.draft.group!.members![0];
    await saveStep(api, "applicant2", draft, "user-group", {
      members: [
        { ...leader, name: "Aaron", surname: "Leader", leader: true },
        { name: "Alice", surname: "Member", email: demo("applicant").email.toUpperCase(), gender: "female" },
      ],
    }, false);
    const { app } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    await api.db.updateTable("application_reviewers").set({ conflict_note: "I once met a member.", conflict_declaration: true }).where("application_id", "=", app.id).execute();

    const { data, text } = await exportOf("applicant");
    const member = (data.member_of as { id: number; members: { surname: string }[] }[]).find((a) => a.id === draft.id)!;
    expect(member.members.map((m) => m.surname)).toEqual(["Member"]);
    expect(text).not.toContain("Leader");

    const evaluator = await exportOf("evaluator");
    const evaluations = evaluator.data.evaluations as { application_id: number; conflict_note: string; role: string }[];
    expect(evaluations.find((e) => e.application_id === app.id)).toMatchObject({ role: "evaluator", conflict_note: "I once met a member." });
    // The application's draft is the owner's, not the evaluator's.
    expect(evaluator.data.applications).toEqual([]);
  });
});

/** The numbers and yes/no of a statistic's answer, by their place in it (names aside: an erased file is renamed). */
function numbersOf(value: unknown, at = "", out: Record<string, number | boolean> = {}): Record<string, number | boolean> {
  if (typeof value === "number" || typeof value === "boolean") out[at] = value;
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) numbersOf(v, `${at}/${k}`, out);
  return out;
}

/** Every statistic's answer as an admin, by path (each must answer 200). */
async function statistics() {
  const paths = [
    "/applications/report", "/stats/key", "/stats/users", "/stats/dmp", "/stats/evaluations", "/stats/ri", "/stats/project",
    "/stats/project-financial", "/stats/timeline", "/stats/feedback", "/stats/funder-report", "/applications/publications", "/applications/evolutions",
  ];
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await api.call("GET", path, { as: "admin" });
    expect(res.status, path).toBe(200);
    out[path] = await res.json();
  }
  return out;
}

describe("POST /api/users/{id}/erase", () => {
  it("refuses the admin themself", async () => {
    const admin = await userId(api, "admin");
    const res = await api.call("POST", `/users/${admin}/erase`, { as: "admin" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe("errors.erase-self");
  });

  it("is 404 for no such user", async () => {
    expect((await api.call("POST", "/users/999999/erase", { as: "admin" })).status).toBe(404);
  });

  it("refuses while the person owns an application in progress, then erases them leaving the statistics as they were", async () => {
    const id = await userId(api, "applicant2");
    const email = demo("applicant2").email;
    const app = await submittedApplication(api, "applicant2");
    // The applicant names applicant2 in their own group, and applicant2 has files, a feed, a session and mail.
    const theirs = await storedUpload(id, "cv-aaron.pdf", "Aaron's CV");
    await api.db.insertInto("media_links").values({ media_id: theirs.id, attached_to_type: "application", attached_to_id: String(app.id), collection: "group_leader_cv", position: 9 }).execute();
    const loose = await storedUpload(id, "loose.pdf", "loose");
    expect((await api.op(calendar.renewFeed, { as: "applicant2", json: {} })).status).toBe(201);
    await api.db.insertInto("sessions").values({ id: "applicant2-session", user_id: id, data: "{}", expires_at: new Date(Date.now() + 3600_000) }).execute();
    await api.db.insertInto("mail_outbox").values({ to_addresses: [email], subject: "To Aaron", text_body: "Dear Aaron" }).execute();
    const shared = await api.db.insertInto("mail_outbox").values({ to_addresses: [email, "someone@example.org"], subject: "To both", text_body: "Dear both" }).returning("id").executeTakeFirstOrThrow();
    const invited = await api.db.insertInto("invitations").values({ email: email.toUpperCase(), role: "evaluator" }).returning("id").executeTakeFirstOrThrow();
    const accesses = await api.db.selectFrom("accesses").select("member_email").where("application_id", "=", app.id).execute();
    expect(accesses.map((a) => a.member_email?.toLowerCase())).toContain(email);
    await api.db.updateTable("users").set({ phone: "+32 2 555 01 01", address: "Rue de la Loi 1", orcid: "0000-0002-1825-0097", website: "https://aaron.example.org" }).where("id", "=", id).execute();
    const other = (await startDraft(api, "applicant")).data;
    const leader = other.draft.group!.members![0];
    await saveStep(api, "applicant", other, "user-group", {
      members: [{ ...leader, leader: true }, { name: "Aaron", surname: "Applicant", email, gender: "male", orcid: "0000-0002-1825-0097", residence_place: "Ghent", nationality: "BE" }],
    }, false);
    const staleToken = await accessToken(demo("applicant2"), { expiresIn: 3600 });
    expect((await api.call("GET", "/users/me", { token: staleToken })).status).toBe(200);

    const refused = await api.call("POST", `/users/${id}/erase`, { as: "admin" });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("errors.erase-in-progress");
    expect(body.message).toMatch(/in progress/);
    expect((await api.db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(email);
    expect(await api.hasStored(theirs.uuid)).toBe(true);

    // Every application of theirs final (the editor's decisions, set here directly).
    await api.db.updateTable("applications").set({ status: "rejected" }).where("user_id", "=", id).where("status", "not in", ["not-eligible", "rejected", "withdrawn", "reported", "canceled"]).execute();
    const before = await statistics();
    const res = await api.call("POST", `/users/${id}/erase`, { as: "admin" });
    expect(res.status).toBe(200);
    const erased = (await res.json()) as Record<string, unknown>;
    expect(erased).toMatchObject({ id, display_name: "Erased person " + id, status: "erased", name: null, surname: null, phone: null, orcid: null, roles: [] });
    const after = await statistics();
    expect(numbersOf(after)).toEqual(numbersOf(before));
    expect(Object.keys(numbersOf(before)).length).toBeGreaterThan(500);

    // Nothing personal left in the row, the API, the drafts, the mail.
    const row = await api.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sub: null, email: `erased-${id}@erased.invalid`, email_cc: null, address: null, website: null, organization_name: null, status: "erased" });
    const read = await api.call("GET", `/users/${id}`, { as: "admin" });
    expect(JSON.stringify(await read.json())).not.toMatch(/Aaron|applicant2|555 01 01|1825-0097/);
    const drafts = await api.db.selectFrom("applications").select("draft").where("user_id", "=", id).execute();
    expect(drafts.length).toBeGreaterThan(0);
    expect(JSON.stringify(drafts)).not.toContain(email);
    // The audit trail: the erasure's entry says what changed without a value, and no entry keeps their e-mail (the group's save named it).
    const trail = await api.db.selectFrom("audit_entries").select(["operation", "actor_id", "changes"]).execute();
    expect(JSON.stringify(trail)).not.toContain(email);
    const erasure = trail.filter((e) => e.operation === "POST /api/users/{id}/erase");
    expect(erasure).toHaveLength(1);
    expect(erasure[0].actor_id).toBe(await userId(api, "admin"));
    const own = erasure[0].changes.find((c) => c.table === "users" && c.key.id === id);
    expect(Object.keys(own?.fields ?? {})).toEqual(expect.arrayContaining(["email", "sub", "display_name"]));
    expect(Object.values(own!.fields).every(([a, b]) => a === null && b === null)).toBe(true);
    // In the applicant's group: the pseudonym, the facts the statistics count kept.
    const group = await api.db.selectFrom("applications").select("draft").where("id", "=", other.id).executeTakeFirstOrThrow();
    expect((group.draft as { group: { members: unknown[] } }).group.members[1]).toEqual({ key: expect.any(String), name: `Erased person ${id}`, email: `erased-${id}@erased.invalid`, gender: "male", nationality: "BE" });
    expect(await api.db.selectFrom("mail_outbox").select("id").where("subject", "=", "To Aaron").execute()).toEqual([]);
    expect((await api.db.selectFrom("mail_outbox").select("to_addresses").where("id", "=", shared.id).executeTakeFirstOrThrow()).to_addresses).toEqual(["someone@example.org"]);
    expect((await api.db.selectFrom("invitations").select("email").where("id", "=", invited.id).executeTakeFirstOrThrow()).email).toBe(`erased-${id}@erased.invalid`);
    expect(new Set((await api.db.selectFrom("accesses").select("member_email").where("application_id", "=", app.id).execute()).map((a) => a.member_email))).toEqual(new Set([`erased-${id}@erased.invalid`]));
    for (const table of ["sessions", "calendar_feeds", "notifications", "user_roles"] as const) {
      expect(await api.db.selectFrom(table).select("user_id").where("user_id", "=", id).execute(), table).toEqual([]);
    }
    // Their files: bytes gone; the loose one's row too, the attached one a named gap.
    expect(await api.hasStored(theirs.uuid)).toBe(false);
    expect(await api.hasStored(loose.uuid)).toBe(false);
    expect(await api.db.selectFrom("media").select("id").where("id", "=", loose.id).execute()).toEqual([]);
    expect(await api.db.selectFrom("media").select(["name", "user_id"]).where("id", "=", theirs.id).executeTakeFirstOrThrow()).toEqual({ name: "erased", user_id: null });

    // The old subject signs in as someone new; a token already known signs in as no one.
    expect((await api.call("GET", "/users/me", { token: staleToken })).status).toBe(401);
    // A token made afresh (one made in the same second as an earlier one is the same token, known to the API).
    const again = await api.call("GET", "/users/me", { token: await accessToken(demo("applicant2"), { expiresIn: 1234 }) });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(((await again.json()) as { id: number }).id).not.toBe(id);
    expect((await api.db.selectFrom("users").select(["sub", "status"]).where("id", "=", id).executeTakeFirstOrThrow())).toEqual({ sub: null, status: "erased" });

    // Offered for nothing any more.
    const options = (await (await api.call("GET", `/users/option-list?q=${encodeURIComponent("Erased person")}`, { as: "admin" })).json()) as { data: { value: number }[] };
    expect(options.data.map((o) => o.value)).not.toContain(id);

    // Erasing again changes nothing.
    const twice = await api.call("POST", `/users/${id}/erase`, { as: "admin" });
    expect(twice.status).toBe(200);
    expect(await twice.json()).toEqual(erased);
  });
});
