import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { expectGuarded, NOT_ADMIN_AREA, unique } from "../support/guards";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

interface PageBody {
  id: number;
  title: string;
  slug: string;
  summary: string | null;
  content: string;
  content_html: string;
  status: string;
  is_public: boolean;
  in_menu: boolean;
  updated_at: string;
  attachments: { id: number; name: string }[];
  documents: { id: number; title: string }[];
}

async function create(body: Record<string, unknown>, as = "editor"): Promise<PageBody> {
  const res = await api.call("POST", "/pages", { as, body: { status: "published", is_public: true, ...body } });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return res.json();
}

async function medium(name = "file.pdf") {
  return api.db
    .insertInto("media")
    .values({ uuid: crypto.randomUUID(), name, mime_type: "application/pdf", size: 10 })
    .returning("id")
    .executeTakeFirstOrThrow();
}

async function document(title: string, status: "published" | "draft", roles: string[] = []) {
  const { id } = await api.db.insertInto("documents").values({ title, status }).returning("id").executeTakeFirstOrThrow();
  if (roles.length) {
    await api.db
      .insertInto("document_roles")
      .expression((eb) => eb.selectFrom("roles").select([eb.lit(id).as("document_id"), "roles.id"]).where("roles.name", "in", roles))
      .execute();
  }
  return id;
}

const pageCount = async () => Number((await api.db.selectFrom("pages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

async function errorsOf(body: Record<string, unknown>) {
  const res = await api.call("POST", "/pages", { as: "editor", body: { title: unique("Valid"), status: "draft", ...body } });
  expect(res.status).toBe(422);
  const json = await res.json();
  expect(json.code).toBe("validation.failed");
  return json.errors as Record<string, string[]>;
}

describe("POST /api/pages", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("POST", "/pages", { body: { title: "x", status: "draft" } })).status).toBe(401);
  });

  it.each(NOT_ADMIN_AREA)("answers 403 to %s and creates nothing", async (role) => {
    const before = await pageCount();
    expect((await api.call("POST", "/pages", { as: role, body: { title: unique("Forbidden"), status: "draft" } })).status).toBe(403);
    expect(await pageCount()).toBe(before);
  });

  it.each(["editor", "admin"])("creates a page for %s, deriving the slug from the title", async (role) => {
    const title = unique("Élan vital: a page");
    const page = await create({ title, summary: "Short", content: "Hi *there*", in_menu: true, menu_order: 3 }, role);
    expect(page).toMatchObject({
      title, summary: "Short", content: "Hi *there*", content_html: "<p>Hi <em>there</em></p>", status: "published", is_public: true, in_menu: true, menu_order: 3,
    });
    expect(page.slug).toBe(slugOf(title.replace("É", "e")));
  });

  it("makes a derived slug unique with a suffix", async () => {
    const title = unique("Twin page");
    const first = await create({ title });
    const second = await create({ title });
    expect(second.slug).toBe(`${first.slug}-2`);
  });

  it("never derives an all-digit slug, which would read as an id", async () => {
    const page = await create({ title: `${Date.now()}` });
    expect(page.slug).toMatch(/^page-\d+$/);
  });

  it("requires a title of at most 255 characters", async () => {
    expect((await errorsOf({ title: "" })).title).toEqual(["validation.required"]);
    expect((await errorsOf({ title: "   " })).title).toEqual(["validation.required"]);
    expect((await errorsOf({ title: "x".repeat(256) })).title).toEqual(["validation.max"]);
    await create({ title: `${"x".repeat(247)}${crypto.randomBytes(4).toString("hex")}` });
  });

  it.each(["Upper-Case", "with space", "under_score", "-leading", "trailing-", "double--dash", "123", "é-accent"])(
    "refuses the slug %j",
    async (slug) => {
      expect((await errorsOf({ slug })).slug).toEqual(["page-validation.slug"]);
    },
  );

  it("accepts a slug of at most 255 characters", async () => {
    expect((await errorsOf({ slug: "a".repeat(256) })).slug).toContain("validation.max");
    const slug = `${"a".repeat(247)}${crypto.randomBytes(4).toString("hex").replace(/\d/g, "b")}`;
    expect((await create({ title: unique("Long slug"), slug })).slug).toBe(slug);
  });

  it("refuses a slug another live page has, and frees it once that page is deleted", async () => {
    const slug = slugOf(unique("taken slug"));
    const owner = await create({ title: unique("Owner"), slug });
    expect((await errorsOf({ slug })).slug).toEqual(["page-validation.slug-taken"]);
    expect((await api.call("DELETE", `/pages/${owner.id}`, { as: "editor" })).status).toBe(204);
    expect((await create({ title: unique("New owner"), slug })).slug).toBe(slug);
  });

  it("limits the summary to 2000 characters and the content to 100000", async () => {
    expect((await errorsOf({ summary: "s".repeat(2001) })).summary).toEqual(["validation.max"]);
    expect((await errorsOf({ content: "c".repeat(100_001) })).content).toEqual(["validation.max"]);
    const page = await create({ title: unique("Long summary"), summary: "s".repeat(2000) });
    expect(page.summary).toHaveLength(2000);
  });

  it("requires a known status", async () => {
    expect((await errorsOf({ status: undefined })).status).toEqual(["validation.required"]);
    expect((await errorsOf({ status: "archived" })).status).toEqual(["validation.invalid"]);
  });

  it("refuses a menu order that is not a whole number from 0 to 9999", async () => {
    for (const menu_order of [-1, 1.5, 10000]) expect((await errorsOf({ menu_order })).menu_order).toEqual(["validation.invalid"]);
  });

  it("refuses unknown attachments and documents, leaving nothing behind", async () => {
    const before = await pageCount();
    expect((await errorsOf({ attachments: [99_999_999] })).attachments).toEqual(["media.not-found"]);
    expect((await errorsOf({ documents: [99_999_999] })).documents).toEqual(["page-validation.document-not-found"]);
    expect(await pageCount()).toBe(before);
  });

  it("links attachments in order and documents", async () => {
    const [a, b] = [await medium("a.pdf"), await medium("b.pdf")];
    const doc = await document(unique("Linked doc"), "published");
    const page = await create({ title: unique("With files"), attachments: [b.id, a.id], documents: [doc] });
    expect(page.attachments.map((m) => m.name)).toEqual(["b.pdf", "a.pdf"]);
    expect(page.documents.map((d) => d.id)).toEqual([doc]);
  });
});

describe("content: Markdown stored as written, served as sanitized HTML (ADR 014)", () => {
  const DIRTY =
    `<p onclick="steal()">Hello<script>alert('xss')</script></p><img src="x" onerror="alert(1)">` +
    `<a href="javascript:alert(1)">bad link</a><a href="https://example.org" target="_blank">good</a><iframe src="https://evil.example"></iframe>` +
    `\n\n[markdown bad](javascript:alert(2)) and ![pixel](https://example.org/p.png)`;

  const assertClean = (html: string) => {
    // In the tags: a refused Markdown link stays as harmless text.
    const markup = (html.match(/<[^>]*>/g) ?? []).join(" ");
    expect(markup).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
    expect(html).not.toContain("alert('xss')");
    expect(html).not.toMatch(/<a [^>]*>markdown bad/);
    expect(html).toContain("<p>Hello</p>");
    expect(html).toContain(`<a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a>`);
    expect(html).toContain(`<img src="https://example.org/p.png" alt="pixel" />`);
  };

  it("renders Markdown for readers and keeps the source for the editor", async () => {
    const source = "## Who may apply\n\n- Research groups\n- **Early-career** researchers\n\nRead [how to apply](/page/how-to-apply).";
    const page = await create({ title: unique("Markdown"), content: source });
    const html = `<h2>Who may apply</h2>\n<ul>\n<li>Research groups</li>\n<li><strong>Early-career</strong> researchers</li>\n</ul>\n<p>Read <a href="/page/how-to-apply">how to apply</a>.</p>`;
    expect(page).toMatchObject({ content: source, content_html: html });
    expect(await (await api.call("GET", `/pages/${page.id}`, { as: "editor" })).json()).toMatchObject({ content: source, content_html: html });
    const read = await (await api.call("GET", `/pages/public/${page.slug}`)).json();
    expect(read.content_html).toBe(html);
    // Readers never get the source: it may hold what the sanitizer removes.
    expect(read.content).toBeUndefined();
  });

  it("serves no script to any reader: the HTML is sanitized on every read, the source kept as written for editing", async () => {
    const page = await create({ title: unique("Dirty"), content: DIRTY });
    assertClean(page.content_html);
    const stored = await api.db.selectFrom("pages").select("content").where("id", "=", page.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe(DIRTY);
    const admin = await (await api.call("GET", `/pages/${page.id}`, { as: "editor" })).json();
    expect(admin.content).toBe(DIRTY);
    assertClean(admin.content_html);
    assertClean((await (await api.call("GET", `/pages/public/${page.slug}`)).json()).content_html);
  });

  it("renders content stored by any other path, legacy HTML included, the same way", async () => {
    const page = await create({ title: unique("Bypassed") });
    await api.db.updateTable("pages").set({ content: DIRTY }).where("id", "=", page.id).execute();
    assertClean((await (await api.call("GET", `/pages/public/${page.id}`)).json()).content_html);
    assertClean((await (await api.call("GET", `/pages/${page.id}`, { as: "admin" })).json()).content_html);
    const legacy = `<h2>Data we keep</h2><p>Your <strong>name</strong>.</p>`;
    await api.db.updateTable("pages").set({ content: legacy }).where("id", "=", page.id).execute();
    expect((await (await api.call("GET", `/pages/public/${page.id}`)).json()).content_html).toBe(legacy);
  });
});

describe("POST /api/pages/preview", () => {
  const preview = (body: unknown, as?: string) => api.call("POST", "/pages/preview", { body, ...(as ? { as } : {}) });

  it.each(["editor", "admin"])("renders Markdown to the page's sanitized HTML for %s, saving nothing", async (role) => {
    const before = await pageCount();
    const res = await preview({ content: "# Title\n\nSome *text* <script>alert(1)</script> [x](javascript:alert(1))" }, role);
    expect(res.status).toBe(200);
    const { html } = await res.json();
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<em>text</em>");
    expect(html).not.toMatch(/<script|alert\(1\)<|href="javascript:/i);
    expect(await pageCount()).toBe(before);
  });

  it("answers an empty preview for empty content", async () => {
    for (const body of [{ content: "" }, {}]) {
      const res = await preview(body, "editor");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ html: "" });
    }
  });

  it("answers 401 signed out and 403 outside the admin area, before looking at the body", async () => {
    expect((await preview({ content: "x" })).status).toBe(401);
    for (const role of NOT_ADMIN_AREA) {
      expect((await preview({ content: "x" }, role)).status, role).toBe(403);
      expect((await preview({ content: 42 }, role)).status, role).toBe(403);
    }
  });

  it("bounds the content like a page's: 422 past 100000 characters, 413 past the body limit", async () => {
    expect((await preview({ content: "c".repeat(100_000) }, "editor")).status).toBe(200);
    const long = await preview({ content: "c".repeat(100_001) }, "editor");
    expect(long.status).toBe(422);
    expect((await long.json()).errors.content).toEqual(["validation.max"]);
    expect((await preview({ content: "c".repeat(1_000_001) }, "editor")).status).toBe(413);
    expect((await preview({ content: 42 }, "editor")).status).toBe(422);
  });
});

describe("GET /api/pages", () => {
  it("answers 401 without a token and 403 outside the admin area", async () => {
    await expectGuarded(api, [["GET", "/pages"]]);
  });

  it("lists live pages 20 per page, newest first, without content", async () => {
    const res = await api.call("GET", "/pages", { as: "editor" });
    expect(res.status).toBe(200);
    const { data, meta } = await res.json();
    expect(meta).toMatchObject({ page: 1, per_page: 20 });
    expect(meta.total).toBeGreaterThanOrEqual(data.length);
    const ids = data.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(data[0].content).toBeUndefined();
    expect(data.every((p: { deleted_at: string | null }) => p.deleted_at === null)).toBe(true);
  });

  it("searches, filters by status, sorts and pages", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    await create({ title: `Bravo ${tag}`, status: "draft" });
    await create({ title: `Alpha ${tag}` });
    await create({ title: `Charlie ${tag}` });
    const titles = async (query: string) =>
      (await (await api.call("GET", `/pages?q=${tag}&${query}`, { as: "editor" })).json()).data.map((p: { title: string }) => p.title);
    expect(await titles("sort_by=title&order=asc")).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
    expect(await titles("status=draft")).toEqual([`Bravo ${tag}`]);
    const paged = await (await api.call("GET", `/pages?q=${tag}&sort_by=title&order=asc&per_page=2&page=2`, { as: "editor" })).json();
    expect(paged.data.map((p: { title: string }) => p.title)).toEqual([`Charlie ${tag}`]);
    expect(paged.meta).toEqual({ page: 2, per_page: 2, total: 3 });
  });

  it("filters by visibility: public pages (seen signed out too) or members-only ones", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    await create({ title: `Open ${tag}`, is_public: true });
    await create({ title: `Members ${tag}`, is_public: false });
    const titles = async (query: string) =>
      (await (await api.call("GET", `/pages?q=${tag}&sort_by=title&order=asc&${query}`, { as: "editor" })).json()).data.map((p: { title: string }) => p.title);
    expect(await titles("")).toEqual([`Members ${tag}`, `Open ${tag}`]);
    expect(await titles("visibility=public")).toEqual([`Open ${tag}`]);
    expect(await titles("visibility=members")).toEqual([`Members ${tag}`]);
  });

  it("refuses unknown sort columns, statuses and visibilities", async () => {
    expect((await api.call("GET", "/pages?sort_by=content", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/pages?status=archived", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/pages?visibility=secret", { as: "editor" })).status).toBe(422);
  });
});

describe("GET/PUT/DELETE /api/pages/{id} and restore", () => {
  it("guards every method: 401 without a token, 403 outside the admin area", async () => {
    const page = await create({ title: unique("Guarded") });
    const body = { title: "Hijacked", status: "draft", updated_at: page.updated_at };
    await expectGuarded(api, [
      ["GET", `/pages/${page.id}`],
      ["PUT", `/pages/${page.id}`, body],
      ["DELETE", `/pages/${page.id}`],
      ["PUT", `/pages/${page.id}/restore`, {}],
    ]);
    const after = await (await api.call("GET", `/pages/${page.id}`, { as: "editor" })).json();
    expect(after).toMatchObject({ title: page.title, status: "published", deleted_at: null });
  });

  it("answers 404 for a page that does not exist", async () => {
    expect((await api.call("GET", "/pages/99999999", { as: "editor" })).status).toBe(404);
    expect((await api.call("PUT", "/pages/99999999", { as: "editor", body: { title: "x", status: "draft", updated_at: new Date().toISOString() } })).status).toBe(404);
    expect((await api.call("DELETE", "/pages/99999999", { as: "editor" })).status).toBe(404);
  });

  it("updates a page read at its current version, then refuses the stale copy with 409", async () => {
    const page = await create({ title: unique("Versioned") });
    const first = await api.call("PUT", `/pages/${page.id}`, {
      as: "editor",
      body: { title: `${page.title} v2`, slug: page.slug, status: "draft", updated_at: page.updated_at },
    });
    expect(first.status).toBe(200);
    const saved = await first.json();
    expect(saved).toMatchObject({ title: `${page.title} v2`, status: "draft", is_public: false });
    expect(saved.updated_at).not.toBe(page.updated_at);

    const stale = await api.call("PUT", `/pages/${page.id}`, {
      as: "admin",
      body: { title: "Lost update", status: "published", updated_at: page.updated_at },
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe("page.stale");
    expect((await (await api.call("GET", `/pages/${page.id}`, { as: "editor" })).json()).title).toBe(`${page.title} v2`);
  });

  it("requires the version read and validates like a create, changing nothing on failure", async () => {
    const page = await create({ title: unique("Strict") });
    const missing = await api.call("PUT", `/pages/${page.id}`, { as: "editor", body: { title: "x", status: "draft" } });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.updated_at).toEqual(["validation.required"]);
    const invalid = await api.call("PUT", `/pages/${page.id}`, { as: "editor", body: { title: "", status: "draft", updated_at: "yesterday" } });
    expect(invalid.status).toBe(422);
    const bad = await api.call("PUT", `/pages/${page.id}`, {
      as: "editor",
      body: { title: "Changed", status: "draft", updated_at: page.updated_at, documents: [99_999_999] },
    });
    expect(bad.status).toBe(422);
    expect((await (await api.call("GET", `/pages/${page.id}`, { as: "editor" })).json()).title).toBe(page.title);
  });

  it("re-derives a slug left blank on update and refuses one taken by another page", async () => {
    const other = await create({ title: unique("Other") });
    const page = await create({ title: unique("Renamed") });
    const taken = await api.call("PUT", `/pages/${page.id}`, { as: "editor", body: { title: page.title, slug: other.slug, status: "draft", updated_at: page.updated_at } });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors.slug).toEqual(["page-validation.slug-taken"]);
    const title = unique("Brand new title");
    const res = await api.call("PUT", `/pages/${page.id}`, { as: "editor", body: { title, slug: "", status: "draft", updated_at: page.updated_at } });
    expect((await res.json()).slug).toBe(slugOf(title));
  });

  it("soft-deletes and restores", async () => {
    const page = await create({ title: unique("Trashable"), in_menu: true });
    expect((await api.call("DELETE", `/pages/${page.id}`, { as: "editor" })).status).toBe(204);
    expect(await api.db.selectFrom("pages").select("id").where("id", "=", page.id).executeTakeFirst()).toBeDefined();
    expect((await api.call("DELETE", `/pages/${page.id}`, { as: "editor" })).status).toBe(404);
    expect((await api.call("GET", `/pages/public/${page.slug}`)).status).toBe(404);
    const live = await (await api.call("GET", `/pages?q=${encodeURIComponent(page.title)}`, { as: "editor" })).json();
    expect(live.data).toEqual([]);
    const trashed = await (await api.call("GET", `/pages?q=${encodeURIComponent(page.title)}&trashed=only`, { as: "editor" })).json();
    expect(trashed.data.map((p: { id: number }) => p.id)).toEqual([page.id]);
    const updating = await api.call("PUT", `/pages/${page.id}`, { as: "editor", body: { title: "x", status: "draft", updated_at: page.updated_at } });
    expect(updating.status).toBe(404);

    const restored = await api.call("PUT", `/pages/${page.id}/restore`, { as: "admin", body: {} });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: page.id, slug: page.slug, deleted_at: null });
    expect((await api.call("GET", `/pages/public/${page.slug}`)).status).toBe(200);
    expect((await api.call("PUT", `/pages/${page.id}/restore`, { as: "admin", body: {} })).status).toBe(404);
  });

  it("restores a page whose slug was taken meanwhile under a suffixed slug", async () => {
    const slug = slugOf(unique("reused slug"));
    const old = await create({ title: unique("Old"), slug });
    await api.call("DELETE", `/pages/${old.id}`, { as: "editor" });
    await create({ title: unique("New"), slug });
    const restored = await (await api.call("PUT", `/pages/${old.id}/restore`, { as: "editor", body: {} })).json();
    expect(restored.slug).toBe(`${slug}-2`);
  });
});

describe("GET /api/pages/public", () => {
  it("shows signed-out visitors the published public pages only, without content", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const open = await create({ title: `Open ${tag}` });
    const members = await create({ title: `Members ${tag}`, is_public: false });
    const draft = await create({ title: `Draft ${tag}`, status: "draft" });
    const list = async (as?: string) =>
      (await (await api.call("GET", "/pages/public?per_page=1000", as ? { as } : {})).json()).data as { id: number; content?: string }[];
    const anonymous = (await list()).map((p) => p.id);
    expect(anonymous).toContain(open.id);
    expect(anonymous).not.toContain(members.id);
    expect(anonymous).not.toContain(draft.id);
    for (const who of ["applicant", "evaluator"]) {
      const ids = (await list(who)).map((p) => p.id);
      expect(ids).toEqual(expect.arrayContaining([open.id, members.id]));
      expect(ids).not.toContain(draft.id);
    }
    expect((await list()).every((p) => p.content === undefined)).toBe(true);
  });

  it("filters the menu pages, in menu order", async () => {
    const { data } = await (await api.call("GET", "/pages/public?in_menu=1&per_page=1000")).json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((p: { in_menu: boolean; is_public: boolean }) => p.in_menu && p.is_public)).toBe(true);
    const orders = data.map((p: { menu_order: number }) => p.menu_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(data.map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(["about-the-programme", "how-to-apply"]));
  });

  it("finds pages by slug for the footer's legal links", async () => {
    const { data } = await (await api.call("GET", "/pages/public?slug=privacy-policy&slug=cookie-policy")).json();
    expect(data.map((p: { slug: string }) => p.slug).sort()).toEqual(["cookie-policy", "privacy-policy"]);
  });

  it("sends a validator and answers 304 to a repeat visit", async () => {
    const res = await api.call("GET", "/pages/public");
    const etag = res.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect(res.headers.get("Cache-Control")).toContain("no-cache");
    expect(res.headers.get("Vary")).toContain("Authorization");
    expect((await api.call("GET", "/pages/public", { headers: { "If-None-Match": etag! } })).status).toBe(304);
  });
});

describe("GET /api/pages/public/{idOrSlug}", () => {
  it("shows a published page by id and by slug, with its files and the documents the reader may see", async () => {
    const file = await medium("programme.pdf");
    const open = await document(unique("Open doc"), "published");
    const restricted = await document(unique("Evaluators' doc"), "published", ["evaluator"]);
    const draft = await document(unique("Draft doc"), "draft");
    const page = await create({ title: unique("Readable"), attachments: [file.id], documents: [open, restricted, draft] });

    for (const key of [page.id, page.slug]) {
      const res = await api.call("GET", `/pages/public/${key}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ id: page.id, title: page.title, slug: page.slug });
      expect(body.attachments.map((m: { id: number }) => m.id)).toEqual([file.id]);
      expect(body.documents.map((d: { id: number }) => d.id)).toEqual([open]);
    }
    const asEvaluator = await (await api.call("GET", `/pages/public/${page.slug}`, { as: "evaluator" })).json();
    expect(asEvaluator.documents.map((d: { id: number }) => d.id).sort()).toEqual([open, restricted].sort());
    const asApplicant = await (await api.call("GET", `/pages/public/${page.slug}`, { as: "applicant" })).json();
    expect(asApplicant.documents.map((d: { id: number }) => d.id)).toEqual([open]);
  });

  it("answers 404 for drafts, trashed pages and unknown ones, and 401 for members' pages when signed out", async () => {
    const draft = await create({ title: unique("Hidden draft"), status: "draft" });
    const members = await create({ title: unique("Members only"), is_public: false });
    expect((await api.call("GET", `/pages/public/${draft.slug}`)).status).toBe(404);
    expect((await api.call("GET", `/pages/public/${draft.id}`, { as: "admin" })).status).toBe(404);
    // Signed out, a members' page asks for sign-in (401) instead.
    expect((await api.call("GET", `/pages/public/${members.slug}`)).status).toBe(401);
    expect((await api.call("GET", `/pages/public/${members.id}`)).status).toBe(401);
    expect((await api.call("GET", `/pages/public/${members.slug}`, { as: "applicant" })).status).toBe(200);
    expect((await api.call("GET", "/pages/public/no-such-page")).status).toBe(404);
    expect((await api.call("GET", "/pages/public/99999999999")).status).toBe(404);
  });
});
