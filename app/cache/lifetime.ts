// The one lifetime of everything kept in memory until the next write
// (docs/decisions/012-one-user-resolution-per-page-request.md). Writes made
// through this instance end a kept answer at once (the data version); the
// lifetime bounds what a write made elsewhere can leave stale: another instance
// on the same database, a change by hand, the turn of the day.
export const CACHE_TTL_MS = 10_000;
