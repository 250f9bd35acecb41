// The report's publications (docs/lifecycle.md#publications): any number (up to
// PUBLICATIONS_MAX), added and removed by the application's owner from
// reporting on, after the report is submitted and once reported too, while
// the publications setting is yes and the call's new_publications asks for
// them; read by whoever reads the report.
import type { Db } from "~/db/database.server";
import { AppError, notFound } from "../errors";
import { invalid, versionNow } from "../write.server";
import type { Reader } from "../applications/application-read.server";
import { ownApplication } from "../acceptance/who.server";
import { reportAsks } from "./report.server";
import { readerOf } from "./reported-read.server";
import { bareDoi, PUBLICATIONS_MAX, type PublicationInput } from "./publication-bodies";
import { doiServiceConfig } from "./doi-metadata.server";

const OPEN_STATUSES = ["reporting", "reported"];
const COLUMNS = ["id", "title", "references", "year", "publication_type", "authors", "web_address", "doi", "updated_at"] as const;
const iso = (at: Date | string) => new Date(at).toISOString();

export async function listPublications(db: Db, id: number, user: Reader) {
  await readerOf(db, id, user);
  const rows = await db.selectFrom("publications").select([...COLUMNS]).where("application_id", "=", id).orderBy("id").execute();
  const app = await db.selectFrom("applications").innerJoin("calls", "calls.id", "applications.call_id").select(["applications.status", "applications.user_id", "calls.new_publications", "calls.data_management_plan"]).where("applications.id", "=", id).executeTakeFirstOrThrow();
  const asked = (await reportAsks(db, app)).publications;
  return {
    id,
    asked,
    can_edit: asked && app.user_id === user.id && OPEN_STATUSES.includes(app.status),
    max: PUBLICATIONS_MAX,
    publications: rows.map((p) => ({ ...p, updated_at: iso(p.updated_at) })),
    doi_metadata: doiServiceConfig() !== null,
  };
}

/** The owner's application, open for publications (409 before reporting; 422 when they are not asked for). */
async function openFor(trx: Db, id: number) {
  const app = await trx
    .selectFrom("applications")
    .innerJoin("calls", "calls.id", "applications.call_id")
    .select(["applications.status", "calls.new_publications", "calls.data_management_plan"])
    .where("applications.id", "=", id)
    .forUpdate(["applications"])
    .executeTakeFirstOrThrow();
  if (!OPEN_STATUSES.includes(app.status)) throw new AppError(409, "reporting.errors.not-started");
  if (!(await reportAsks(trx, app)).publications) throw new AppError(422, "reporting.errors.publications-not-asked");
}

const values = (input: PublicationInput) => ({
  title: input.title.trim(),
  references: input.references?.trim() || null,
  year: input.year ?? null,
  publication_type: input.publication_type ?? null,
  authors: input.authors?.trim() || null,
  web_address: input.web_address?.trim() || null,
  doi: input.doi ? bareDoi(input.doi)! : null,
});

/** POST /api/applications/{id}/publications (the body parsed by the API's contract). */
export async function addPublication(db: Db, id: number, user: Reader, input: PublicationInput) {
  await ownApplication(db, id, user);
  return db.transaction().execute(async (trx) => {
    await openFor(trx, id);
    const { n } = await trx.selectFrom("publications").select((eb) => eb.fn.countAll<number>().as("n")).where("application_id", "=", id).executeTakeFirstOrThrow();
    if (Number(n) >= PUBLICATIONS_MAX) throw invalid({ title: ["validation.too-many"] });
    const row = await trx.insertInto("publications").values({ application_id: id, created_by: user.id, ...values(input) }).returning([...COLUMNS]).executeTakeFirstOrThrow();
    return { ...row, updated_at: iso(row.updated_at) };
  });
}

/** The publication and its application, for its owner only (404 otherwise, as for the application). */
export async function ownPublication(db: Db, publicationId: number, user: Reader) {
  const p = await db.selectFrom("publications").select(["id", "application_id"]).where("id", "=", publicationId).executeTakeFirst();
  if (!p) throw notFound();
  await ownApplication(db, p.application_id, user);
  return p;
}

/** PUT /api/publications/{id} (the body parsed by the API's contract). */
export async function updatePublication(db: Db, publicationId: number, user: Reader, input: PublicationInput) {
  const p = await ownPublication(db, publicationId, user);
  return db.transaction().execute(async (trx) => {
    await openFor(trx, p.application_id);
    const row = await trx.updateTable("publications").set({ ...values(input), updated_at: versionNow() }).where("id", "=", p.id).returning([...COLUMNS]).executeTakeFirstOrThrow();
    return { ...row, updated_at: iso(row.updated_at) };
  });
}

export async function removePublication(db: Db, publicationId: number, user: Reader) {
  const p = await ownPublication(db, publicationId, user);
  await db.transaction().execute(async (trx) => {
    await openFor(trx, p.application_id);
    await trx.deleteFrom("publications").where("id", "=", p.id).execute();
  });
  return { deleted: true };
}
