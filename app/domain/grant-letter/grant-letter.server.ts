// GET /api/applications/grant-letter/{id}: who may read it (letter-access.ts),
// what fills the template (template.ts), the PDF (render-pdf.server.ts).
import { buffer } from "node:stream/consumers";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { MediaStorage } from "~/media/storage.server";
import { todayIso, portalDay } from "../days";
import { notFound } from "../errors";
import { getSettings } from "../settings/settings.server";
import { settingFor } from "../settings/settings";
import { localizeField } from "../localized";
import { isAdminArea, type Actor } from "../users/roles";
import { DEFAULT_GRANT_LETTER_TEMPLATE } from "./default-template";
import { letterAccess } from "./letter-access";
import type { LogoSource } from "./logo-image.server";
import { renderLetterPdf } from "./render-pdf.server";
import { fillTemplate, letterBlocks, type LetterData, type LetterLocale } from "./template";

export type LetterUser = Actor;

const applicationOf = (db: Db, id: number, userId: number) =>
  db
    .selectFrom("applications as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select(["a.id", "a.status", "a.user_id", "a.acronym", "a.title", "c.title as call_title", "c.title_fr as call_title_fr", "c.acceptance_date"])
    .select(["u.name", "u.surname", "u.display_name", "u.email", "u.organization_name"])
    .select(sql<boolean>`exists(select 1 from application_reviewers r where r.application_id = a.id and r.user_id = ${userId})`.as("is_reviewer"))
    .select(
      sql<string | null>`(select max(h.created_at) from application_history h where h.application_id = a.id and h.to_status = 'granted')`.as("granted_at"),
    )
    .where("a.id", "=", id)
    .where("a.deleted_at", "is", null)
    .executeTakeFirst();

// Each requested infrastructure with its decision, its eligible accesses' first
// and last days, and whether the reader is on its staff.
const infrastructuresOf = (db: Db, id: number, userId: number) =>
  db
    .selectFrom("application_infrastructures as ai")
    .innerJoin("infrastructures as i", "i.id", "ai.infrastructure_id")
    .select(["i.name", "ai.sm_accepted", "ai.sm_units", "ai.sm_participants", "ai.sm_budget", "ai.ta_units", "ai.ta_participants", "ai.ta_budget"])
    .select(
      sql<boolean>`(i.manager_id = ${userId} or exists(select 1 from infrastructure_administrators ia where ia.infrastructure_id = i.id and ia.user_id = ${userId}))`.as(
        "is_staff",
      ),
    )
    .select(sql<string | null>`(select min(x.date_from) from accesses x where x.application_infrastructure_id = ai.id and x.eligible is not false)`.as("access_from"))
    .select(sql<string | null>`(select max(x.date_to) from accesses x where x.application_infrastructure_id = ai.id and x.eligible is not false)`.as("access_to"))
    .where("ai.application_id", "=", id)
    .orderBy("ai.position")
    .orderBy("ai.id")
    .execute();

/** The project-logo setting's stored image, read only when no letter has drawn it yet (logo-image.server.ts). */
async function projectLogo(db: Db, storage: MediaStorage, mediumId: string): Promise<LogoSource | null> {
  if (!/^[1-9]\d{0,8}$/.test(mediumId)) return null;
  const medium = await db.selectFrom("media").select(["uuid", "mime_type"]).where("id", "=", Number(mediumId)).executeTakeFirst();
  if (!medium) return null;
  return { key: medium.uuid, mimeType: medium.mime_type, bytes: async () => new Uint8Array(await buffer(await storage.get(medium.uuid))) };
}

const dayOf = (value: string | Date | null) => (value === null ? null : portalDay(new Date(value)));

export interface GrantLetter {
  pdf: Uint8Array;
  fileName: string;
  preview: boolean;
}

/** The application's grant letter as the reader may have it (AppError otherwise). */
export async function grantLetter(
  deps: { db: Db; storage: MediaStorage },
  user: LetterUser,
  id: number,
  options: { preview: boolean; locale: LetterLocale },
): Promise<GrantLetter> {
  const { db, storage } = deps;
  const [app, infrastructures, settings] = await Promise.all([applicationOf(db, id, user.id), infrastructuresOf(db, id, user.id), getSettings(db)]);
  const accepted = infrastructures.filter((i) => i.sm_accepted === true);
  if (!app) throw notFound();
  const access = letterAccess(
    app.status,
    {
      isOwner: app.user_id === user.id,
      isStaff: isAdminArea(user),
      hostsAccess: accepted.some((i) => i.is_staff),
      otherInfrastructureStaff: infrastructures.some((i) => i.is_staff),
      isReviewer: app.is_reviewer,
    },
    options.preview,
  );
  if (typeof access !== "string") throw access;

  const data: LetterData = {
    projectName: settings["project-name"],
    applicant: [app.name, app.surname].filter(Boolean).join(" ") || app.display_name || app.email,
    organization: app.organization_name ?? "",
    acronym: app.acronym ?? "",
    title: app.title ?? "",
    // The call's name in the letter's language too, else its English title (ADR 052).
    call: localizeField(options.locale, app, "call_title").text,
    letterDate: todayIso(),
    grantDate: dayOf(app.granted_at),
    acceptanceDate: app.acceptance_date,
    // In the letter's language, else the English text (ADR 052).
    grantAgreement: settingFor((k) => settings[k], "grant-agreement", options.locale).text,
    // The infrastructure's own figures; the panel's until it has decided on them.
    infrastructures: accepted.map((i) => ({
      name: i.name,
      units: i.sm_units ?? i.ta_units,
      participants: i.sm_participants ?? i.ta_participants,
      budget: i.sm_budget ?? i.ta_budget,
      accessFrom: i.access_from,
      accessTo: i.access_to,
    })),
  };
  const template = settings["grant-letter-template"].trim() ? settings["grant-letter-template"] : DEFAULT_GRANT_LETTER_TEMPLATE;
  const preview = access === "preview";
  const pdf = await renderLetterPdf(letterBlocks(fillTemplate(template, data, options.locale)), await projectLogo(db, storage, settings["project-logo"]), {
    title: `${settings["project-name"]}: ${app.acronym ?? id}`,
    author: settings["project-name"],
    banner: preview ? PREVIEW_BANNER[options.locale] : undefined,
  });
  const name = (app.acronym ?? "").replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "") || String(id);
  return { pdf, fileName: `grant-letter-${name}${preview ? "-preview" : ""}.pdf`, preview };
}

// In the letter itself, in the letter's language (the API has no translator).
const PREVIEW_BANNER: Record<LetterLocale, string> = {
  en: "PREVIEW: this application is not granted yet.",
  fr: "APERÇU\u00a0: cette candidature n’est pas encore retenue.",
};
