// An application's dossier as one zip (docs/decisions/041-dossier-zip.md,
// docs/api.md#dossiers): the application PDF and every file attached to the
// application that the reader may read, under readable names
// (SEABIRDLOG/appendices/research-plan.pdf); and, for the admin area, the
// dossiers of every application matching the staff list's filters, for a
// panel meeting. Who reads what is the media read rule (readableMedia, with
// the features' clauses the API passes in), never a rule of its own; the PDF
// is made by whatever `makePdf` is given.
import { Readable } from "node:stream";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError, forbidden } from "../errors";
import { COUNTERSIGNED_AGREEMENT } from "../acceptance/bodies";
import { orderedIds } from "../admin-applications/list.server";
import type { DossiersQuery } from "../admin-applications/query.server";
import { readableMedia, type LinkReadable } from "../media/media.server";
import { isAdminArea, type Actor } from "../users/roles";
import { portalDay } from "../dates";
import { DOSSIERS_MAX, DOSSIERS_MAX_BYTES } from "./limits";
import { extensionFor, safePart, ZipPaths } from "./zip-names";
import { readableApplication, type PdfLanguage } from "./application-pdf.server";
import { storedSources, streamZip, type ZipSource } from "./zip-stream.server";

export interface DossierPdf {
  filename: string;
  body: NodeJS.ReadableStream;
}
/** Makes the application PDF for `actor` (404 when they may not read the application). */
export type PdfMaker = (db: Db, actor: Actor, id: number, lang: PdfLanguage) => Promise<DossierPdf>;

export interface DossierDeps {
  db: Db;
  storage: MediaStorage;
  /** The features' clauses of the media read rule (app/api/media/routes.ts featureFiles). */
  readers: readonly LinkReadable[];
  makePdf: PdfMaker;
}


export interface DossierFile {
  id: number;
  uuid: string;
  name: string;
  mime_type: string;
  created_at: Date;
  collection: string;
  application_id: number;
  /** A countersigned agreement's infrastructure (short name, else name). */
  infrastructure: string | null;
}

/**
 * Every file attached to the applications `ids`: the application's own
 * collections (appendices, signed agreement, report files) and the
 * countersigned agreements of its infrastructures, in a stable order.
 */
async function filesOf(db: Db, ids: number[]): Promise<DossierFile[]> {
  if (!ids.length) return [];
  const texts = ids.map(String);
  const { rows } = await sql<DossierFile & { size: string }>`
    select m.id, m.uuid, m.name, m.mime_type, m.created_at, l.collection, cast(l.attached_to_id as integer) as application_id, null as infrastructure, l.position
    from media_links l join media m on m.id = l.media_id
    where l.attached_to_type = 'application' and l.attached_to_id in (${sql.join(texts)})
    union all
    select m.id, m.uuid, m.name, m.mime_type, m.created_at, l.collection, ai.application_id, coalesce(i.short_name, i.name), ai.id
    from media_links l join media m on m.id = l.media_id
      join application_infrastructures ai on cast(ai.id as text) = l.attached_to_id
      join infrastructures i on i.id = ai.infrastructure_id
    where l.attached_to_type = 'application_infrastructure' and l.collection = ${COUNTERSIGNED_AGREEMENT} and ai.application_id in (${sql.join(ids)})
    order by application_id, collection, position, id`.execute(db);
  return rows.map(({ size: _size, ...f }) => ({ ...f, created_at: new Date(f.created_at) }));
}

/** Of `files`, those `actor` may read (the media read rule). */
async function readable(deps: DossierDeps, actor: Actor, files: DossierFile[]): Promise<DossierFile[]> {
  const ok = await readableMedia(deps.db, actor, files.map((f) => f.id), deps.readers);
  return files.filter((f) => ok.has(f.id));
}

/** The total size of the files attached to `ids` (the bulk limit). */
async function bytesOf(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const { rows } = await sql<{ total: string | null }>`
    select sum(m.size) as total from media m where m.id in (
      select l.media_id from media_links l where l.attached_to_type = 'application' and l.attached_to_id in (${sql.join(ids.map(String))})
      union
      select l.media_id from media_links l join application_infrastructures ai on cast(ai.id as text) = l.attached_to_id
      where l.attached_to_type = 'application_infrastructure' and ai.application_id in (${sql.join(ids)}))`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

// Where each kind of file goes in an application's folder, and under what name.
const NAMED: Record<string, [folder: string, name: string]> = {
  research_plan: ["appendices", "research-plan"],
  group_leader_cv: ["appendices", "group-leader-cv"],
  data_man_draft: ["appendices", "data-management-plan"],
  recommendation_letter: ["appendices", "recommendation-letter"],
  signed_agreement: ["agreements", "signed-agreement"],
  countersigned_agreement: ["agreements", "countersigned-agreement"],
  scientific_report: ["report", "scientific-report"],
  data_man_final: ["report", "final-data-management-plan"],
};

/** The folder and name of `file` in its application's folder: by what it is; the extra information and anything unknown by its own (cleaned) name. */
function placeOf(file: DossierFile): [folder: string, name: string] {
  const named = NAMED[file.collection];
  if (!named) {
    const folder = file.collection === "extra_information" ? "appendices/extra-information" : "other";
    return [folder, safePart(file.name, `file-${file.id}.${extensionFor(file.name, file.mime_type)}`)];
  }
  const [folder, base] = named;
  const infrastructure = file.infrastructure ? `-${safePart(file.infrastructure.replace(/[/\\]/g, "-"), "infrastructure")}` : "";
  return [folder, `${base}${infrastructure}.${extensionFor(file.name, file.mime_type)}`];
}

/** The folder of an application in a zip: its acronym, else its number. */
export const folderOf = (app: { id: number; acronym: string | null }) =>
  safePart((app.acronym ?? "").replace(/[/\\]/g, "-"), `application-${app.id}`);

/** The files of one application's folder: the PDF first, then its files; a file whose bytes are gone is listed in missing-files.txt instead. */
async function* dossierSources(
  storage: MediaStorage,
  folder: string,
  pdf: () => Promise<DossierPdf>,
  files: DossierFile[],
  paths: ZipPaths,
): AsyncGenerator<ZipSource> {
  const made = await pdf();
  yield {
    path: paths.claim(folder, safePart(made.filename, `${folder}.pdf`)),
    mtime: new Date(),
    open: async () => (made.body instanceof Readable ? made.body : new Readable().wrap(made.body)),
  };
  const placed = files.map((file) => {
    const [sub, name] = placeOf(file);
    return { id: file.id, uuid: file.uuid, mtime: file.created_at, path: paths.claim(`${folder}/${sub}`, name) };
  });
  yield* storedSources(storage, placed, () => paths.claim(folder, "missing-files.txt"));
}

export interface ZipDownload {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * GET /api/downloadpdf/{id}: the application's dossier for `actor`. Everything
 * that can refuse (the reader, the files' list, the PDF's start) is done
 * before the first byte, so a refusal is an ordinary error answer.
 */
export async function dossierZip(deps: DossierDeps, actor: Actor, id: number, lang: PdfLanguage): Promise<ZipDownload> {
  // The application's one read rule, as its PDF has it: 404 before anything else.
  const app = await readableApplication(deps.db, actor, id);
  const files = await readable(deps, actor, await filesOf(deps.db, [app.id]));
  const pdf = await deps.makePdf(deps.db, actor, app.id, lang);
  const folder = folderOf(app);
  return { filename: `${folder}.zip`, body: streamZip(dossierSources(deps.storage, folder, async () => pdf, files, new ZipPaths()), `dossier of application ${app.id}`) };
}

/**
 * The dossiers of every live application matching the staff list's filters
 * `q` (in the list's order), for the admin area. Refused (422) with no match,
 * past DOSSIERS_MAX applications or past DOSSIERS_MAX_BYTES of files. Each
 * application's PDF is made when its turn comes.
 */
export async function dossiersZip(deps: DossierDeps, actor: Actor, q: DossiersQuery): Promise<ZipDownload> {
  if (!isAdminArea(actor)) throw forbidden();
  const apps = await orderedIds(deps.db, { ...q, trashed: undefined }, DOSSIERS_MAX + 1);
  if (!apps.length) throw new AppError(422, "errors.dossiers-none");
  if (apps.length > DOSSIERS_MAX) throw new AppError(422, "errors.dossiers-too-many");
  const ids = apps.map((a) => a.id);
  if ((await bytesOf(deps.db, ids)) > DOSSIERS_MAX_BYTES) throw new AppError(422, "errors.dossiers-too-large");
  const files = await readable(deps, actor, await filesOf(deps.db, ids));
  const paths = new ZipPaths();
  async function* all(): AsyncGenerator<ZipSource> {
    for (const app of apps) {
      const own = files.filter((f) => f.application_id === app.id);
      yield* dossierSources(deps.storage, app.acronym ? `${app.id}-${folderOf(app)}` : String(app.id), () => deps.makePdf(deps.db, actor, app.id, q.lang ?? "en"), own, paths);
    }
  }
  return { filename: `dossiers-${portalDay(new Date())}.zip`, body: streamZip(all(), "dossiers zip") };
}
