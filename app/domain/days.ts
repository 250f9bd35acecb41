// Calendar days in the portal's time zone (ADR 006): today, a day of an
// instant, a day in the reader's language, and what a day or a timestamp may
// be. No zod: the browser formats days on many pages and loads this alone
// (ADR 020); dates.ts adds the date schemas and re-exports it.

export const TIME_ZONE = "Europe/Brussels";
export const DATE_FORMAT = "yyyy-MM-dd";

// The day in Brussels through Intl rather than date-fns-tz: the same answer,
// and the browser, which formats days on many pages, no longer downloads
// date-fns (some 8 KB compressed on the wizard's steps).
const portalDayParts = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

// Formatting with a kept Intl format still costs several microseconds a call
// (formatToParts more): a staff screen's history and lists format the same
// instants and days on every view, so answers are remembered, a few thousand
// at most per kind (docs/budgets.md#page-cost).
const REMEMBERED_MAX = 4000;

function remembered<K>(answers: Map<K, string>, key: K, make: () => string): string {
  let answer = answers.get(key);
  if (answer === undefined) {
    if (answers.size >= REMEMBERED_MAX) answers.clear();
    answers.set(key, (answer = make()));
  }
  return answer;
}

const portalDays = new Map<number, string>();

/** The calendar day of an instant in the portal's time zone, as yyyy-MM-dd (DATE_FORMAT). */
export function portalDay(at: Date): string {
  const time = at.getTime();
  if (Number.isNaN(time)) return dayOfParts(at);
  return remembered(portalDays, time, () => dayOfParts(at));
}

function dayOfParts(at: Date): string {
  const parts = portalDayParts.formatToParts(at);
  const of = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${of("year").padStart(4, "0")}-${of("month")}-${of("day")}`;
}

let today: { minute: number; iso: string } | undefined;

/**
 * Today's calendar day in the portal's time zone, as yyyy-MM-dd. Days change on
 * a minute boundary in every time zone, so one answer serves a whole minute (the
 * public calls list asks on every view).
 */
export function todayIso(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (today?.minute !== minute) today = { minute, iso: portalDay(now) };
  return today.iso;
}

/** The calendar day `days` after `day` (both yyyy-MM-dd; negative goes back). */
export function dayPlus(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A calendar day (yyyy-MM-dd) shown in the reader's language, e.g. "15 March 2027".
 * Days are not shifted: noon UTC keeps the same day in Brussels.
 */
export function formatDay(iso: string, locale: string): string {
  return remembered(formattedDays, `${locale} ${iso}`, () => dayFormat(locale).format(new Date(`${iso}T12:00:00Z`)));
}
const formattedDays = new Map<string, string>();

/**
 * A moment in the long format with its time (docs/ui.md#dates): "27 November
 * 2026, 18:33:09" in Brussels, in the reader's language; where the exact time
 * matters (a status change, an e-mail sent, a notification).
 */
export function formatInstant(iso: string, locale: string): string {
  return remembered(formattedInstants, `${locale} ${iso}`, () => instantFormat(locale).format(new Date(iso)));
}
const formattedInstants = new Map<string, string>();

function instantFormat(locale: string): Intl.DateTimeFormat {
  let format = instantFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, {
      day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone: TIME_ZONE,
    });
    instantFormats.set(locale, format);
  }
  return format;
}
const instantFormats = new Map<string, Intl.DateTimeFormat>();

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

/**
 * The years a date or timestamp may fall in. Wider than any call, period or
 * version the portal will see, and far inside what PostgreSQL stores, so a
 * value that passes never turns into a database error.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A timestamp with its offset, as the API writes them (toISOString, or
// microseconds for infrastructures): 2027-03-01T10:00:00.123456Z, or +01:00.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/i;

/** A day that exists in the calendar (no 30 February), within YEAR_MIN–YEAR_MAX. */
function realDay(year: number, month: number, day: number): boolean {
  if (year < YEAR_MIN || year > YEAR_MAX) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** A calendar day as yyyy-MM-dd: a real date (2027-02-30 is not) in a sane year. */
export function isDay(value: unknown): value is string {
  const m = typeof value === "string" ? DAY.exec(value) : null;
  return m !== null && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** An ISO 8601 timestamp with an offset, on a real day in a sane year (a record's `updated_at`). */
export function isTimestamp(value: unknown): value is string {
  const m = typeof value === "string" ? TIMESTAMP.exec(value) : null;
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  return m[7] === undefined || (Number(m[8]) <= 14 && Number(m[9]) <= 59);
}

/** A timestamp (isTimestamp) as a Date; undefined when it is none. */
export function timestampOf(value: unknown): Date | undefined {
  return isTimestamp(value) ? new Date(value) : undefined;
}
