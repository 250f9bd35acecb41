// The publications' tables as downloads (docs/api.md#exports): the list
// (every publication, streamed from a cursor), and the counts by year and by
// type (a few rows, made whole).
import type { TFunction } from "i18next";
import type { Db } from "~/db/database.server";
import type { ExportFormat } from "../admin-applications/columns";
import type { Cell } from "../admin-applications/csv";
import { exportRows } from "../admin-applications/export.server";
import { exportTable } from "./key-export.server";
import type { PublicationTable } from "./publications";
import { publicationsByType, publicationsByYear, publicationsQuery, type PublicationRow } from "./publications.server";
import type { StatsFilter } from "./query.server";

const doiLink = (doi: string | null) => (doi ? `https://doi.org/${doi}` : null);

const typeLabel = (t: TFunction, type: string | null) => (type === null ? t("stats.publications.no-type") : t(`reporting.publications.type.${type}`));

const listCells = (t: TFunction) => (p: PublicationRow): Cell[] => [
  p.year, typeLabel(t, p.publication_type), p.publication_type, p.title, p.authors, p.doi, doiLink(p.doi), p.web_address, p.application_id, p.acronym, p.call_title,
];

export function exportPublications(db: Db, f: StatsFilter, table: PublicationTable, format: ExportFormat, t: TFunction) {
  if (table === "list") {
    const header = ["Year", "Type", "Type code", "Title", "Authors", "DOI", "DOI link", "Web address", "Application", "Acronym", "Call"];
    return exportRows<PublicationRow>(db, publicationsQuery(db, f), { sheet: "Publications", header, cells: listCells(t), name: "publications" }, format);
  }
  if (table === "year") {
    return publicationsByYear(db, f).then((rows) =>
      exportTable("Publications by year", ["Year", "Publications"], rows.map((r) => [r.year, r.publications]), "publications-by-year", format),
    );
  }
  return publicationsByType(db, f).then((rows) =>
    exportTable("Publications by type", ["Type", "Type code", "Publications"], rows.map((r) => [typeLabel(t, r.publication_type), r.publication_type, r.publications]), "publications-by-type", format),
  );
}
