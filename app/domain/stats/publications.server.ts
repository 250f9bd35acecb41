// The publications of the applications the statistics filter keeps (GET
// /api/applications/publications): the ones their owners list in the report
// (docs/lifecycle.md#publications; the wizard's five past publications are
// the group's record, not the access's outcome, and are not counted), a page
// of them at a time (every one in the download), and how many there are by
// year and by type. SQL at request time.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { offsetOf, pageMeta, type Paging } from "../list-query.server";
import { getSettings } from "../settings/settings.server";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

export interface PublicationRow {
  id: number;
  year: number | null;
  publication_type: string | null;
  title: string;
  authors: string | null;
  /** The bare DOI (10.…), a link to https://doi.org/ on screen. */
  doi: string | null;
  web_address: string | null;
  application_id: number;
  acronym: string | null;
  call_id: number;
  call_title: string;
}

const ofMatching = (db: Db, f: StatsFilter) => statsMatching(db, f).innerJoin("publications as p", "p.application_id", "a.id");

/** Every publication of the matching applications, the newest year first (no year last). */
export function publicationsQuery(db: Db, f: StatsFilter) {
  return ofMatching(db, f)
    .innerJoin("calls as c", "c.id", "a.call_id")
    .select([
      "p.id", "p.year", "p.publication_type", "p.title", "p.authors", "p.doi", "p.web_address",
      "a.id as application_id", "a.acronym", "c.id as call_id", "c.title as call_title",
    ])
    .orderBy(sql`p.year desc nulls last`)
    .orderBy("p.id", "desc");
}

/** How many by year, the newest first, no year last. */
export const publicationsByYear = (db: Db, f: StatsFilter) =>
  ofMatching(db, f)
    .select(["p.year", sql<number>`count(*)::int`.as("publications")])
    .groupBy("p.year")
    .orderBy(sql`p.year desc nulls last`)
    .execute();

/** How many of each type, the most frequent first, no type last. */
export const publicationsByType = (db: Db, f: StatsFilter) =>
  ofMatching(db, f)
    .select(["p.publication_type", sql<number>`count(*)::int`.as("publications")])
    .groupBy("p.publication_type")
    .orderBy(sql`p.publication_type is null`)
    .orderBy(sql`count(*)`, "desc")
    .orderBy("p.publication_type")
    .execute();

/** Whether the portal collects publications (the publications setting is yes). */
export const publicationsCollected = async (db: Db) => (await getSettings(db)).publications === "yes";

/** GET /api/applications/publications: one page of the list, the counts by year and type, and whether they are collected now. */
async function readPublicationStatistics(db: Db, f: StatsFilter, paging: Paging) {
  const [data, byYear, byType, collected] = await Promise.all([
    publicationsQuery(db, f).limit(paging.per_page).offset(offsetOf(paging)).execute(),
    publicationsByYear(db, f),
    publicationsByType(db, f),
    publicationsCollected(db),
  ]);
  const total = byYear.reduce((sum, y) => sum + y.publications, 0);
  return { collected, data: data as PublicationRow[], meta: pageMeta(paging, total), by_year: byYear, by_type: byType };
}

/** readPublicationStatistics's answer, kept until the next write (./kept.server.ts). */
export const publicationStatistics = (db: Db, f: StatsFilter, paging: Paging) => statsKept(db, "publications", { ...f, ...paging }, () => readPublicationStatistics(db, f, paging));
