import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { Db } from "../database.server";
import { insertMedium } from "~/domain/media/media-records.server";
import type { MediaStorage } from "~/media/storage.server";
import type { CallFile } from "~/domain/calls/call-form";
import { day } from "./demo-day";
import { demoStorage, pdfBytes } from "./demo-media";

interface DemoCall {
  title: string;
  /** The French title (ADR 052); the description is made in both languages. */
  title_fr: string;
  status: "draft" | "publish" | "open" | "closed";
  open: number;
  close: number;
  infra: number[];
  remote?: boolean;
  countries: string[];
  switches: Partial<Record<"spare_berths_training" | "half_point_rating" | "data_management_training", boolean>>;
  templates?: boolean;
}

/** The open physical-access call: the demo applicant's applications are to it. */
export const OPEN_DEMO_CALL = "Transnational Access Call 2027: polar and marine";

// One call in each status (open twice: physical and remote), days relative to today.
const CALLS: DemoCall[] = [
  {
    title: OPEN_DEMO_CALL, title_fr: "Appel à l’accès transnational 2027 : polaire et marin", status: "open", open: -30, close: 60, infra: [0, 1, 3],
    countries: ["KP"], switches: { spare_berths_training: true, data_management_training: true }, templates: true,
  },
  {
    title: "Remote analyses call: isotopes and samples", title_fr: "Appel aux analyses à distance : isotopes et échantillons", status: "open", open: -5, close: 90, infra: [2], remote: true,
    countries: ["KP", "SY"], switches: { half_point_rating: true },
  },
  {
    title: "Transnational Access Call 2027 autumn", title_fr: "Appel à l’accès transnational 2027, automne", status: "publish", open: 45, close: 120, infra: [0, 2, 3],
    countries: ["KP"], switches: { data_management_training: true }, templates: true,
  },
  {
    title: "Transnational Access Call 2026", title_fr: "Appel à l’accès transnational 2026", status: "closed", open: -200, close: -100, infra: [0, 1],
    countries: ["KP"], switches: { spare_berths_training: true }, templates: true,
  },
  {
    title: "Transnational Access Call 2028 (in preparation)", title_fr: "Appel à l’accès transnational 2028 (en préparation)", status: "draft", open: 200, close: 260, infra: [1],
    countries: ["KP"], switches: {},
  },
];

/** Stores a generated PDF and links it to the call, unless that collection already has a file. */
async function ensureFile(db: Db, storage: MediaStorage | null, callId: number, collection: CallFile, name: string, lines: string[], userId: number) {
  const linked = await db
    .selectFrom("media_links")
    .select("id")
    .where("attached_to_type", "=", "call")
    .where("attached_to_id", "=", String(callId))
    .where("collection", "=", collection)
    .executeTakeFirst();
  if (linked) return;
  const bytes = pdfBytes(lines);
  const uuid = crypto.randomUUID();
  if (storage) await storage.put(uuid, Readable.from([bytes]), bytes.length + 1);
  const medium = await insertMedium(db, { uuid, name, mime_type: "application/pdf", size: bytes.length }, userId);
  await db
    .insertInto("media_links")
    .values({ media_id: medium.id, attached_to_type: "call", attached_to_id: String(callId), collection, position: 0 })
    .execute();
}

/**
 * Calls in every status with all their fields, infrastructures and documents.
 * Idempotent: an existing call (matched by title, deleted ones included) keeps
 * what editors changed; only a missing acceptance agreement is added.
 */
export async function seedCalls(db: Db, users: Map<string, number>, infra: number[]): Promise<void> {
  const editor = users.get("editor") ?? null;
  const storage = demoStorage();
  for (const c of CALLS) {
    let id = (await db.selectFrom("calls").select("id").where("title", "=", c.title).executeTakeFirst())?.id;
    const french = {
      title_fr: c.title_fr,
      description_fr: `${c.title_fr}. Les équipes de recherche des pays éligibles peuvent demander un accès ${c.remote ? "à distance" : "sur place"} aux infrastructures ci-dessous.`,
    };
    // A demo made before calls had a French version gets it; one written since is kept.
    if (id !== undefined) await db.updateTable("calls").set(french).where("id", "=", id).where("title_fr", "is", null).execute();
    if (id === undefined) {
      const row = await db
        .insertInto("calls")
        .values({
          user_id: editor,
          title: c.title,
          description: `${c.title}. Research groups from eligible countries may apply for ${c.remote ? "remote" : "physical"} access to the infrastructures below.`,
          ...french,
          status: c.status,
          open_at: day(c.open),
          close_at: day(c.close),
          // The access period: from the call's opening (the demo's accesses start a month from today) to a year after it closes.
          start_at: day(c.open),
          end_at: day(c.close + 330),
          physical_access: !c.remote,
          remote_access: Boolean(c.remote),
          evaluation_date: day(c.close + 21),
          evaluation_manager_date: day(c.close + 28),
          acceptance_date: day(c.close + 45),
          sm_reminder_date: day(c.close + 35),
          user_report_days: 30,
          unauthorized_countries: c.countries,
          ri_training: true,
          new_publications: true,
          data_management_plan: true,
          ...c.switches,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = row.id;
      await db
        .insertInto("call_infrastructures")
        .values(c.infra.map((i) => ({ call_id: row.id, infrastructure_id: infra[i] })))
        .execute();
      if (c.templates && editor !== null) {
        await ensureFile(db, storage, id, "scientific_report_template", "scientific-report-template.pdf", [
          `Scientific report template: ${c.title}`, "1. Objectives of the access", "2. Work done and results", "3. Publications and data",
        ], editor);
        await ensureFile(db, storage, id, "data_man_template", "data-management-plan-template.pdf", [
          `Data management plan template: ${c.title}`, "1. Data collected", "2. Storage and sharing", "3. Long-term preservation",
        ], editor);
      }
    }
    if (editor !== null) {
      await ensureFile(db, storage, id, "acceptance_agreement", "acceptance-agreement.pdf", [
        `Acceptance agreement: ${c.title}`, "The group leader accepts the grant and the conditions of access", "Signature and date:",
      ], editor);
    }
  }
}
