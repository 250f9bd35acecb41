import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { expectConsoleError } from "../support/fail-on-console-error";
import { accessToken, demo } from "../support/tokens";

const LIMIT = 1000;
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ media: { maxBytes: LIMIT } });
});
afterAll(() => api.close());

const PDF = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function fileForm(bytes: BlobPart[], type: string, filename: string, field = "file") {
  const form = new FormData();
  form.append(field, new Blob(bytes, { type }), filename);
  return form;
}

async function upload(as: string, bytes: BlobPart[] = [PDF], type = "application/pdf", filename = "report.pdf") {
  return api.call("POST", "/media/uploads", { as, form: fileForm(bytes, type, filename) });
}

async function uploaded(as: string, filename = "report.pdf", bytes: BlobPart[] = [PDF], type = "application/pdf") {
  const res = await upload(as, bytes, type, filename);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; uuid: string; name: string; mime_type: string; size: number };
}

/** POST /api/media/uploads with the file sent `chunk` bytes at a time, a pause before each, as over a network. */
async function pacedUpload(target: TestApi, as: string, bytes: Uint8Array[], chunk: number) {
  const body = Buffer.concat(bytes);
  const head = new TextEncoder().encode('--B\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n');
  const tail = new TextEncoder().encode("\r\n--B--\r\n");
  const parts = [head];
  for (let at = 0; at < body.length; at += chunk) parts.push(body.subarray(at, at + chunk));
  parts.push(tail);
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setImmediate(r));
      if (i < parts.length) controller.enqueue(parts[i++]);
      else controller.close();
    },
  });
  const token = await accessToken(demo(as));
  const headers = { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=B" };
  return target.fetch(new Request("http://test.local/api/media/uploads", { method: "POST", body: stream, headers, duplex: "half" } as RequestInit));
}

/** Everything stored, partial files and open multipart uploads included. */
const storedFiles = () => api.storedFiles();
const mediaCount = async () => Number((await api.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const userId = async (username: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${username}`).executeTakeFirstOrThrow()).id;
const link = (mediaId: number, type: string, id: number | string, collection = "attachments") =>
  api.db.insertInto("media_links").values({ media_id: mediaId, attached_to_type: type, attached_to_id: String(id), collection }).execute();

/** Asserts a refused upload answered 422 with that key and left no row and no file behind. */
async function expectRefused(res: Promise<Response>, key: string) {
  const files = (await storedFiles()).length;
  const rows = await mediaCount();
  const r = await res;
  expect(r.status).toBe(422);
  expect(await r.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors: { file: [key] } });
  expect(await mediaCount()).toBe(rows);
  expect(await storedFiles()).toHaveLength(files);
}

describe("POST /api/media/uploads", () => {
  it("answers 401 without a token", async () => {
    const res = await api.call("POST", "/media/uploads", { form: fileForm([PDF], "application/pdf", "a.pdf") });
    expect(res.status).toBe(401);
    expect(await storedFiles()).toHaveLength(0);
  });

  it.each(["applicant", "evaluator", "infrastructure-manager", "editor", "admin"])("stores the file streamed by %s under a new UUID", async (role) => {
    const body = await uploaded(role, "Rapport d'activité.pdf");
    expect(body).toEqual({ id: expect.any(Number), uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "Rapport d'activité.pdf", mime_type: "application/pdf", size: PDF.length });
    const row = await api.db.selectFrom("media").selectAll().where("id", "=", body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uuid: body.uuid, user_id: await userId(role), size: String(PDF.length) });
    expect(new Uint8Array(await api.readStored(body.uuid))).toEqual(PDF);
  });

  it("keeps the original name only for display: no folders, no control characters", async () => {
    const a = await uploaded("applicant", "../../etc/passwd.pdf");
    expect(a.name).toBe("passwd.pdf");
    const b = await uploaded("applicant", "C:\\Users\\me\\cv\u202Egnp.pdf");
    expect(b.name).toBe("cvgnp.pdf");
    for (const f of await storedFiles()) expect(path.basename(f)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts an upper-case extension and a type with parameters", async () => {
    expect((await uploaded("applicant", "SCAN.PDF")).mime_type).toBe("application/pdf");
    expect((await uploaded("applicant", "notes.txt", ["plain text"], "text/plain; charset=utf-8")).mime_type).toBe("text/plain");
    expect((await uploaded("applicant", "photo.jpeg", [Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])], "image/jpeg")).size).toBe(6);
  });

  it("accepts a file of exactly the size limit", async () => {
    const exact = new Uint8Array(LIMIT);
    exact.set(PDF);
    expect((await uploaded("applicant", "exact.pdf", [exact])).size).toBe(LIMIT);
  });

  it("refuses a file over the size limit with media.too-large, keeping no partial file", async () => {
    await expectRefused(upload("applicant", [PDF, new Uint8Array(LIMIT)]), "media.too-large");
    await expectRefused(upload("applicant", [PDF, new Uint8Array(5 * 1024 * 1024)]), "media.too-large");
  });

  // A body that arrives as a network delivers it, in chunks with pauses: the
  // storage stops reading the file while the next chunk is awaited, which must
  // not turn "too large" into "file required".
  it("refuses a file over the size limit arriving chunk by chunk with media.too-large, not media.required, keeping nothing", async () => {
    await expectRefused(pacedUpload(api, "applicant", [PDF, new Uint8Array(100 * LIMIT)], 4096), "media.too-large");
  });

  it("refuses a 21 MB PDF under the default limit (MEDIA_MAX_SIZE_MB 20) with media.too-large, keeping nothing", async () => {
    const wide = await createTestApi();
    const count = async () => Number((await wide.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    try {
      const rows = await count();
      const pdf = new Uint8Array(21 * 1024 * 1024);
      pdf.set(PDF);
      const res = await pacedUpload(wide, "applicant", [pdf], 64 * 1024);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ message: expect.any(String), code: "validation.failed", errors: { file: ["media.too-large"] } });
      expect(await wide.storedFiles()).toEqual([]);
      expect(await count()).toBe(rows);
    } finally {
      await wide.close();
    }
  });

  it("refuses a type that is not allowed with media.type-not-allowed", async () => {
    await expectRefused(upload("applicant", ["<svg onload='alert(1)'/>"], "image/svg+xml", "logo.svg"), "media.type-not-allowed");
    await expectRefused(upload("applicant", ["<script>alert(1)</script>"], "text/html", "page.html"), "media.type-not-allowed");
    await expectRefused(upload("applicant", ["MZ"], "application/x-msdownload", "setup.exe"), "media.type-not-allowed");
  });

  it("refuses an extension that does not match the declared type", async () => {
    await expectRefused(upload("applicant", [PDF], "application/pdf", "report.exe"), "media.type-not-allowed");
    await expectRefused(upload("applicant", [PDF], "application/pdf", "report.html"), "media.type-not-allowed");
    await expectRefused(upload("applicant", [PDF], "application/pdf", "report"), "media.type-not-allowed");
    await expectRefused(upload("applicant", [PNG], "image/png", "image.jpg"), "media.type-not-allowed");
  });

  it("refuses content whose first bytes contradict the declared type", async () => {
    await expectRefused(upload("applicant", ["<html><script>alert(1)</script></html>"], "application/pdf", "fake.pdf"), "media.type-not-allowed");
    await expectRefused(upload("applicant", [PDF], "image/png", "fake.png"), "media.type-not-allowed");
    await expectRefused(upload("applicant", [PNG], "image/jpeg", "fake.jpg"), "media.type-not-allowed");
    await expectRefused(upload("applicant", ["%PD"], "application/pdf", "short.pdf"), "media.type-not-allowed");
    await expectRefused(upload("applicant", [Uint8Array.from([104, 105, 0, 1])], "text/plain", "binary.txt"), "media.type-not-allowed");
  });

  it("answers media.required when there is no file part", async () => {
    const textOnly = new FormData();
    textOnly.append("file", "not a file");
    await expectRefused(api.call("POST", "/media/uploads", { as: "applicant", form: textOnly }), "media.required");
    await expectRefused(api.call("POST", "/media/uploads", { as: "applicant", form: fileForm([PDF], "application/pdf", "a.pdf", "other") }), "media.required");
    await expectRefused(api.call("POST", "/media/uploads", { as: "applicant", form: fileForm([], "application/octet-stream", "") }), "media.required");
    // The upload takes multipart only: JSON is refused before anything is read.
    expect((await api.call("POST", "/media/uploads", { as: "applicant", body: { file: "x" } })).status).toBe(415);
  });

  it("keeps no file when the row cannot be inserted", async () => {
    await api.db.schema.alterTable("media").addCheckConstraint("refuse_for_test", (await import("kysely")).sql`name <> 'refused-row.pdf'`).execute();
    try {
      expectConsoleError();
      const files = (await storedFiles()).length;
      const res = await upload("applicant", [PDF], "application/pdf", "refused-row.pdf");
      expect(res.status).toBe(500);
      expect(await storedFiles()).toHaveLength(files);
    } finally {
      await api.db.schema.alterTable("media").dropConstraint("refuse_for_test").execute();
    }
  });
});

describe("GET /api/media", () => {
  it("answers 401 without a token", async () => {
    expect((await api.call("GET", "/media")).status).toBe(401);
  });

  it("lists one's own uploads only, for anyone outside the admin area", async () => {
    const mine = await uploaded("applicant2", "only-mine.pdf");
    await uploaded("evaluator", "not-theirs.pdf");
    const { data, meta } = await (await api.call("GET", "/media?per_page=1000", { as: "applicant2" })).json();
    expect(data.length).toBe(meta.total);
    const owner = await userId("applicant2");
    expect(data.every((m: { user_id: number }) => m.user_id === owner)).toBe(true);
    expect(data.map((m: { id: number }) => m.id)).toContain(mine.id);
    expect(data[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), mime_type: expect.any(String), size: expect.any(Number), in_use: expect.any(Boolean) });
  });

  it.each(["editor", "admin"])("lists every upload for %s, with q on the name and paging", async (role) => {
    const a = await uploaded("applicant", `Zebra-${role}-findings.pdf`);
    const b = await uploaded("evaluator", `zebra-${role}-summary.pdf`);
    const res = await api.call("GET", `/media?q=zebra-${role}&sort_by=name&order=asc`, { as: role });
    expect(res.status).toBe(200);
    const { data, meta } = await res.json();
    expect(data.map((m: { id: number }) => m.id)).toEqual([a.id, b.id]);
    expect(meta).toEqual({ page: 1, per_page: 20, total: 2 });
    const second = await (await api.call("GET", `/media?q=zebra-${role}&sort_by=name&order=asc&per_page=1&page=2`, { as: role })).json();
    expect(second.data.map((m: { id: number }) => m.id)).toEqual([b.id]);
    expect(second.meta).toEqual({ page: 2, per_page: 1, total: 2 });
  });

  it("validates the query", async () => {
    expect((await api.call("GET", "/media?per_page=1001", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/media?sort_by=path", { as: "editor" })).status).toBe(422);
    expect((await api.call("GET", "/media?page=0", { as: "editor" })).status).toBe(422);
  });

  it("marks linked media as in use", async () => {
    const m = await uploaded("editor", "linked.pdf");
    await link(m.id, "setting", "project-logo", "logo");
    const { data } = await (await api.call("GET", "/media?q=linked.pdf", { as: "editor" })).json();
    expect(data).toEqual([expect.objectContaining({ id: m.id, in_use: true })]);
  });
});

describe("the OpenAPI document", () => {
  it("describes the media endpoints, the upload as a multipart file", async () => {
    const doc = await (await api.call("GET", "/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/media/uploads", "/api/media", "/api/media/{id}", "/api/media/download/{id}"]));
    expect(doc.paths["/api/media/uploads"].post.requestBody.content["multipart/form-data"].schema.properties.file).toEqual({ type: "string", format: "binary" });
  });
});
