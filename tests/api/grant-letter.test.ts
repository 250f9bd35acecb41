// GET /api/applications/grant-letter/{id} (docs/lifecycle.md#grant): who reads the letter
// and when, and what the PDF says (its text read back with unpdf).
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogoPng } from "~/db/seeds/demo-logo";
import { createTestApi, type TestApi } from "../support/api";
import { OPEN_CALL, submittedApplication } from "./application-helpers";
import { grantedWithFigures, pdfText, underEvaluationAccepted } from "./letter-helpers";
import { assignReviewers, userId } from "./review-helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // The seeded demo logo's file lives in the demo's storage, not this test's.
  await setSetting("project-logo", "");
});
afterAll(() => api.close());

const get = (id: number, as?: string, query = "") => api.call("GET", `/applications/grant-letter/${id}${query}`, { as });
const errorOf = async (res: Response) => ((await res.json()) as { code: string }).code;

async function setSetting(key: string, value: string) {
  await api.db.insertInto("settings").values({ key, value, label: key }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
}

describe("the granted letter", () => {
  let id: number;
  beforeAll(async () => {
    id = (await grantedWithFigures(api, { units: 12, participants: 3, budget: "4500.50" })).id;
  });

  it("is a PDF for its applicant, filled from the default template", async () => {
    const res = await get(id, "applicant");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="grant-letter-ICEFLOW\.pdf"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(await res.arrayBuffer());
    const infra = await api.db
      .selectFrom("application_infrastructures as ai")
      .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
      .select("i.name")
      .where("ai.application_id", "=", id)
      .executeTakeFirstOrThrow();
    const owner = await api.db.selectFrom("users").select(["name", "surname", "organization_name"]).where("sub", "=", "demo-applicant").executeTakeFirstOrThrow();
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Grant of transnational access: ICEFLOW");
    expect(flat).toContain(`Dear ${owner.name} ${owner.surname},`);
    if (owner.organization_name) expect(flat).toContain(owner.organization_name);
    expect(flat).toContain('"Ice flow under a warming sky" (ICEFLOW)');
    expect(flat).toContain(`to the call "${OPEN_CALL}"`);
    expect(flat).toContain(`${infra.name}: 12 units for 3 participants, budget €4,500.50`);
    expect(flat).toContain("Total budget: €4,500.50");
    expect(flat).toMatch(/was granted on \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(flat).toMatch(/by \d{1,2} [A-Z][a-z]+ \d{4}, and upload/);
    expect(flat).not.toContain("{{");
    expect(flat).not.toContain("PREVIEW");
  });

  it("writes the grant agreement's and the call's French versions in a French letter, the English ones in an English letter (ADR 052)", async () => {
    await setSetting("grant-letter-template", "Agreement: {{grant_agreement}} Call: {{call}}");
    await setSetting("grant-agreement", "Agreement GA-101");
    await setSetting("grant-agreement-fr", "Convention GA-101");
    const call = await api.db.selectFrom("applications").select("call_id").where("id", "=", id).executeTakeFirstOrThrow();
    await api.db.updateTable("calls").set({ title_fr: "Appel de l’essai" }).where("id", "=", call.call_id).execute();
    const letter = async (lang: string) => (await pdfText(await (await get(id, "applicant", `?lang=${lang}`)).arrayBuffer())).replace(/\s+/g, " ");
    try {
      expect(await letter("fr")).toContain("Convention GA-101 Call: Appel de l’essai");
      expect(await letter("en")).toContain(`Agreement GA-101 Call: ${OPEN_CALL}`);
      await setSetting("grant-agreement-fr", "");
      await api.db.updateTable("calls").set({ title_fr: null }).where("id", "=", call.call_id).execute();
      expect(await letter("fr")).toContain(`Agreement GA-101 Call: ${OPEN_CALL}`);
    } finally {
      await api.db.updateTable("calls").set({ title_fr: null }).where("id", "=", call.call_id).execute();
      await setSetting("grant-letter-template", "");
      await setSetting("grant-agreement", "");
    }
  });

  it("writes dates and amounts in French with lang=fr", async () => {
    const text = (await pdfText(await (await get(id, "applicant", "?lang=fr")).arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toMatch(/budget 4[\s\u202f\u00a0]500,50[\s\u00a0]€/);
    expect(text).toMatch(/was granted on \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/);
  });

  it("is read by editors, admins and the staff of the accepting infrastructure, and by no one else", async () => {
    const got: Record<string, number> = {};
    for (const as of ["editor", "admin", "infrastructure-manager", "infrastructure-administrator", "applicant2", "evaluator", "viewer", "watchdog"]) {
      got[as] = (await get(id, as)).status;
    }
    // The demo manager runs the station and the vessel, the administrator every infrastructure but the vessel.
    const infra = await api.db
      .selectFrom("application_infrastructures as ai")
      .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
      .select(["i.manager_id", "i.id"])
      .where("ai.application_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(infra.manager_id).toBe(await userId(api, "infrastructure-manager"));
    expect(got).toEqual({
      editor: 200, admin: 200, "infrastructure-manager": 200, "infrastructure-administrator": 200,
      applicant2: 404, evaluator: 404, viewer: 404, watchdog: 404,
    });
    expect((await get(id)).status).toBe(401);
    expect((await get(2147483647, "editor")).status).toBe(404);
    expect((await api.call("GET", "/applications/grant-letter/0", { as: "editor" })).status).toBe(422);
    expect((await get(id, "editor", "?lang=de")).status).toBe(422);
  });

  it("is refused (403) to its reviewers and to the staff of an infrastructure that did not accept", async () => {
    const other = (await grantedWithFigures(api)).id;
    await assignReviewers(api, other, { evaluator: ["evaluator"], viewer: ["viewer"] });
    await api.db.updateTable("applications").set({ status: "granted" }).where("id", "=", other).execute();
    expect((await get(other, "evaluator")).status).toBe(403);
    expect((await get(other, "viewer")).status).toBe(403);
    // A second infrastructure that accepted, run by no demo user; the first refuses.
    const first = await api.db.selectFrom("application_infrastructures").selectAll().where("application_id", "=", other).executeTakeFirstOrThrow();
    const lab = await api.db.selectFrom("infrastructures").select("id").where("manager_id", "is", null).orderBy("id").executeTakeFirstOrThrow();
    await api.db
      .insertInto("application_infrastructures")
      .values({ application_id: other, infrastructure_id: lab.id, position: 1, draft_key: "second", sm_accepted: true, sm_units: 1, sm_participants: 1, sm_budget: "10" })
      .execute();
    await api.db.updateTable("application_infrastructures").set({ sm_accepted: false }).where("id", "=", first.id).execute();
    expect((await get(other, "infrastructure-manager")).status).toBe(403);
    const text = await pdfText(await (await get(other, "editor")).arrayBuffer());
    expect(text).not.toContain("12 units");
    expect(text).toContain("1 units for 1 participants, budget €10.00");
  });

  it("stays available after the grant: accepted, withdrawn, reporting, reported", async () => {
    for (const status of ["accepted", "withdrawn", "reporting", "reported"]) {
      await api.db.updateTable("applications").set({ status }).where("id", "=", id).execute();
      expect((await get(id, "applicant")).status, status).toBe(200);
    }
    for (const status of ["rejected", "canceled"]) {
      await api.db.updateTable("applications").set({ status }).where("id", "=", id).execute();
      const res = await get(id, "applicant");
      expect(res.status, status).toBe(404);
      expect(await errorOf(res)).toBe("grant-letter.not-granted");
    }
    await api.db.updateTable("applications").set({ status: "granted" }).where("id", "=", id).execute();
  });

  it("answers hostile ids and query strings with a 4xx or the letter, never a 5xx", async () => {
    const junk = fc.oneof(fc.string(), fc.constantFrom("1", "true", "fr", "en", "%00", "%ZZ", "x".repeat(5000), "__proto__", "1&preview=1"));
    const idText = fc.oneof(fc.constant(String(id)), fc.constantFrom("0", "-1", "1e3", "2147483648", "99999999999999999999", "%2F", "abc"));
    await fc.assert(
      fc.asyncProperty(idText, junk, junk, async (idPart, preview, lang) => {
        const res = await api.call("GET", `/applications/grant-letter/${idPart}?preview=${encodeURIComponent(preview)}&lang=${encodeURIComponent(lang)}`, { as: "editor" });
        await res.arrayBuffer();
        expect([200, 404, 422]).toContain(res.status);
      }),
      { numRuns: 40, seed: 7307 },
    );
  });

  it("is gone with a deleted application", async () => {
    const gone = (await grantedWithFigures(api)).id;
    await api.db.updateTable("applications").set({ deleted_at: sql`now()` }).where("id", "=", gone).execute();
    expect((await get(gone, "editor")).status).toBe(404);
    expect((await get(gone, "applicant")).status).toBe(404);
  });
});

describe("before the grant", () => {
  it("does not exist for the applicant or the editor; the editor previews it under evaluation", async () => {
    const app = await underEvaluationAccepted(api);
    for (const as of ["applicant", "editor"]) {
      const res = await get(app.id, as);
      expect(res.status, as).toBe(404);
      expect(await errorOf(res)).toBe("grant-letter.not-granted");
    }
    expect((await get(app.id, "applicant", "?preview=1")).status).toBe(404);
    expect((await get(app.id, "infrastructure-manager", "?preview=1")).status).toBe(404);
    expect((await get(app.id, "editor", "?preview=1")).status).toBe(200);
    const res = await get(app.id, "admin", "?preview=1");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="grant-letter-ICEFLOW-preview\.pdf"/);
    const text = (await pdfText(await res.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("PREVIEW: this application is not granted yet.");
    // Not granted yet: no grant date.
    expect(text).toContain("was granted on —.");
  });

  it("has no preview before the evaluation", async () => {
    const app = await submittedApplication(api, "applicant");
    const res = await get(app.id, "editor", "?preview=1");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe("grant-letter.not-granted");
  });
});

describe("the template", () => {
  it("fills the setting's placeholders, keeps an unknown one as typed, prints accented Latin (and ? for what the font lacks) and wraps long lines", async () => {
    const id = (await grantedWithFigures(api)).id;
    const long = "Le comité d’évaluation a particulièrement apprécié la qualité scientifique du projet. ".repeat(8);
    await setSetting(
      "grant-letter-template",
      `# Lettre d’attribution — {{acronym}}\nChère équipe de {{organization}},\n{{#infrastructures}}\n* {{infrastructure}} ({{units}}×)\n{{/infrastructures}}\n{{nope}}\n${long}\nŁódź, Ørsted, Ångström, naïve, œuvre.\nNot in the font: 漢字.`,
    );
    try {
      const text = await pdfText(await (await get(id, "applicant")).arrayBuffer());
      const lines = text.split("\n");
      expect(lines[0]).toBe("Lettre d’attribution — ICEFLOW");
      expect(text).toMatch(/\* .+ \(12×\)/);
      expect(text).toContain("{{nope}}");
      expect(text).toContain("Łódź, Ørsted, Ångström, naïve, œuvre.");
      expect(text).toContain("Not in the font: ??.");
      // The long paragraph fills several lines, none longer than the page allows.
      const paragraph = lines.filter((l) => l.includes("comité") || l.includes("qualité") || l.includes("apprécié"));
      expect(paragraph.length).toBeGreaterThan(4);
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(110);
    } finally {
      await setSetting("grant-letter-template", "");
    }
  });

  it("falls back to the default text when the setting is blank, and draws the project logo (none when its file is broken)", async () => {
    const id = (await grantedWithFigures(api)).id;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(demoLogoPng(32))], { type: "image/png" }), "logo.png");
    const upload = await api.call("POST", "/media/uploads", { as: "admin", form });
    expect(upload.status).toBe(201);
    await setSetting("grant-letter-template", "   ");
    await setSetting("project-logo", String((await upload.json()).id));
    try {
      // The second letter copies the logo the first one prepared.
      for (const as of ["applicant", "editor"]) {
        const bytes = new Uint8Array(await (await get(id, as)).arrayBuffer());
        expect(Buffer.from(bytes).toString("latin1").match(/\/Subtype\s*\/Image/g), as).toHaveLength(2); // the image and its transparency
        expect(await pdfText(bytes)).toContain("Grant of transnational access: ICEFLOW");
      }
      // A stored file that is not the image it claims to be (uploads are checked; a disk is not): the letter comes without a logo.
      const uuid = crypto.randomUUID();
      fs.mkdirSync(path.join(api.mediaDir, uuid.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(api.mediaDir, uuid.slice(0, 2), uuid), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
      const broken = await api.db.insertInto("media").values({ uuid, name: "broken.png", mime_type: "image/png", size: 7 }).returning("id").executeTakeFirstOrThrow();
      await setSetting("project-logo", String(broken.id));
      const res = await get(id, "applicant");
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).toString("latin1")).not.toMatch(/\/Subtype\s*\/Image/);
    } finally {
      await setSetting("grant-letter-template", "");
      await setSetting("project-logo", "");
    }
  });
});
