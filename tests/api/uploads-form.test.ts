// The UI's side of uploads, through the real modules: a multipart form post is
// read by readFormWithUploads (app/media/form.server.ts), which streams each
// chosen file to the in-process API, and /media/{id} (app/routes/media.$id.ts)
// streams a file back to the session's user.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setFileScope } from "@vanilla-extract/css/fileScope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { usePortalEnv } from "../support/portal";
import { sessionCookie } from "../support/session";

let api: TestApi;
let dataDir: string;

beforeAll(async () => {
  api = await createTestApi();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ta-uploads-form-"));
  usePortalEnv(api, {
    DATA_DIR: dataDir,
    MEDIA_MAX_SIZE_MB: "0.01", // 10,485 bytes
  });
  setFileScope("tests/api/uploads-form.test.ts", "ta-portal");
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n");

function post(form: FormData, cookie: string): Request {
  return new Request("http://portal.test/admin/something", { method: "POST", body: form, headers: { cookie } });
}

const storedFiles = () => (fs.existsSync(path.join(dataDir, "media")) ? fs.readdirSync(path.join(dataDir, "media"), { recursive: true }).filter((f) => !fs.statSync(path.join(dataDir, "media", String(f))).isDirectory()) : []);

describe("readFormWithUploads", () => {
  it("streams the chosen files to the API and puts their ids in the form, keeping the other fields", async () => {
    const { readFormWithUploads } = await import("../../app/media/form.server");
    const form = new FormData();
    form.append("title", "Grant letter");
    form.append("letter", "7"); // a kept medium (ticked checkbox)
    form.append("letter__upload", new Blob([PDF], { type: "application/pdf" }), "Lettre signée.pdf");
    form.append("attachments__multiple", "1");
    form.append("attachments", "3");
    form.append("attachments__upload", new Blob(["a,b\n1,2\n"], { type: "text/csv" }), "table.csv");
    form.append("empty__upload", new Blob([], { type: "application/octet-stream" }), "");
    const { formData, uploadErrors } = await readFormWithUploads(post(form, await sessionCookie("editor")));

    expect(uploadErrors).toEqual({});
    expect(formData.get("title")).toBe("Grant letter");
    const letter = Number(formData.get("letter"));
    expect(letter).not.toBe(7); // a single field: the upload replaces the kept file
    const attachments = formData.getAll("attachments").map(String);
    expect(attachments).toHaveLength(2);
    expect(attachments[0]).toBe("3"); // a multiple field: the upload is added
    expect([...formData.keys()].some((k) => k.endsWith("__upload"))).toBe(false);

    const rows = await api.db.selectFrom("media").innerJoin("users", "users.id", "media.user_id").select(["media.id", "media.name", "media.mime_type", "media.size", "users.email"]).where("media.id", "in", [letter, Number(attachments[1])]).orderBy("media.id").execute();
    expect(rows).toEqual([
      { id: letter, name: "Lettre signée.pdf", mime_type: "application/pdf", size: String(PDF.length), email: "editor@demo.ta-portal.test" },
      { id: Number(attachments[1]), name: "table.csv", mime_type: "text/csv", size: "8", email: "editor@demo.ta-portal.test" },
    ]);
    expect(storedFiles()).toHaveLength(2);
  });

  it("turns refused uploads into field errors, keeps nothing of them, and still reads the rest of the form", async () => {
    const { readFormWithUploads } = await import("../../app/media/form.server");
    const before = storedFiles().length;
    const count = async () => Number((await api.db.selectFrom("media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const rowsBefore = await count();
    const form = new FormData();
    form.append("big__upload", new Blob([PDF, new Uint8Array(200_000)], { type: "application/pdf" }), "big.pdf");
    form.append("page__upload", new Blob(["<script>alert(1)</script>"], { type: "text/html" }), "page.html");
    form.append("title", "after the files");
    const { formData, uploadErrors } = await readFormWithUploads(post(form, await sessionCookie("applicant")));

    expect(uploadErrors).toEqual({ big: ["media.too-large"], page: ["media.type-not-allowed"] });
    expect(formData.get("title")).toBe("after the files");
    expect(formData.has("big")).toBe(false);
    expect(formData.has("page")).toBe(false);
    expect(await count()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(before);
  });

  it("says media.too-large, not media.required, when the oversized file arrives chunk by chunk, keeps nothing of it and reads the rest", async () => {
    const { readFormWithUploads } = await import("../../app/media/form.server");
    const before = storedFiles().length;
    const form = new FormData();
    form.append("title", "before the file");
    form.append("big__upload", new Blob([PDF, new Uint8Array(200_000)], { type: "application/pdf" }), "big.pdf");
    form.append("after", "after the file");
    // The form as a network delivers it: 4 KB at a time, a pause before each.
    const encoded = new Request("http://portal.test/x", { method: "POST", body: form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setImmediate(r));
        if (at < bytes.length) controller.enqueue(bytes.subarray(at, (at += 4096)));
        else controller.close();
      },
    });
    const headers = { cookie: await sessionCookie("applicant"), "content-type": encoded.headers.get("content-type")! };
    const request = new Request("http://portal.test/admin/something", { method: "POST", body, headers, duplex: "half" } as RequestInit);
    const { formData, uploadErrors } = await readFormWithUploads(request);

    expect(uploadErrors).toEqual({ big: ["media.too-large"] });
    expect(formData.get("title")).toBe("before the file");
    expect(formData.get("after")).toBe("after the file");
    expect(formData.has("big")).toBe(false);
    expect(storedFiles()).toHaveLength(before);
  });

  it("shows the refusal as \"file too large\" with the limit: the root loader gives MEDIA_MAX_SIZE_MB, the message inserts it", async () => {
    const root = await import("../../app/root");
    const request = new Request("http://portal.test/application/1/report/documents", { headers: { cookie: await sessionCookie("applicant") } });
    const data = await (await (root.loader as (a: unknown) => Promise<Response>)({ request, params: {}, context: {} })).json();
    expect(data.mediaMaxMb).toBe(0.01);
    const { createInstance } = await import("i18next");
    const { i18nConfig } = await import("../../app/i18n/config");
    const { resources } = await import("../../app/i18n/resources.server");
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "en", resources });
    expect(i18n.t("media.too-large", { mediaMaxMb: 20 })).toBe("This file is too large: at most 20 MB");
    expect(i18n.getFixedT("fr")("media.too-large", { mediaMaxMb: 20 })).toBe("Ce fichier est trop volumineux\u00a0: 20\u00a0Mo au plus");
  });

  it("reads a form that is not multipart as it is", async () => {
    const { readFormWithUploads } = await import("../../app/media/form.server");
    const req = new Request("http://portal.test/x", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    const { formData, uploadErrors } = await readFormWithUploads(req);
    expect(formData.get("a")).toBe("1");
    expect(uploadErrors).toEqual({});
  });
});

describe("/media/{id}", () => {
  it("streams the file to its uploader as an attachment, or inline with preview=1", async () => {
    const { readFormWithUploads } = await import("../../app/media/form.server");
    const cookie = await sessionCookie("applicant");
    const form = new FormData();
    form.append("file__upload", new Blob([PDF], { type: "application/pdf" }), "mine.pdf");
    const id = (await readFormWithUploads(post(form, cookie))).formData.get("file");

    const route = await import("../../app/routes/media.$id");
    const get = (query: string, headers: Record<string, string> = {}) =>
      route.loader({ request: new Request(`http://portal.test/media/${id}${query}`, { headers }), params: { id: String(id) }, context: {} });
    const res = await get("", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="mine.pdf"; filename*=UTF-8''mine.pdf`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect((await get("?preview=1", { cookie })).headers.get("content-disposition")).toMatch(/^inline;/);

    // Anyone else, and signed-out visitors, find nothing there: a bare 404 for
    // an image or a script, the portal's not-found screen for a person.
    const other = await sessionCookie("applicant2");
    expect((await get("", { cookie: other })).status).toBe(404);
    expect((await get("")).status).toBe(404);
    expect((await route.loader({ request: new Request("http://portal.test/media/x"), params: { id: "../etc" }, context: {} })).status).toBe(404);
    const person = await get("", { cookie: other, accept: "text/html,application/xhtml+xml" });
    expect(person.status).toBe(302);
    expect(person.headers.get("location")).toBe(`/media/missing/${id}`);
  });
});
