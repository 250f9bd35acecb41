import { formatInTimeZone } from "date-fns-tz";

export const TIME_ZONE = "Europe/Brussels";
export const DATE_FORMAT = "yyyy-MM-dd";

/** Today's calendar day in the portal's time zone, as yyyy-MM-dd. */
export function todayIso(now: Date = new Date()): string {
  return formatInTimeZone(now, TIME_ZONE, DATE_FORMAT);
}

/**
 * A calendar day (yyyy-MM-dd) shown in the reader's language, e.g. "15 March 2027".
 * Days are not shifted: noon UTC keeps the same day in Brussels.
 */
export function formatDay(iso: string, locale: string): string {
  return dayFormat(locale).format(new Date(`${iso}T12:00:00Z`));
}

// Building an Intl.DateTimeFormat costs far more than using one (it was ~5% of
// the server's time on /call): one per language, reused.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: string): Intl.DateTimeFormat {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
    dayFormats.set(locale, format);
  }
  return format;
}
