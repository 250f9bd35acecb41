// The page form's Preview button (ADR 014) through the real create and update
// actions: a post with intent=preview is read like any other (readForm), renders
// the content through POST /api/pages/preview, answers the form back as typed
// with the HTML, and saves nothing.
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { thrown, usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let editor: string;
let create: typeof import("../../app/routes/admin.page.create");
let update: typeof import("../../app/routes/admin.page.$id.update");

beforeAll(async () => {
  api = await createTestApi();
  usePortalEnv(api);
  // The routes' components import vanilla-extract styles, which need a file scope outside the bundler.
  setFileScope("tests/api/page-preview-route.test.ts", "ta-portal");
  create = await import("../../app/routes/admin.page.create");
  update = await import("../../app/routes/admin.page.$id.update");
  editor = await sessionCookie("editor");
});
afterAll(() => api.close());

function post(url: string, fields: [string, string][], cookie = editor): Request {
  return new Request(`http://portal.test${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
}

interface PreviewReply {
  result: { status?: string; initialValue: Record<string, unknown>; error?: Record<string, string[]> };
  preview: { html: string; lang?: string } | null;
}

const pageCount = async () => Number((await api.db.selectFrom("pages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const MARKDOWN = "## Getting there\n\nTake the **ferry**.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1))";

describe("the page form's Preview", () => {
  it("renders the content and gives the half-filled form back as typed, saving nothing", async () => {
    const before = await pageCount();
    const res = (await create.action({
      request: post("/admin/page/create", [["title", ""], ["summary", "Kept"], ["content", MARKDOWN], ["status", "draft"], ["intent", "preview"]]),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    const { result, preview } = (await res.json()) as PreviewReply;
    expect(preview?.html).toContain("<h2>Getting there</h2>");
    expect(preview?.html).toContain("<strong>ferry</strong>");
    expect(preview?.html).not.toMatch(/<script|href="javascript:/i);
    expect(result.initialValue).toMatchObject({ summary: "Kept", content: MARKDOWN, status: "draft" });
    // Only the content is checked: the missing title is no error yet.
    expect(result.error ?? {}).toEqual({});
    expect(await pageCount()).toBe(before);
  });

  it("answers 400 with the content's error past 100000 characters, and no preview", async () => {
    const res = (await create.action({
      request: post("/admin/page/create", [["content", "c".repeat(100_001)], ["intent", "preview"]]),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(400);
    const { result, preview } = (await res.json()) as PreviewReply;
    expect(result.error).toEqual({ content: ["validation.max"] });
    expect(preview).toBeNull();
  });

  it("previews the French content from its own field, its errors on that field (ADR 052)", async () => {
    const before = await pageCount();
    const res = (await create.action({
      request: post("/admin/page/create", [["content", "English"], ["content_fr", "Prenez le **ferry**."], ["intent", "preview-fr"]]),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    const { preview } = (await res.json()) as PreviewReply;
    expect(preview).toEqual({ html: expect.stringContaining("<strong>ferry</strong>"), lang: "fr" });
    expect(preview?.html).not.toContain("English");
    const long = (await create.action({
      request: post("/admin/page/create", [["content_fr", "c".repeat(100_001)], ["intent", "preview-fr"]]),
      params: {},
      context: {},
    })) as Response;
    expect(long.status).toBe(400);
    expect(((await long.json()) as PreviewReply).result.error).toEqual({ content_fr: ["validation.max"] });
    expect(await pageCount()).toBe(before);
  });

  it("previews on the edit form without touching the page, whose version stays the one read", async () => {
    const page = await api.db.selectFrom("pages").select(["id", "content", "updated_at"]).where("slug", "=", "about-the-programme").executeTakeFirstOrThrow();
    const id = String(page.id);
    const version = page.updated_at.toISOString();
    const res = (await update.action({
      request: post(`/admin/page/${id}/update`, [["title", "About"], ["content", "*changed*"], ["status", "published"], ["updated_at", version], ["intent", "preview"]]),
      params: { id },
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    const { result, preview } = (await res.json()) as PreviewReply;
    expect(preview).toEqual({ html: "<p><em>changed</em></p>" });
    expect(result.initialValue).toMatchObject({ content: "*changed*", updated_at: version });
    const after = await api.db.selectFrom("pages").select(["content", "updated_at"]).where("id", "=", page.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ content: page.content, updated_at: page.updated_at });
  });

  it("sends a reader outside the admin area away before reading anything", async () => {
    const applicant = await sessionCookie("applicant");
    const res = await thrown(() =>
      create.action({ request: post("/admin/page/create", [["content", "x"], ["intent", "preview"]], applicant), params: {}, context: {} }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });
});
