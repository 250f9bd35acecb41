import { formatDay, portalDay } from "~/domain/days";

export { formatInstant } from "~/domain/days";

/** A timestamp (a status change, a last save) as its day in Brussels, in the reader's language. */
export const formatInstantDay = (iso: string, locale: string) => formatDay(portalDay(new Date(iso)), locale);
