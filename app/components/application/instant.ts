import { formatInTimeZone } from "date-fns-tz";
import { DATE_FORMAT, formatDay, TIME_ZONE } from "~/domain/dates";

/** A timestamp (a status change, a last save) as its day in Brussels, in the reader's language. */
export const formatInstantDay = (iso: string, locale: string) => formatDay(formatInTimeZone(new Date(iso), TIME_ZONE, DATE_FORMAT), locale);
