import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { expectGuarded, NOT_ADMIN_AREA, unique } from "../support/guards";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());


interface DocumentBody {
  id: number;
  title: string;
  status: string;
  tags: string[];
  roles: string[];
  attachments: { id: number; name: string }[];
  updated_at: string;
}

async function medium(name = "file.pdf") {
  const { id } = await api.db
    .insertInto("media")
    .values({ uuid: crypto.randomUUID(), name, mime_type: "application/pdf", size: 10 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function create(body: Record<string, unknown>, as = "editor"): Promise<DocumentBody> {
  const attachments = body.attachments ?? (body.status === "draft" ? [] : [await medium()]);
  const res = await api.call("POST", "/documents", { as, body: { status: "published", ...body, attachments } });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return res.json();
}

const documentCount = async () => Number((await api.db.selectFrom("documents").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

async function errorsOf(body: Record<string, unknown>) {
  const res = await api.call("POST", "/documents", { as: "editor", body: { title: unique("Valid"), status: "draft", ...body } });
  expect(res.status).toBe(422);
  const json = await res.json();
  expect(json.code).toBe("validation.failed");
  return json.errors as Record<string, string[]>;
}

const ids = (list: { id: number }[]) => list.map((d) => d.id);

describe("POST /api/documents", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("POST", "/documents", { body: { title: "x", status: "draft" } })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answers 403 to %s and creates nothing", async (role) => {
    const before = await documentCount();
    expect((await api.call("POST", "/documents", { as: role, body: { title: unique("Forbidden"), status: "draft" } })).status).toBe(403);
    expect(await documentCount()).toBe(before);
  });

  it.each(["editor", "admin"])("creates a document with files, tags and roles for %s", async (role) => {
    const [a, b] = [await medium("a.pdf"), await medium("b.pdf")];
    const title = unique("Guide");
    const doc = await create({ title, attachments: [b, a], tags: ["Guidelines", " 2027 "], roles: ["evaluator", "viewer"] }, role);
    expect(doc).toMatchObject({ title, status: "published", roles: ["evaluator", "viewer"] });
    // The demo already has the tag as "guidelines": a new document joins it in that spelling.
    expect(doc.tags.sort()).toEqual(["2027", "guidelines"]);
    expect(doc.attachments.map((m) => m.name)).toEqual(["b.pdf", "a.pdf"]);
  });

  it("spells a tag as it already exists in another document, whatever case it is typed in", async () => {
    const key = crypto.randomBytes(4).toString("hex");
    const first = await create({ title: unique("First"), tags: [`Field-Work-${key}`] });
    const second = await create({ title: unique("Second"), tags: [`FIELD-work-${key}`, `New-${key}`] });
    expect(first.tags).toEqual([`Field-Work-${key}`]);
    expect(second.tags.sort()).toEqual([`Field-Work-${key}`, `New-${key}`]);
  });

  it("trims tags, drops blank ones and de-duplicates them regardless of case", async () => {
    const doc = await create({ title: unique("Tagged"), tags: ["Reports", " reports ", "REPORTS", "", "  ", "Data  sets"] });
    // One "reports" (in the spelling the demo already uses), one "Data sets".
    expect(doc.tags.map((t) => t.toLowerCase()).sort()).toEqual(["data sets", "reports"]);
  });

  it("requires a title of at most 255 characters", async () => {
    expect((await errorsOf({ title: "" })).title).toEqual(["validation.required"]);
    expect((await errorsOf({ title: "x".repeat(256) })).title).toEqual(["validation.max"]);
    await create({ title: `${"x".repeat(247)}${crypto.randomBytes(4).toString("hex")}`, status: "draft" });
  });

  it("requires a known status", async () => {
    expect((await errorsOf({ status: undefined })).status).toEqual(["validation.required"]);
    expect((await errorsOf({ status: "archived" })).status).toEqual(["validation.invalid"]);
  });

  it("requires a file when published, not as a draft", async () => {
    expect((await errorsOf({ status: "published", attachments: [] })).attachments).toEqual(["document-validation.attachment-required"]);
    expect((await create({ title: unique("Draft without file"), status: "draft" })).attachments).toEqual([]);
  });

  it("limits a tag to 100 characters and a document to 20 tags", async () => {
    expect((await errorsOf({ tags: ["t".repeat(101)] })).tags).toEqual(["document-validation.tag-max"]);
    expect((await errorsOf({ tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) })).tags).toEqual(["document-validation.tags-max"]);
    // Twenty distinct tags, one of them 100 characters long; a duplicate does not count.
    const tags = [...Array.from({ length: 19 }, (_, i) => `tag ${i}`), "t".repeat(100), "TAG 0"];
    const doc = await create({ title: unique("Many tags"), status: "draft", tags });
    expect(doc.tags).toHaveLength(20);
  });

  it("accepts only the portal's roles", async () => {
    expect((await errorsOf({ roles: ["superuser"] })).roles).toEqual(["validation.invalid"]);
  });

  it("refuses unknown files, leaving nothing behind", async () => {
    const before = await documentCount();
    expect((await errorsOf({ status: "published", attachments: [99_999_999], tags: ["x"], roles: ["evaluator"] })).attachments).toEqual(["media.not-found"]);
    expect(await documentCount()).toBe(before);
  });
});

describe("GET /api/documents", () => {
  it("answers 401 without a token and 403 outside the admin area", async () => {
    await expectGuarded(api, [["GET", "/documents"]]);
  });

  it("lists documents of every status and audience, 20 per page", async () => {
    const { data, meta } = await (await api.call("GET", "/documents?per_page=1000", { as: "editor" })).json();
    expect(meta).toMatchObject({ page: 1, per_page: 1000 });
    const restricted = data.find((d: DocumentBody) => d.title === "Evaluation guidelines for reviewers");
    expect(restricted.roles).toEqual(["admin", "editor", "evaluator"]);
    expect(data.some((d: DocumentBody) => d.status === "draft")).toBe(true);
    expect((await (await api.call("GET", "/documents", { as: "editor" })).json()).meta.per_page).toBe(20);
  });

  it("searches, filters by status and tag (any case), sorts and pages", async () => {
    const key = crypto.randomBytes(4).toString("hex");
    await create({ title: `Bravo ${key}`, status: "draft", tags: [`Topic-${key}`] });
    await create({ title: `Alpha ${key}`, tags: [`topic-${key}`] });
    await create({ title: `Charlie ${key}` });
    const titles = async (query: string) =>
      (await (await api.call("GET", `/documents?q=${key}&${query}`, { as: "editor" })).json()).data.map((d: DocumentBody) => d.title);
    expect(await titles("sort_by=title&order=asc")).toEqual([`Alpha ${key}`, `Bravo ${key}`, `Charlie ${key}`]);
    expect(await titles("status=draft")).toEqual([`Bravo ${key}`]);
    expect(await titles(`tag=TOPIC-${key}&sort_by=title&order=asc`)).toEqual([`Alpha ${key}`, `Bravo ${key}`]);
    const paged = await (await api.call("GET", `/documents?q=${key}&sort_by=title&order=desc&per_page=1&page=3`, { as: "editor" })).json();
    expect(paged.data.map((d: DocumentBody) => d.title)).toEqual([`Alpha ${key}`]);
    expect(paged.meta).toEqual({ page: 3, per_page: 1, total: 3 });
  });

  it("filters by visibility (for everyone or some roles) and by a role that may see it", async () => {
    const key = crypto.randomBytes(4).toString("hex");
    await create({ title: `Everyone ${key}` });
    await create({ title: `Evaluators ${key}`, roles: ["evaluator"] });
    await create({ title: `Managers ${key}`, roles: ["infrastructure-manager"] });
    const titles = async (query: string) =>
      (await (await api.call("GET", `/documents?q=${key}&sort_by=title&order=asc&${query}`, { as: "editor" })).json()).data.map((d: DocumentBody) => d.title);
    expect(await titles("visibility=everyone")).toEqual([`Everyone ${key}`]);
    expect(await titles("visibility=restricted")).toEqual([`Evaluators ${key}`, `Managers ${key}`]);
    expect(await titles("role=evaluator")).toEqual([`Evaluators ${key}`, `Everyone ${key}`]);
    expect(await titles("role=evaluator&visibility=restricted")).toEqual([`Evaluators ${key}`]);
    expect((await api.call("GET", "/documents?role=root", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/documents?visibility=hidden", { as: "editor" })).status).toBe(422);
  });
});

describe("GET/PUT/DELETE /api/documents/{id} and restore", () => {
  it("guards every method: 401 without a token, 403 outside the admin area", async () => {
    const doc = await create({ title: unique("Guarded") });
    const body = { title: "Hijacked", status: "draft", updated_at: doc.updated_at };
    await expectGuarded(api, [
      ["GET", `/documents/${doc.id}`],
      ["PUT", `/documents/${doc.id}`, body],
      ["DELETE", `/documents/${doc.id}`],
      ["PUT", `/documents/${doc.id}/restore`, {}],
    ]);
    expect(await (await api.call("GET", `/documents/${doc.id}`, { as: "editor" })).json()).toMatchObject({ title: doc.title, deleted_at: null });
  });

  it("answers 404 for a document that does not exist", async () => {
    expect((await api.call("GET", "/documents/99999999", { as: "editor" })).status).toBe(404);
    expect((await api.call("PUT", "/documents/99999999", { as: "editor", body: { title: "x", status: "draft", updated_at: new Date().toISOString() } })).status).toBe(404);
    expect((await api.call("DELETE", "/documents/99999999", { as: "editor" })).status).toBe(404);
  });

  it("replaces title, tags, roles and files at the version read, then refuses the stale copy with 409", async () => {
    const doc = await create({ title: unique("Versioned"), tags: ["old"], roles: ["viewer"] });
    const file = await medium("new.pdf");
    const res = await api.call("PUT", `/documents/${doc.id}`, {
      as: "editor",
      body: { title: `${doc.title} v2`, status: "published", tags: ["new"], roles: [], attachments: [file], updated_at: doc.updated_at },
    });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ title: `${doc.title} v2`, tags: ["new"], roles: [] });
    expect(ids(saved.attachments)).toEqual([file]);

    const stale = await api.call("PUT", `/documents/${doc.id}`, { as: "admin", body: { title: "Lost update", status: "draft", updated_at: doc.updated_at } });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe("document.stale");
    expect((await (await api.call("GET", `/documents/${doc.id}`, { as: "editor" })).json()).title).toBe(`${doc.title} v2`);
  });

  it("requires the version read and changes nothing when the update fails", async () => {
    const doc = await create({ title: unique("Strict"), tags: ["kept"] });
    const missing = await api.call("PUT", `/documents/${doc.id}`, { as: "editor", body: { title: "x", status: "draft" } });
    expect((await missing.json()).errors.updated_at).toEqual(["validation.required"]);
    const bad = await api.call("PUT", `/documents/${doc.id}`, {
      as: "editor",
      body: { title: "Changed", status: "published", tags: ["changed"], attachments: [99_999_999], updated_at: doc.updated_at },
    });
    expect(bad.status).toBe(422);
    const after = await (await api.call("GET", `/documents/${doc.id}`, { as: "editor" })).json();
    expect(after).toMatchObject({ title: doc.title, tags: ["kept"] });
    expect(ids(after.attachments)).toEqual(ids(doc.attachments));
  });

  it("soft-deletes and restores", async () => {
    const doc = await create({ title: unique("Trashable"), tags: [unique("gone")] });
    expect((await api.call("DELETE", `/documents/${doc.id}`, { as: "editor" })).status).toBe(204);
    expect((await api.call("DELETE", `/documents/${doc.id}`, { as: "editor" })).status).toBe(404);
    const pub = await (await api.call("GET", "/documents/public?per_page=1000")).json();
    expect(ids(pub.data)).not.toContain(doc.id);
    const tags = await (await api.call("GET", "/documents/tags")).json();
    expect(tags.data.map((t: { tag: string }) => t.tag)).not.toContain(doc.tags[0]);
    const trashed = await (await api.call("GET", `/documents?trashed=only&q=${encodeURIComponent(doc.title)}`, { as: "editor" })).json();
    expect(ids(trashed.data)).toEqual([doc.id]);

    const restored = await api.call("PUT", `/documents/${doc.id}/restore`, { as: "admin", body: {} });
    expect(restored.status).toBe(200);
    expect((await restored.json()).deleted_at).toBeNull();
    expect(ids((await (await api.call("GET", "/documents/public?per_page=1000")).json()).data)).toContain(doc.id);
    expect((await api.call("PUT", `/documents/${doc.id}/restore`, { as: "admin", body: {} })).status).toBe(404);
  });
});

describe("GET /api/documents/public and /api/documents/tags", () => {
  const library = async (as?: string, query = "") =>
    (await (await api.call("GET", `/documents/public?per_page=1000${query}`, as ? { as } : {})).json()) as { data: (DocumentBody & { roles?: string[] })[] };

  it("shows signed-out visitors only the published documents with no roles", async () => {
    const open = await create({ title: unique("Open") });
    const restricted = await create({ title: unique("Evaluators only"), roles: ["evaluator"] });
    const draft = await create({ title: unique("Draft"), status: "draft" });
    const visible = ids((await library()).data);
    expect(visible).toContain(open.id);
    expect(visible).not.toContain(restricted.id);
    expect(visible).not.toContain(draft.id);
  });

  it("shows signed-in users the documents without roles or with one of theirs", async () => {
    const restricted = await create({ title: unique("Evaluators and editors"), roles: ["evaluator", "editor"] });
    const draft = await create({ title: unique("Restricted draft"), status: "draft", roles: ["evaluator"] });
    for (const who of ["evaluator", "editor", "admin"]) {
      const visible = ids((await library(who)).data);
      expect(visible).toContain(restricted.id);
      expect(visible).not.toContain(draft.id);
    }
    for (const who of ["applicant", "watchdog"]) expect(ids((await library(who)).data)).not.toContain(restricted.id);
  });

  it("shows an admin every document an editor sees, whatever roles it lists", async () => {
    const editorsOnly = await create({ title: unique("Editors only"), roles: ["editor"] });
    const tag = unique("editors-tag");
    await create({ title: unique("Editors only, tagged"), roles: ["editor"], tags: [tag] });
    const editorSees = ids((await library("editor")).data);
    const adminSees = ids((await library("admin")).data);
    expect(editorSees).toContain(editorsOnly.id);
    expect(adminSees).toEqual(expect.arrayContaining(editorSees));
    const count = async (as: string) =>
      (await (await api.call("GET", "/documents/tags", { as })).json()).data.find((t: { tag: string }) => t.tag === tag)?.count;
    expect(await count("admin")).toBe(1);
    expect(await count("applicant")).toBeUndefined();
  });

  it("lists the demo documents, the reviewers' guidelines included, to the demo admin as to the editor", async () => {
    const titles = async (as: string) => (await library(as)).data.map((d) => d.title);
    expect(await titles("admin")).toContain("Evaluation guidelines for reviewers");
    expect(await titles("editor")).toContain("Evaluation guidelines for reviewers");
    const reviewers = await api.db.selectFrom("documents").select("id").where("title", "=", "Evaluation guidelines for reviewers").executeTakeFirstOrThrow();
    const roles = await api.db
      .selectFrom("document_roles")
      .innerJoin("roles", "roles.id", "document_roles.role_id")
      .select("roles.name")
      .where("document_roles.document_id", "=", reviewers.id)
      .orderBy("roles.name")
      .execute();
    expect(roles.map((r) => r.name)).toEqual(["admin", "editor", "evaluator"]);
  });

  it("lists each document's files by id and name, never its roles", async () => {
    const file = await medium("handbook.pdf");
    const doc = await create({ title: unique("Handbook"), attachments: [file] });
    const found = (await library()).data.find((d) => d.id === doc.id)!;
    expect(found.attachments).toEqual([{ id: file, name: "handbook.pdf", mime_type: "application/pdf", size: 10 }]);
    expect(found.roles).toBeUndefined();
  });

  it("filters by tag, whatever its case", async () => {
    const tag = unique("Field-Guide");
    const tagged = await create({ title: unique("Tagged"), tags: [tag] });
    await create({ title: unique("Untagged") });
    expect(ids((await library(undefined, `&tag=${encodeURIComponent(tag.toUpperCase())}`)).data)).toEqual([tagged.id]);
  });

  it("counts the tags of the documents the caller may see", async () => {
    const tag = unique("count-me");
    await create({ title: unique("Counted"), tags: [tag] });
    await create({ title: unique("Counted too"), tags: [tag.toUpperCase()] });
    await create({ title: unique("Counted for evaluators"), tags: [tag], roles: ["evaluator"] });
    await create({ title: unique("Not counted"), tags: [tag], status: "draft" });
    const count = async (as?: string) =>
      (await (await api.call("GET", "/documents/tags", as ? { as } : {})).json()).data.find((t: { tag: string }) => t.tag.toLowerCase() === tag.toLowerCase())?.count;
    expect(await count()).toBe(2);
    expect(await count("applicant")).toBe(2);
    expect(await count("evaluator")).toBe(3);
    const demo = (await (await api.call("GET", "/documents/tags")).json()).data.map((t: { tag: string }) => t.tag);
    expect(demo).toEqual(expect.arrayContaining(["guidelines", "templates", "reports"]));
  });

  it("sends a validator so a repeat visit costs a 304", async () => {
    for (const path of ["/documents/public", "/documents/tags"]) {
      const etag = (await api.call("GET", path)).headers.get("ETag")!;
      expect(etag).toBeTruthy();
      expect((await api.call("GET", path, { headers: { "If-None-Match": etag } })).status).toBe(304);
    }
  });
});
