// The dossier zips (docs/api.md#dossiers, ADR 041) against the real database and
// media folder, the application PDF made by a stand-in (the zip takes any
// maker): each reader gets exactly the files the media read rule gives them,
// names are safe whatever was uploaded, a reader who may not read the
// application gets 404 before any byte, a failure after the first byte cuts
// the download without reaching the process, and the admin area's zip of
// every match keeps the list's filters and refuses past its limits.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featureFiles } from "~/api/media/routes";
import { COUNTERSIGNED_AGREEMENT, SIGNED_AGREEMENT } from "~/domain/acceptance/bodies";
import { dossiersQuery } from "~/domain/admin-applications/query.server";
import { dossierZip, dossiersZip, type DossierDeps, type PdfMaker } from "~/domain/dossier/dossier-zip.server";
import { AppError } from "~/domain/errors";
import { userAndGrants } from "~/domain/users/users.server";
import type { Actor } from "~/domain/users/roles";
import { folderStorage } from "~/media/storage.server";
import { createTestApi, type TestApi } from "../support/api";
import { medium } from "./application-helpers";
import { applicationUnderEvaluation, userId } from "./review-helpers";
import { unzip } from "./spreadsheet-readers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A stand-in for the application PDF: its number in a few bytes. */
const fakePdf: PdfMaker = async (_db, _actor, id) => ({ filename: `application-${id}.pdf`, body: Readable.from([Buffer.from(`%PDF-1.7 application ${id}`)]) });

async function deps(makePdf: PdfMaker = fakePdf): Promise<DossierDeps> {
  return { db: api.db, storage: folderStorage(api.mediaDir), readers: await featureFiles(api.db), makePdf };
}

async function actor(name: string): Promise<Actor> {
  const id = await userId(api, name);
  return { id, ...(await userAndGrants(api.db, id)).grants };
}

const bytesOf = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

/** The entries of `as`'s dossier of application `id`, by path. */
async function dossierOf(as: string, id: number, makePdf?: PdfMaker) {
  const zip = await dossierZip(await deps(makePdf), await actor(as), id, "en");
  return { filename: zip.filename, files: unzip(await bytesOf(zip.body)) };
}

/** Links a new medium named `name`, with `content` stored, to the application (or its first infrastructure row). */
async function attach(appId: number, ownerId: number, collection: string, name: string, content = `content of ${name}`, on: "application" | "application_infrastructure" = "application") {
  const id = await medium(api, ownerId, name);
  const { uuid } = await api.db.selectFrom("media").select("uuid").where("id", "=", id).executeTakeFirstOrThrow();
  await folderStorage(api.mediaDir).put(uuid, Readable.from([Buffer.from(content)]), 1e6);
  let attachedTo = String(appId);
  if (on === "application_infrastructure") {
    const ai = await api.db.selectFrom("application_infrastructures").select("id").where("application_id", "=", appId).orderBy("id").executeTakeFirstOrThrow();
    attachedTo = String(ai.id);
  }
  const position = Number((await api.db.selectFrom("media_links").select((eb) => eb.fn.countAll<string>().as("n")).where("attached_to_type", "=", on).where("attached_to_id", "=", attachedTo).where("collection", "=", collection).executeTakeFirstOrThrow()).n);
  await api.db.insertInto("media_links").values({ media_id: id, attached_to_type: on, attached_to_id: attachedTo, collection, position }).execute();
  return id;
}

/** Stores bytes for the application's appendices (the helpers record the rows only). */
async function storeAppendices(appId: number) {
  const rows = await api.db
    .selectFrom("media_links").innerJoin("media", "media.id", "media_links.media_id").select(["media.uuid", "media.name"])
    .where("attached_to_type", "=", "application").where("attached_to_id", "=", String(appId)).execute();
  for (const r of rows) await folderStorage(api.mediaDir).put(r.uuid, Readable.from([Buffer.from(`content of ${r.name}`)]), 1e6);
}

const status404 = (err: unknown) => err instanceof AppError && err.status === 404;

describe("one application's dossier", () => {
  let appId: number;
  let acronym: string;
  beforeAll(async () => {
    const { app } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"], watchdog: ["watchdog"], viewer: ["viewer"] });
    appId = app.id;
    acronym = app.acronym!;
    await storeAppendices(appId);
    const owner = app.owner.id;
    await attach(appId, owner, "recommendation_letter", "letter.pdf");
    await attach(appId, owner, "recommendation_letter", "letter.pdf");
    await attach(appId, owner, "extra_information", "../../etc/passwd");
    await attach(appId, owner, "extra_information", "/absolute/notes.txt");
    await attach(appId, owner, "extra_information", "bad\u0007na\u202eme\r\n.pdf");
    await attach(appId, owner, "extra_information", "notes.txt");
    await attach(appId, owner, "extra_information", "..");
    await attach(appId, owner, SIGNED_AGREEMENT, "signed.pdf");
    await attach(appId, owner, "scientific_report", "report.pdf");
    await attach(appId, await userId(api, "infrastructure-manager"), COUNTERSIGNED_AGREEMENT, "countersigned.pdf", "countersigned", "application_infrastructure");
  });

  const APPENDICES = [
    "appendices/research-plan.pdf", "appendices/group-leader-cv.pdf", "appendices/data-management-plan.pdf",
    "appendices/recommendation-letter.pdf", "appendices/recommendation-letter (2).pdf",
    "appendices/extra-information/passwd", "appendices/extra-information/notes.txt", "appendices/extra-information/badname.pdf",
    "appendices/extra-information/notes (2).txt", "appendices/extra-information/file-N.pdf",
  ];
  const AGREEMENTS = ["agreements/signed-agreement.pdf"];
  const REPORT = ["report/scientific-report.pdf"];

  /** The paths of `as`'s dossier inside its folder, the PDF's and the countersigned agreement's (named after the infrastructure) shortened. */
  async function pathsOf(as: string) {
    const { filename, files } = await dossierOf(as, appId);
    expect(filename).toBe(`${acronym}.zip`);
    expect(files[`${acronym}/application-${appId}.pdf`]?.toString()).toBe(`%PDF-1.7 application ${appId}`);
    return Object.keys(files)
      .map((p) => {
        expect(p.startsWith(`${acronym}/`)).toBe(true);
        return p.slice(acronym.length + 1);
      })
      .filter((p) => p !== `application-${appId}.pdf`)
      .map((p) => (p.startsWith("agreements/countersigned-agreement-") ? "countersigned" : p.replace(/file-\d+\.pdf$/, "file-N.pdf")))
      .sort();
  }

  it("holds, for each reader, the PDF and exactly the files they may read", async () => {
    const sorted = (...lists: string[][]) => lists.flat().sort();
    expect(await pathsOf("applicant")).toEqual(sorted(APPENDICES, AGREEMENTS, REPORT, ["countersigned"]));
    expect(await pathsOf("editor")).toEqual(sorted(APPENDICES, AGREEMENTS, REPORT, ["countersigned"]));
    expect(await pathsOf("admin")).toEqual(sorted(APPENDICES, AGREEMENTS, REPORT, ["countersigned"]));
    expect(await pathsOf("infrastructure-manager")).toEqual(sorted(APPENDICES, AGREEMENTS, REPORT, ["countersigned"]));
    // An evaluator judges the application from its appendices: no agreement, no report.
    expect(await pathsOf("evaluator")).toEqual(sorted(APPENDICES));
    // A watchdog follows the report too, not the agreements.
    expect(await pathsOf("watchdog")).toEqual(sorted(APPENDICES, REPORT));
  });

  it("is 404 before any byte for whoever may not read the application, a viewer until they declare", async () => {
    let made = 0;
    const counting: PdfMaker = async (...args) => {
      made++;
      return fakePdf(...args);
    };
    for (const reader of ["applicant2", "evaluator2", "viewer"]) {
      await expect(dossierOf(reader, appId, counting)).rejects.toSatisfy(status404);
    }
    await expect(dossierOf("applicant", 2_000_000_000, counting)).rejects.toSatisfy(status404);
    expect(made).toBe(0);
    const viewer = await userId(api, "viewer");
    await api.db.updateTable("application_reviewers").set({ confidential_declaration: true }).where("application_id", "=", appId).where("user_id", "=", viewer).execute();
    expect(await pathsOf("viewer")).toEqual([...APPENDICES, ...REPORT].sort());
  });

  it("names every entry safely: no folder step, no absolute path, no control or direction character, no two alike", async () => {
    const { files } = await dossierOf("editor", appId);
    const names = Object.keys(files);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const name of names) {
      expect(name.split("/")).not.toContain("..");
      expect(name.split("/")).not.toContain(".");
      expect(name.startsWith("/")).toBe(false);
      expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\\]/);
    }
    expect(files[`${acronym}/appendices/extra-information/passwd`]?.toString()).toBe("content of ../../etc/passwd");
    // ".." leaves nothing of its own: the file is named after its number and type.
    expect(names.some((n) => /^[^/]+\/appendices\/extra-information\/file-\d+\.pdf$/.test(n))).toBe(true);
  });

  it.runIf(fs.existsSync("/usr/bin/unzip"))("is a zip that unzip tests clean and extracts inside its folder", async () => {
    const zip = await dossierZip(await deps(), await actor("editor"), appId, "en");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dossier-"));
    try {
      fs.writeFileSync(path.join(dir, "d.zip"), await bytesOf(zip.body));
      expect(execFileSync("unzip", ["-t", "d.zip"], { cwd: dir }).toString()).toMatch(/No errors detected/);
      execFileSync("unzip", ["-q", "d.zip", "-d", "out"], { cwd: dir });
      expect(fs.readdirSync(path.join(dir, "out"))).toEqual([acronym]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists a file whose bytes are gone in missing-files.txt, the rest intact", async () => {
    const gone = await attach(appId, (await userId(api, "applicant")), "extra_information", "gone.pdf");
    const { uuid } = await api.db.selectFrom("media").select("uuid").where("id", "=", gone).executeTakeFirstOrThrow();
    await folderStorage(api.mediaDir).delete(uuid);
    try {
      const { files } = await dossierOf("editor", appId);
      expect(files[`${acronym}/missing-files.txt`]?.toString()).toContain(`${acronym}/appendices/extra-information/gone.pdf`);
      expect(files[`${acronym}/appendices/extra-information/gone.pdf`]).toBeUndefined();
      expect(files[`${acronym}/appendices/research-plan.pdf`]?.toString()).toBe("content of plan.pdf");
    } finally {
      await api.db.deleteFrom("media_links").where("media_id", "=", gone).execute();
    }
  });

  it("cuts the download when the PDF fails after the first byte, closes the files, and logs it", async () => {
    const failing: PdfMaker = async () => ({
      filename: "broken.pdf",
      body: Readable.from((async function* () {
        yield Buffer.from("%PDF-1.7 half");
        throw new Error("the PDF broke");
      })()),
    });
    const logged: string[] = [];
    const error = console.error;
    console.error = (line: string) => logged.push(line);
    try {
      const zip = await dossierZip(await deps(failing), await actor("editor"), appId, "en");
      await expect(bytesOf(zip.body)).rejects.toThrow();
    } finally {
      console.error = error;
    }
    expect(logged.join("\n")).toMatch(/failed mid-stream.*the PDF broke/);
  });

  it("stops reading when the reader goes away", async () => {
    const zip = await dossierZip(await deps(), await actor("editor"), appId, "en");
    const reader = zip.body.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
  });
});

describe("the dossiers of the list's matches", () => {
  const query = (q: Record<string, unknown>) => dossiersQuery.parse(q);

  it("holds one folder per matching application, in the list's order, for the admin area only", async () => {
    const a = (await applicationUnderEvaluation(api, {})).app;
    const b = (await applicationUnderEvaluation(api, {})).app;
    await storeAppendices(a.id);
    await storeAppendices(b.id);
    const q = query({ "includeIds[]": [String(a.id), String(b.id)], sort_by: "id", order: "asc", lang: "fr" });
    const langs: string[] = [];
    const zip = await dossiersZip(await deps(async (db, who, id, lang) => (langs.push(lang), fakePdf(db, who, id, lang))), await actor("editor"), q);
    expect(zip.filename).toMatch(/^dossiers-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = Object.keys(unzip(await bytesOf(zip.body)));
    const folders = [...new Set(names.map((n) => n.split("/")[0]))];
    expect(folders).toEqual([`${a.id}-${a.acronym}`, `${b.id}-${b.acronym}`]);
    expect(names).toContain(`${a.id}-${a.acronym}/appendices/research-plan.pdf`);
    expect(langs).toEqual(["fr", "fr"]);
    for (const who of ["applicant", "evaluator", "infrastructure-manager"]) {
      await expect(dossiersZip(await deps(), await actor(who), q)).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.status === 403);
    }
  });

  it("is refused with nothing to hold, and past 200 applications, before any PDF is made", async () => {
    let made = 0;
    const counting: PdfMaker = async (...args) => (made++, fakePdf(...args));
    const editor = await actor("editor");
    const refusal = (code: string) => (e: unknown) => e instanceof AppError && e.status === 422 && e.message === code;
    await expect(dossiersZip(await deps(counting), editor, query({ q: "no application is called this" }))).rejects.toSatisfy(refusal("errors.dossiers-none"));
    // 201 applications of one applicant: one past the limit.
    const template = await api.db.selectFrom("applications").select(["call_id", "user_id"]).orderBy("id").executeTakeFirstOrThrow();
    const owner = await userId(api, "applicant2");
    await api.db
      .insertInto("applications")
      .values(Array.from({ length: 201 }, (_, i) => ({ call_id: template.call_id, user_id: owner, acronym: `BULK${i}`, draft: "{}" })))
      .execute();
    await expect(dossiersZip(await deps(counting), editor, query({ user_id: String(owner) }))).rejects.toSatisfy(refusal("errors.dossiers-too-many"));
    const under = query({ user_id: String(owner), q: "BULK1" }); // BULK1, BULK10…BULK19, BULK100…BULK199: 111
    const zip = await dossiersZip(await deps(counting), editor, under);
    await zip.body.cancel();
    expect(made).toBeLessThanOrEqual(1);
  });

  it("is refused past 2 GiB of attached files", async () => {
    const { app } = await applicationUnderEvaluation(api, {});
    await api.db.updateTable("media").set({ size: String(3 * 1024 ** 3) })
      .where("id", "in", api.db.selectFrom("media_links").select("media_id").where("attached_to_type", "=", "application").where("attached_to_id", "=", String(app.id)))
      .execute();
    await expect(dossiersZip(await deps(), await actor("admin"), query({ "includeIds[]": [String(app.id)] }))).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.status === 422 && e.message === "errors.dossiers-too-large",
    );
  });
});

describe("through the API", () => {
  it("GET /api/downloadpdf/{id} streams the reader's zip, the application's own PDF in it naming the application", async () => {
    const { app } = await applicationUnderEvaluation(api, { evaluator: ["evaluator"] });
    await storeAppendices(app.id);
    const res = await api.call("GET", `/downloadpdf/${app.id}?lang=fr`, { as: "evaluator" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toContain(`filename="${app.acronym}.zip"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const files = unzip(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [`${app.acronym}/${app.acronym}.pdf`, ...["research-plan", "group-leader-cv", "data-management-plan"].map((f) => `${app.acronym}/appendices/${f}.pdf`)].sort(),
    );
    const pdf = files[`${app.acronym}/${app.acronym}.pdf`];
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(app.acronym!);
    expect(text).toContain(app.title!);
  });

  it("answers 401 signed out, and a JSON 404 before any byte to whoever may not read the application", async () => {
    const { app } = await applicationUnderEvaluation(api, {});
    expect((await api.call("GET", `/downloadpdf/${app.id}`)).status).toBe(401);
    for (const reader of ["applicant2", "evaluator"]) {
      const res = await api.call("GET", `/downloadpdf/${app.id}`, { as: reader });
      expect([reader, res.status, res.headers.get("Content-Type")]).toEqual([reader, 404, "application/json"]);
      expect(((await res.json()) as { code: string }).code).toBe("errors.not-found");
    }
  });

  it("GET /api/applications/dossiers: the admin area's zip of the list's matches, 403 for anyone else, a 422 past the limit", async () => {
    const { app } = await applicationUnderEvaluation(api, {});
    const res = await api.call("GET", `/applications/dossiers?includeIds[]=${app.id}`, { as: "admin" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="dossiers-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(Object.keys(unzip(Buffer.from(await res.arrayBuffer())))).toContain(`${app.id}-${app.acronym}/${app.acronym}.pdf`);
    for (const who of ["applicant", "evaluator", "infrastructure-manager"]) expect((await api.call("GET", "/applications/dossiers", { as: who })).status).toBe(403);
    // Every live application: more than 200 once enough are added.
    const live = Number((await api.db.selectFrom("applications").select((eb) => eb.fn.countAll<string>().as("n")).where("deleted_at", "is", null).executeTakeFirstOrThrow()).n);
    const template = await api.db.selectFrom("applications").select(["call_id", "user_id"]).orderBy("id").executeTakeFirstOrThrow();
    if (live <= 200) await api.db.insertInto("applications").values(Array.from({ length: 201 - live }, () => ({ ...template, draft: "{}" }))).execute();
    const tooMany = await api.call("GET", "/applications/dossiers", { as: "editor" });
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({ code: "errors.dossiers-too-many", message: expect.stringMatching(/at most 200 applications/) });
    expect((await api.call("GET", "/applications/dossiers?date_from=2026-02-01&date_to=2026-01-01", { as: "editor" })).status).toBe(422);
  });
});
