// The publications' statistics (GET /api/applications/publications), zod-free for the screen.

/** The screen's tables, each a download: the list, the counts by year, by type. */
export const PUBLICATION_TABLES = ["list", "year", "type"] as const;
export type PublicationTable = (typeof PUBLICATION_TABLES)[number];
