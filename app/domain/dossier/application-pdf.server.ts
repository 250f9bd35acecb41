// The whole application as a PDF, at any stage (docs/api.md#application-pdf,
// ADR 040): what its readers see on its review page (call, status and
// timeline, project, user group, logistics, costs with totals, publications,
// the list of appendices), in the reader's language, a draft marked "Draft"
// on every page. Who may read it is who may read the application
// (readableApplication); nothing is written before that is settled.
import { buffer } from "node:stream/consumers";
import type { Db } from "~/db/database.server";
import type { MediaStorage } from "~/media/storage.server";
import { i18nextFor } from "~/i18n/i18next.server";
import { AppError } from "../errors";
import { getApplication, type ApplicationView } from "../applications/application-read.server";
import { staffedOf } from "../acceptance/who.server";
import { isAdminArea, type Actor } from "../users/roles";
import { assistantFieldLabel } from "../assistant/labels";
import { originsOf, type AssistantRecord, type FieldOrigin } from "../assistant/provenance";
import { getSettings } from "../settings/settings.server";
import { fieldName } from "../applications/field-labels";
import type { SectionKey } from "../applications/steps";
import { MEMBER_COUNTRY_FIELDS, MEMBER_FIELDS, memberLabel } from "../applications/members";
import { orcidLink } from "../users/orcid";
import type { MemberDraft } from "../applications/step-group";
import type { AccessDraft } from "../applications/step-logistics";
import { trainingsAsked, TRAININGS } from "../applications/accesses";
import { costsByAccess, totalCents } from "../applications/costs";
import { decimalOf, formatEuro } from "../applications/money";
import { dataManagementPlanAsked, LIST_APPENDICES, SINGLE_APPENDICES } from "../applications/appendices";
import { lookupKey, type LookupList } from "../lookups/lists";
import { countryName } from "../countries/country-names";
import { formatDay, isDay, portalDay } from "../days";
import { taggedPdf, type Writer } from "./tagged-pdf.server";
import { localizeField } from "../localized";

export type PdfLanguage = "en" | "fr";

/**
 * The application as `actor` may read it, by the application's one read rule:
 * its owner, the admin area and its reviewers (getApplication), and the staff
 * of its infrastructures once they see it (staffedOf), who read it as the
 * staff screens do. 404 for anyone else, and for an application that is not.
 */
export async function readableApplication(db: Db, actor: Actor, id: number): Promise<ApplicationView> {
  try {
    return await getApplication(db, id, actor);
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404 || !(await staffedOf(db, id, actor)).length) throw err;
    // As readDecisions does: the applicant's read model does not know infrastructure staff.
    return getApplication(db, id, { ...actor, roles: [...actor.roles, "editor"] });
  }
}

/** The acronym as a file name ("SEABIRDLOG.pdf"): letters, digits, "-" and "_"; `application-<id>.pdf` when nothing is left. */
export function pdfFileName(acronym: string | null | undefined, id: number): string {
  const name = (acronym ?? "").normalize("NFC").replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 80);
  return `${name || `application-${id}`}.pdf`;
}

async function logoBytes(db: Db, storage: MediaStorage | undefined, mediumId: string): Promise<Buffer | null> {
  if (!storage || !/^[1-9]\d{0,8}$/.test(mediumId)) return null;
  const medium = await db.selectFrom("media").select(["uuid", "mime_type"]).where("id", "=", Number(mediumId)).executeTakeFirst();
  if (!medium || !["image/png", "image/jpeg"].includes(medium.mime_type)) return null;
  try {
    return await buffer(await storage.get(medium.uuid));
  } catch {
    return null;
  }
}

/**
 * GET /api/applications/pdf/{id}: the application as a tagged PDF, its bytes
 * streamed. Throws AppError (404) before any byte when the actor may not read
 * it. `storage`, when given, lends the portal's logo.
 */
export async function applicationPdf(
  db: Db,
  actor: Actor,
  id: number,
  lang: PdfLanguage,
  storage?: MediaStorage,
): Promise<{ filename: string; body: NodeJS.ReadableStream }> {
  const [app, settings] = await Promise.all([readableApplication(db, actor, id), getSettings(db)]);
  const [logo, assistant] = await Promise.all([logoBytes(db, storage, settings["project-logo"]), isAdminArea(actor) ? assistantFilled(db, app) : null]);
  const doc = writeApplication(app, { lang, portal: settings["project-name"], logo, assistant });
  return { filename: pdfFileName(app.acronym, app.id), body: doc };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the assistant filled in the application and what became of each field (docs/decisions/042-assistant-pre-fill.md), for the admin area's copy. */
interface AssistantFilled {
  at: string;
  fields: { field: string; origin: FieldOrigin }[];
}

async function assistantFilled(db: Db, app: ApplicationView): Promise<AssistantFilled | null> {
  const row = await db.selectFrom("applications").select("ai_response").where("id", "=", app.id).executeTakeFirst();
  const record = (row?.ai_response ?? null) as AssistantRecord | null;
  return record ? { at: record.at, fields: originsOf(record, app.draft) } : null;
}

/** The document itself (pure: no database), ended; its bytes flow from the returned stream. */
export function writeApplication(app: ApplicationView, options: { lang: PdfLanguage; portal: string; logo: Buffer | null; assistant?: AssistantFilled | null }) {
  const { lang, portal } = options;
  const i18n = i18nextFor(lang);
  const t = i18n.getFixedT(lang) as unknown as Translate;
  const label = (section: SectionKey, name: string) => fieldName(i18n.t, i18n, section, name);
  const lookup = (list: LookupList, value: string) => t(lookupKey(list, value), { defaultValue: value });
  const empty = t("users.not-given");
  const yesNo = (v: boolean | undefined) => t(v ? "common.yes" : "common.no");
  const euro = (cents: number) => formatEuro(cents, lang);
  const day = (v: string | undefined) => (v && isDay(v) ? formatDay(v, lang) : v);
  const name = app.acronym || app.title || t("wizard.untitled");
  const draft = app.draft;
  const isDraft = app.status === "draft";
  // The call in the document's language, else in English marked as such (ADR 052).
  const call = localizeField(lang, app.call, "title");

  const w = taggedPdf({
    title: t("application-pdf.title", { name }),
    author: portal,
    subject: t("application-pdf.subject", { call: call.text }),
    lang,
    header: `${portal} · ${t("application-pdf.title", { name })}`,
    mark: isDraft ? t("applications.status.draft") : undefined,
    pageLabel: (n, count) => t("application-pdf.page", { n, count }),
    logo: options.logo,
    labelSeparator: t("typography.label-value", { label: "", value: "" }),
  });

  w.heading(1, t("wizard.title", { name }));
  w.fact(t("review-page.call"), call.text, empty, call.lang);
  w.fact(t("review-page.title-field"), app.title, empty);
  w.fact(t("review-page.status"), t(`applications.status.${app.status}`), empty);
  w.fact(t("application-pdf.applicant"), app.owner.display_name, empty);
  w.fact(t("review-page.submitted"), app.submitted_at ? formatDay(portalDay(new Date(app.submitted_at)), lang) : null, empty);
  w.fact(t("review-page.changed"), formatDay(portalDay(new Date(app.updated_at)), lang), empty);

  w.heading(2, t("application-pdf.timeline"));
  // Each status the application has had, from its creation (a draft) on.
  const changes = app.history.length ? app.history : [{ to_status: app.status, created_at: app.created_at }];
  w.list(changes.map((h) => t("application-pdf.change", { date: formatDay(portalDay(new Date(h.created_at)), lang), status: t(`applications.status.${h.to_status}`) })));

  w.heading(2, t("wizard.steps.terms"));
  w.fact(t("terms-step.accept"), yesNo(draft.terms?.termsandconditions), empty);

  writeProject(w, app, { t, label, lookup, empty });
  writeGroup(w, app, { t, label, lookup, empty, yesNo, lang });
  writeLogistics(w, app, { t, label, empty, day });
  writeCosts(w, app, { t, label, lookup, empty, euro });
  writePublications(w, app, { t, label, lookup, empty });
  writeAppendices(w, app, { t, label, empty });
  if (options.assistant) writeAssistant(w, options.assistant, t, lang);
  return w.finish();
}

/** The admin area's copy says which fields the assistant filled and whether the applicant kept or edited them. */
function writeAssistant(w: Writer, filled: AssistantFilled, t: Translate, lang: PdfLanguage) {
  w.heading(2, t("assistant.staff-title"));
  w.paragraph(t("assistant.used-note", { date: formatDay(portalDay(new Date(filled.at)), lang) }));
  if (filled.fields.length) w.list(filled.fields.map(({ field, origin }) => t("typography.label-value", { label: assistantFieldLabel(t, field), value: t(`assistant.${origin}`) })));
}

interface Texts {
  t: Translate;
  label: (section: SectionKey, name: string) => string;
  lookup: (list: LookupList, value: string) => string;
  empty: string;
}

function writeProject(w: Writer, app: ApplicationView, { t, label, lookup, empty }: Texts) {
  const p = app.draft.project ?? {};
  const keywords = (p.activity_keywords ?? []).filter((k): k is string => Boolean(k));
  const l = (f: string) => label("project", f);
  w.heading(2, t("wizard.steps.project"));
  w.fact(l("acronym"), p.acronym, empty);
  w.fact(l("title"), p.title, empty);
  w.fact(l("description"), p.description, empty);
  w.fact(l("discipline"), p.discipline ? `${p.discipline} ${lookup("activity-fields", p.discipline)}` : undefined, empty);
  w.fact(l("activity_keywords"), keywords.join(", "), empty);
  w.fact(l("eu_ta_funding"), p.eu_ta_funding, empty);
  w.fact(l("previous_description"), p.previous_description, empty);
  w.fact(l("previous_program"), p.previous_program, empty);
}

const MEMBER_LOOKUPS: Partial<Record<keyof MemberDraft, LookupList>> = {
  gender: "genders",
  researcher_status: "researcher-status",
  organization_type: "organization-type",
};

function writeGroup(w: Writer, app: ApplicationView, { t, label, lookup, empty, yesNo, lang }: Texts & { yesNo: (v: boolean | undefined) => string; lang: PdfLanguage }) {
  const members = app.draft.group?.members ?? [];
  const l = (f: string) => label("group", f);
  w.heading(2, t("wizard.steps.user-group"));
  if (!members.length) w.paragraph(t("review-fields.no-members"), { muted: true });
  members.forEach((m, i) => {
    const word = t("review-fields.rows.member", { n: i + 1 });
    const named = m.name || m.surname ? ` · ${memberLabel(m, i, word)}` : "";
    w.heading(3, `${word}${named}${m.leader ? ` (${t("review-fields.leader-badge")})` : ""}`);
    for (const f of MEMBER_FIELDS) {
      const v = m[f];
      const orcid = f === "orcid" ? orcidLink(v) : undefined;
      if (orcid) {
        w.orcidFact(l(f), orcid);
        continue;
      }
      let text = v === undefined || v === null ? undefined : String(v);
      if (text && (MEMBER_COUNTRY_FIELDS as readonly string[]).includes(f)) text = countryName(text, lang);
      else if (text && MEMBER_LOOKUPS[f]) text = lookup(MEMBER_LOOKUPS[f], text);
      w.fact(l(f), text, empty);
    }
    w.fact(l("leader"), yesNo(m.leader), empty);
    w.fact(l("young"), yesNo(m.young), empty);
    w.fact(l("is_consortium"), yesNo(m.is_consortium), empty);
  });
}

/** Fields every access shows (blank or not); the others only when filled (as the review page). */
const ALWAYS = ["type", "member", "date_from", "date_to", "requested_units", "cofunding_available", "justification"] as const;
const WHEN_FILLED = [
  "cofunding_description", "ri_training", "data_management_training", "spare_berths_training", "travel_route_and_means",
  "available_season", "bring_equipment", "need_equipment", "contacted_ri_operator",
] as const;

const infrastructureName = (app: ApplicationView, id: string | undefined) => (id ? (app.infrastructures.find((x) => String(x.id) === id)?.name ?? id) : undefined);

/** "Access 2 at ERIC X". */
function accessName(app: ApplicationView, t: Translate, infrastructureIndex: number, accessIndex: number) {
  const row = app.draft.logistics?.infrastructures?.[infrastructureIndex];
  const infrastructure = infrastructureName(app, row?.infrastructure_id) ?? t("review-fields.rows.infrastructure", { n: infrastructureIndex + 1 });
  return t("review-fields.rows.access-at", { n: accessIndex + 1, infrastructure });
}

function writeLogistics(w: Writer, app: ApplicationView, { t, label, empty, day }: Omit<Texts, "lookup"> & { day: (v: string | undefined) => string | undefined }) {
  const rows = app.draft.logistics?.infrastructures ?? [];
  const members = app.draft.group?.members ?? [];
  const asked: readonly string[] = trainingsAsked(app.call, app.settings);
  const word = t("review-fields.rows.member", { n: 1 }).replace(/\s*1$/, "");
  const l = (f: string) => label("logistics", f);
  const text = (access: AccessDraft, f: keyof AccessDraft): string | undefined => {
    const v = access[f];
    if (!v || typeof v !== "string") return undefined;
    if (f === "type") return v === "physical" || v === "remote" ? t(`apply.access-${v}`) : v;
    if (f === "member") {
      const i = members.findIndex((m) => m.key === v);
      return i < 0 ? v : memberLabel(members[i], i, word);
    }
    if (f === "date_from" || f === "date_to") return day(v);
    if (f === "cofunding_available" || f === "contacted_ri_operator") return v === "yes" ? t("common.yes") : v === "no" ? t("common.no") : v;
    return v;
  };
  w.heading(2, t("wizard.steps.logistics"));
  if (!rows.length) w.paragraph(t("review-fields.no-infrastructures"), { muted: true });
  rows.forEach((row, i) => {
    const named = infrastructureName(app, row.infrastructure_id);
    w.heading(3, `${t("review-fields.rows.infrastructure", { n: i + 1 })}${named ? ` · ${named}` : ""}`);
    w.fact(l("second_choice_id"), infrastructureName(app, row.second_choice_id), empty);
    const accesses = row.accesses ?? [];
    if (!accesses.length) w.paragraph(t("review-fields.no-accesses"), { muted: true });
    accesses.forEach((access, j) => {
      w.paragraph(accessName(app, t, i, j), { bold: true });
      const shown = [...ALWAYS, ...WHEN_FILLED.filter((f) => access[f] && (!(TRAININGS as readonly string[]).includes(f) || asked.includes(f)))];
      for (const f of shown) w.fact(l(f), text(access, f), empty);
    });
  });
}

function writeCosts(w: Writer, app: ApplicationView, { t, label, lookup, empty, euro }: Texts & { euro: (cents: number) => string }) {
  const rows = costsByAccess(app.draft.costs, { draft: app.draft });
  const l = (f: string) => label("costs", f);
  const lv = (name: string, value: string) => t("typography.label-value", { label: name, value });
  w.heading(2, t("wizard.steps.costs"));
  if (!rows.length) w.paragraph(t("review-fields.no-accesses"), { muted: true });
  let all = 0;
  for (const r of rows) {
    w.heading(3, accessName(app, t, r.infrastructureIndex, r.accessIndex));
    if (!r.costs.length) w.paragraph(t("review-fields.no-costs"), { muted: true });
    w.list(
      r.costs.map((c) => {
        const per = decimalOf(c.cost);
        const parts = [
          lv(l("cost"), per === undefined ? (c.cost ?? empty) : euro(Math.round(per * 100))),
          c.cost_type ? lv(l("cost_type"), t(`infrastructure-cost-calculation.${c.cost_type}`, { defaultValue: c.cost_type })) : "",
          c.unit_number ? lv(l("unit_number"), String(c.unit_number)) : "",
          c.unit_type ? lv(l("unit_type"), c.unit_type) : "",
          c.notes ? lv(l("notes"), c.notes) : "",
        ];
        return `${c.item ? lookup("cost-labels", c.item) : empty} (${parts.filter(Boolean).join("; ")})`;
      }),
    );
    const total = totalCents(r.costs);
    all += total;
    w.paragraph(t("review-fields.access-total", { amount: euro(total) }), { bold: true });
  }
  w.paragraph(t("review-fields.application-total", { amount: euro(all) }), { bold: true });
}

function writePublications(w: Writer, app: ApplicationView, { t, label, lookup, empty }: Texts) {
  const p = app.draft.publications ?? {};
  const l = (f: string) => label("publications", f);
  const top = (p.top_five ?? []).filter((x): x is string => Boolean(x?.trim()));
  w.heading(2, t("wizard.steps.publications"));
  w.fact(l("planned_publications"), p.planned_publications, empty);
  if (top.length) {
    w.paragraph(l("top_five"), { bold: true });
    w.list(top);
  } else w.fact(l("top_five"), undefined, empty);
  w.fact(l("working_region"), (p.working_region ?? []).map((r) => lookup("working-region", r)).join(", "), empty);
  w.fact(l("working_area_text"), p.working_area_text, empty);
}

function writeAppendices(w: Writer, app: ApplicationView, { t, label, empty }: Omit<Texts, "lookup">) {
  const a = app.draft.appendices ?? {};
  const l = (f: string) => label("appendices", f);
  // The names of the files the reader is told of (getApplication narrows them per reader).
  const file = (id: number | undefined) => (id === undefined ? undefined : (app.media.find((m) => m.id === id)?.name ?? `#${id}`));
  const singles = SINGLE_APPENDICES.filter((f) => f !== "data_man_draft" || dataManagementPlanAsked(app.call, app.settings) || a.data_man_draft !== undefined);
  w.heading(2, t("wizard.steps.appendices"));
  for (const f of singles) w.fact(l(f), file(a[f]), empty);
  for (const f of LIST_APPENDICES) {
    const names = (a[f] ?? []).map(file).filter((n): n is string => Boolean(n));
    if (names.length) {
      w.paragraph(l(f), { bold: true });
      w.list(names);
    } else w.fact(l(f), undefined, empty);
  }
}
