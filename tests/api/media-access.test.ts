// Who may read, download and delete a medium, and the linking helpers other
// areas use (linkMedia, mediaOf).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { accessToken, demo } from "../support/tokens";
import { linkMedia, mediaOf, type MediaActor } from "../../app/domain/media/media.server";
import en from "../../locales/en/media.json";
import fr from "../../locales/fr/media.json";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const PDF = new TextEncoder().encode("%PDF-1.4\nsome content\n%%EOF\n");

async function uploaded(as: string, filename = "file.pdf") {
  const form = new FormData();
  form.append("file", new Blob([PDF], { type: "application/pdf" }), filename);
  const res = await api.call("POST", "/media/uploads", { as, form });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; uuid: string; name: string };
}

const userId = async (username: string) => (await api.db.selectFrom("users").select("id").where("sub", "=", `demo-${username}`).executeTakeFirstOrThrow()).id;
const link = (mediaId: number, type: string, id: number | string, collection = "attachments") =>
  api.db.insertInto("media_links").values({ media_id: mediaId, attached_to_type: type, attached_to_id: String(id), collection }).execute();
const status = async (as: string | undefined, mediaId: number) => (await api.call("GET", `/media/${mediaId}`, { as })).status;

const infrastructure = async (name: string) => (await api.db.selectFrom("infrastructures").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

async function newCall(status: string, deleted = false) {
  const row = await api.db
    .insertInto("calls")
    .values({ title: `Media call ${status}`, status, open_at: "2020-01-01", close_at: "2099-02-01", evaluation_date: "2099-03-01", evaluation_manager_date: "2099-03-02", acceptance_date: "2099-04-01", user_report_days: 10, deleted_at: deleted ? new Date() : null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
async function newPage(status: string, is_public: boolean, deleted = false) {
  const slug = `media-page-${Math.random().toString(36).slice(2)}`;
  return (await api.db.insertInto("pages").values({ title: slug, slug, status, is_public, deleted_at: deleted ? new Date() : null }).returning("id").executeTakeFirstOrThrow()).id;
}
async function newDocument(status: string, roles: string[] = [], deleted = false) {
  const { id } = await api.db.insertInto("documents").values({ title: "Media document", status, deleted_at: deleted ? new Date() : null }).returning("id").executeTakeFirstOrThrow();
  for (const role of roles) {
    const r = await api.db.selectFrom("roles").select("id").where("name", "=", role).executeTakeFirstOrThrow();
    await api.db.insertInto("document_roles").values({ document_id: id, role_id: r.id }).execute();
  }
  return id;
}

describe("GET /api/media/{id}: who may read a medium", () => {
  it("lets the uploader, editors and admins read an unlinked medium, and nobody else (404)", async () => {
    const m = await uploaded("applicant");
    expect(await status("applicant", m.id)).toBe(200);
    expect(await status("editor", m.id)).toBe(200);
    expect(await status("admin", m.id)).toBe(200);
    for (const other of ["applicant2", "evaluator", "viewer", "infrastructure-manager", undefined]) expect(await status(other, m.id)).toBe(404);
    const body = await (await api.call("GET", `/media/${m.id}`, { as: "applicant" })).json();
    expect(body).toMatchObject({ id: m.id, name: "file.pdf", mime_type: "application/pdf", size: PDF.length, user_id: await userId("applicant"), in_use: false });
  });

  it("answers 404 for a medium that does not exist", async () => {
    expect(await status("admin", 999999)).toBe(404);
  });

  it("shows a setting's media to everyone", async () => {
    const m = await uploaded("admin");
    await link(m.id, "setting", "project-logo", "logo");
    expect(await status(undefined, m.id)).toBe(200);
    expect(await status("applicant", m.id)).toBe(200);
  });

  it("shows an infrastructure's media to its own staff while it is live, and to editors and admins", async () => {
    const m = await uploaded("editor");
    await link(m.id, "infrastructure", await infrastructure("Arctic Research Station Ny-Ålesund"), "acceptance_agreement");
    for (const reader of ["infrastructure-manager", "infrastructure-administrator", "editor", "admin"]) expect(await status(reader, m.id)).toBe(200);
    // The demo applicant's granted applications at the station read its acceptance agreement (acceptance.test.ts); another applicant does not.
    for (const other of [undefined, "applicant2", "evaluator", "viewer"]) expect(await status(other, m.id)).toBe(404);
  });

  it("shows a call's media unless the call is a draft or deleted", async () => {
    const open = await uploaded("editor");
    await link(open.id, "call", await newCall("open"), "acceptance_agreement");
    expect(await status(undefined, open.id)).toBe(200);
    const draft = await uploaded("editor");
    await link(draft.id, "call", await newCall("draft"), "acceptance_agreement");
    expect(await status("applicant", draft.id)).toBe(404);
    const deleted = await uploaded("editor");
    await link(deleted.id, "call", await newCall("open", true), "acceptance_agreement");
    expect(await status("applicant", deleted.id)).toBe(404);
  });

  it("shows a published page's media to everyone when public, to signed-in users otherwise", async () => {
    const pub = await uploaded("editor");
    await link(pub.id, "page", await newPage("published", true));
    expect(await status(undefined, pub.id)).toBe(200);
    const members = await uploaded("editor");
    await link(members.id, "page", await newPage("published", false));
    expect(await status(undefined, members.id)).toBe(404);
    expect(await status("applicant", members.id)).toBe(200);
    const draft = await uploaded("editor");
    await link(draft.id, "page", await newPage("draft", true));
    expect(await status("applicant", draft.id)).toBe(404);
    const deleted = await uploaded("editor");
    await link(deleted.id, "page", await newPage("published", true, true));
    expect(await status("applicant", deleted.id)).toBe(404);
  });

  it("shows a published document's media to everyone without roles, else to holders of one of its roles", async () => {
    const open = await uploaded("editor");
    await link(open.id, "document", await newDocument("published"));
    expect(await status(undefined, open.id)).toBe(200);
    const restricted = await uploaded("editor");
    await link(restricted.id, "document", await newDocument("published", ["evaluator", "watchdog"]));
    expect(await status(undefined, restricted.id)).toBe(404);
    expect(await status("applicant", restricted.id)).toBe(404);
    expect(await status("evaluator", restricted.id)).toBe(200);
    expect(await status("watchdog", restricted.id)).toBe(200);
    const draft = await uploaded("editor");
    await link(draft.id, "document", await newDocument("draft"));
    expect(await status("applicant", draft.id)).toBe(404);
    const deleted = await uploaded("editor");
    await link(deleted.id, "document", await newDocument("published", [], true));
    expect(await status("applicant", deleted.id)).toBe(404);
  });
});

describe("Media attached to a record: readable by exactly those who may read the record", () => {
  const download = async (as: string | undefined, mediaId: number) => (await api.call("GET", `/media/download/${mediaId}`, { as })).status;

  /** An infrastructure saved through the API with an acceptance agreement, managed by the demo infrastructure manager. */
  async function infrastructureWithAgreement() {
    const agreement = await uploaded("editor", "agreement.pdf");
    const res = await api.call("POST", "/infrastructures", {
      as: "editor",
      body: {
        name: `Agreement station ${Math.random().toString(36).slice(2)}`,
        short_name: "AS",
        country: "BE",
        category: "field-station",
        cost_calculation: "unit-cost",
        unit_cost_type: "day",
        periods: [],
        administrators: [],
        manager_id: await userId("infrastructure-manager"),
        acceptance_agreement: agreement.id,
      },
    });
    expect(res.status).toBe(201);
    const infra = (await res.json()) as { id: number; acceptance_agreement: { id: number } | null };
    expect(infra.acceptance_agreement?.id).toBe(agreement.id);
    return { id: infra.id, agreement: agreement.id };
  }

  it("answers 404 on an infrastructure's acceptance agreement to whoever gets 404 on the infrastructure, 200 to its readers", async () => {
    const { id, agreement } = await infrastructureWithAgreement();
    for (const reader of ["infrastructure-manager", "editor", "admin"]) {
      expect((await api.call("GET", `/infrastructures/${id}`, { as: reader })).status).toBe(200);
      expect(await download(reader, agreement)).toBe(200);
      expect(await status(reader, agreement)).toBe(200);
    }
    for (const other of ["applicant", "applicant2", "evaluator", "watchdog", "viewer", "infrastructure-administrator"]) {
      expect((await api.call("GET", `/infrastructures/${id}`, { as: other })).status).toBe(404);
      expect(await download(other, agreement)).toBe(404);
      expect(await status(other, agreement)).toBe(404);
    }
    expect(await download(undefined, agreement)).toBe(404);
    const token = await accessToken(demo("applicant"));
    expect((await api.call("GET", `/media/download/${agreement}?token=${token}`)).status).toBe(404);
  });

  it("keeps a trashed infrastructure's agreement from its own staff, and readable by editors and admins", async () => {
    const { id, agreement } = await infrastructureWithAgreement();
    expect((await api.call("DELETE", `/infrastructures/${id}`, { as: "editor" })).status).toBe(204);
    expect((await api.call("GET", `/infrastructures/${id}`, { as: "infrastructure-manager" })).status).toBe(404);
    expect(await download("infrastructure-manager", agreement)).toBe(404);
    for (const staff of ["editor", "admin"]) {
      expect((await api.call("GET", `/infrastructures/${id}`, { as: staff })).status).toBe(200);
      expect(await download(staff, agreement)).toBe(200);
    }
  });

  it("no longer lets the uploader read a medium attached to a record they may not read", async () => {
    const m = await uploaded("applicant");
    expect(await download("applicant", m.id)).toBe(200);
    await link(m.id, "infrastructure", await infrastructure("Alpine Isotope Laboratory"), "acceptance_agreement");
    expect(await download("applicant", m.id)).toBe(404);
    expect(await download("infrastructure-administrator", m.id)).toBe(200);
    const draft = await uploaded("applicant");
    await link(draft.id, "call", await newCall("draft"), "acceptance_agreement");
    expect(await download("applicant", draft.id)).toBe(404);
    expect(await download("editor", draft.id)).toBe(200);
  });

  it("keeps trashed pages', documents' and calls' media from their former readers, not from editors and admins", async () => {
    const cases: [string, number][] = [
      ["page", await newPage("published", true, true)],
      ["document", await newDocument("published", [], true)],
      ["call", await newCall("open", true)],
    ];
    for (const [type, id] of cases) {
      const m = await uploaded("editor");
      await link(m.id, type, id);
      for (const reader of [undefined, "applicant"]) expect(await download(reader, m.id)).toBe(404);
      for (const staff of ["editor", "admin"]) expect(await download(staff, m.id)).toBe(200);
    }
  });

  it("lets an admin read a document's media an editor may read, whatever roles the document lists", async () => {
    const m = await uploaded("editor");
    await link(m.id, "document", await newDocument("published", ["editor"]));
    expect(await download("admin", m.id)).toBe(200);
    expect(await download("evaluator", m.id)).toBe(404);
  });
});

describe("GET /api/media/download/{id}", () => {
  it("streams the file as an attachment with a UTF-8 name, and inline with preview=1", async () => {
    const m = await uploaded("applicant", "Résumé \"final\".pdf");
    const res = await api.call("GET", `/media/download/${m.id}`, { as: "applicant" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(PDF.length));
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="R_sum_ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.pdf`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    const preview = await api.call("GET", `/media/download/${m.id}?preview=1`, { as: "applicant" });
    expect(preview.headers.get("content-disposition")).toMatch(/^inline; /);
  });

  it("accepts the access token in the query instead of the header", async () => {
    const m = await uploaded("applicant");
    const token = await accessToken(demo("applicant"));
    expect((await api.call("GET", `/media/download/${m.id}?token=${token}`)).status).toBe(200);
    const other = await accessToken(demo("applicant2"));
    expect((await api.call("GET", `/media/download/${m.id}?token=${other}`)).status).toBe(404);
    const bad = await api.call("GET", `/media/download/${m.id}?token=not-a-token`);
    expect(bad.status).toBe(401);
    expect((await api.call("GET", `/media/download/${m.id}`)).status).toBe(404);
  });

  it("answers 404 when the file itself is missing", async () => {
    const m = await uploaded("applicant");
    await api.storage.delete(m.uuid);
    expect((await api.call("GET", `/media/download/${m.id}`, { as: "applicant" })).status).toBe(404);
  });
});

describe("DELETE /api/media/{id}", () => {

  it("answers 401 without a token", async () => {
    const m = await uploaded("applicant");
    expect((await api.call("DELETE", `/media/${m.id}`)).status).toBe(401);
  });

  it("answers 404 to a user who may not see it and 403 to one who may see but not delete it", async () => {
    const hidden = await uploaded("applicant");
    expect((await api.call("DELETE", `/media/${hidden.id}`, { as: "applicant2" })).status).toBe(404);
    const shared = await uploaded("editor");
    await link(shared.id, "setting", "eu-logo", "logo");
    expect((await api.call("DELETE", `/media/${shared.id}`, { as: "applicant" })).status).toBe(403);
    expect((await api.hasStored(hidden.uuid)) && (await api.hasStored(shared.uuid))).toBe(true);
  });

  it.each(["applicant", "editor", "admin"])("deletes the row and the file (%s deleting an applicant's upload)", async (role) => {
    const m = await uploaded("applicant");
    const res = await api.call("DELETE", `/media/${m.id}`, { as: role });
    expect(res.status).toBe(204);
    expect(await api.db.selectFrom("media").select("id").where("id", "=", m.id).executeTakeFirst()).toBeUndefined();
    expect(await api.hasStored(m.uuid)).toBe(false);
    expect((await api.call("GET", `/media/${m.id}`, { as: "admin" })).status).toBe(404);
  });

  it("refuses to delete a linked medium with 409 media.in-use, keeping row and file", async () => {
    const m = await uploaded("applicant");
    await link(m.id, "call", 1, "acceptance_agreement");
    const res = await api.call("DELETE", `/media/${m.id}`, { as: "admin" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "This media is being used and can not be deleted", code: "media.in-use" });
    expect(await api.db.selectFrom("media").select("id").where("id", "=", m.id).executeTakeFirst()).toBeDefined();
    expect(await api.hasStored(m.uuid)).toBe(true);
  });

  it("words media.in-use as docs/validation.md#messages does, in French too", () => {
    expect(en.media["in-use"]).toBe("This media is being used and can not be deleted");
    expect(fr.media["in-use"]).toBeTruthy();
  });
});

describe("linkMedia and mediaOf", () => {
  const actor = async (username: string, roles: string[]): Promise<MediaActor> => ({ id: await userId(username), roles, permissions: [] });

  it("replaces a collection's links in the given order, and mediaOf batch-loads them", async () => {
    const [a, b, c] = [await uploaded("applicant", "a.pdf"), await uploaded("applicant", "b.pdf"), await uploaded("applicant", "c.pdf")];
    const me = await actor("applicant", ["applicant"]);
    await api.db.transaction().execute((trx) => linkMedia(trx, { type: "test-entity", id: 41, collection: "files" }, [c.id, a.id], me));
    await api.db.transaction().execute((trx) => linkMedia(trx, { type: "test-entity", id: 42, collection: "files" }, [b.id], me));
    await api.db.transaction().execute((trx) => linkMedia(trx, { type: "test-entity", id: 42, collection: "cover" }, [a.id], me));
    const map = await mediaOf(api.db, "test-entity", [41, 42, 43]);
    expect(map.get("41")?.map((m) => [m.id, m.collection])).toEqual([[c.id, "files"], [a.id, "files"]]);
    expect(map.get("42")?.map((m) => [m.id, m.collection])).toEqual([[a.id, "cover"], [b.id, "files"]]);
    expect(map.has("43")).toBe(false);
    expect(map.get("41")![0]).toEqual({ id: c.id, name: "c.pdf", mime_type: "application/pdf", size: PDF.length, collection: "files" });
    const filesOnly = await mediaOf(api.db, "test-entity", ["42"], "files");
    expect(filesOnly.get("42")?.map((m) => m.id)).toEqual([b.id]);

    // Replacing: a reorders, b joins, c leaves; an empty list clears.
    await api.db.transaction().execute((trx) => linkMedia(trx, { type: "test-entity", id: 41, collection: "files" }, [a.id, b.id], me));
    expect((await mediaOf(api.db, "test-entity", [41])).get("41")?.map((m) => m.id)).toEqual([a.id, b.id]);
    await api.db.transaction().execute((trx) => linkMedia(trx, { type: "test-entity", id: 41, collection: "files" }, [], me));
    expect((await mediaOf(api.db, "test-entity", [41])).has("41")).toBe(false);
  });

  it("refuses media that do not exist or belong to someone else, unless already linked there or attached by staff", async () => {
    const theirs = await uploaded("applicant2", "theirs.pdf");
    const mine = await uploaded("applicant", "mine.pdf");
    const me = await actor("applicant", ["applicant"]);
    const owner = { type: "test-entity", id: 50, collection: "files" };
    for (const ids of [[mine.id, theirs.id], [999999]]) {
      await expect(api.db.transaction().execute((trx) => linkMedia(trx, owner, ids, me))).rejects.toMatchObject({
        status: 422,
        errors: { files: ["media.not-found"] },
      });
    }
    expect((await mediaOf(api.db, "test-entity", [50])).has("50")).toBe(false);
    await expect(api.db.transaction().execute((trx) => linkMedia(trx, owner, [theirs.id], null))).rejects.toMatchObject({ status: 422 });

    const editor = await actor("editor", ["applicant", "editor"]);
    await api.db.transaction().execute((trx) => linkMedia(trx, owner, [theirs.id], editor));
    // Keeping what is already linked is fine for anyone who may edit the entity.
    await api.db.transaction().execute((trx) => linkMedia(trx, owner, [theirs.id, mine.id], me));
    expect((await mediaOf(api.db, "test-entity", [50])).get("50")?.map((m) => m.id)).toEqual([theirs.id, mine.id]);
  });
});
