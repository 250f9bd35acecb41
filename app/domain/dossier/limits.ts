// The limits of the zip of dossiers (docs/decisions/041-dossier-zip.md): a
// panel meeting's applications, not the whole database. Zod-free and
// database-free, so the staff list's screen states them too.

/** The most applications in one zip of dossiers. */
export const DOSSIERS_MAX = 200;
/** The most bytes of attached files in one zip of dossiers (the PDFs come on top). */
export const DOSSIERS_MAX_BYTES = 2 * 1024 ** 3;
