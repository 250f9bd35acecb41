// Deadlines as iCalendar text (RFC 5545) with ical-generator
// (docs/decisions/050-calendar-feed.md). A deadline is a Brussels calendar day
// (ADR 006) that ends at midnight Brussels time, so its event is the last hour
// of that day in Europe/Brussels: a calendar elsewhere shows it at the moment
// the portal closes the work, not a day that starts and ends in its own zone.
import { createHash } from "node:crypto";
import ical, { ICalCalendarMethod } from "ical-generator";
import { i18nextFor } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/config";
import { dayPlus, formatDay, TIME_ZONE } from "../days";
import type { Deadline } from "./deadlines.server";

// The zone's rules since 1996 (EU summer time): calendars need the definition
// of every TZID an event names. ical-generator writes one only through the
// calendar's own zone, which also writes DTSTAMP in local time, so it goes in here.
const VTIMEZONE = [
  "BEGIN:VTIMEZONE", `TZID:${TIME_ZONE}`, `X-LIC-LOCATION:${TIME_ZONE}`,
  "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
  "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

export interface CalendarInput {
  deadlines: Deadline[];
  /** Whose deadlines (their user id): part of each event's UID, so two people's events never merge. */
  userId: number;
  language: Language;
  /** The portal's public URL (PORTAL_URL), without a trailing slash: each event links to its screen there. */
  portalUrl: string;
  /** A feed (PUBLISH, named, with a refresh hint) or one event to add (no method: a plain import). */
  kind: "feed" | "event";
  /** DTSTAMP: when the text was written. */
  now?: Date;
}

/** An event's UID: the person, the role, the work and the application, so a date change moves the same event. */
export const eventUid = (d: Deadline, userId: number, portalUrl: string) => `${d.key}-${d.action}-u${userId}@${new URL(portalUrl).hostname}`;

/** The calendar as text, and a tag of what it says (its events, not the moment written) for If-None-Match. */
export function deadlinesCalendar(input: CalendarInput): { text: string; etag: string } {
  const t = i18nextFor(input.language).getFixedT(input.language);
  const cal = ical({
    prodId: { company: "Transnational Access Portal", product: "Deadlines", language: input.language.toUpperCase() },
    ...(input.kind === "feed"
      ? { name: t("calendar.name"), method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60, url: `${input.portalUrl}/` }
      : {}),
    x: [{ key: "X-WR-TIMEZONE", value: TIME_ZONE }],
  });
  for (const d of input.deadlines) {
    const about = [t("todo.number", { id: d.application.id }), d.application.acronym || d.application.title].filter(Boolean).join(" ");
    const url = `${input.portalUrl}${d.href}`;
    cal.createEvent({
      id: eventUid(d, input.userId, input.portalUrl),
      // Wall-clock times in the event's zone (ical-generator writes them as given, with TZID).
      start: `${d.deadline}T23:00:00`,
      end: `${dayPlus(d.deadline, 1)}T00:00:00`,
      timezone: TIME_ZONE,
      stamp: input.now ?? new Date(),
      summary: `${t(`todo.action.${d.action}`, { step: d.step ?? 1, count: 1 })} · ${about}`,
      description: [
        t(`todo.dated.${d.action}`, { step: d.step ?? 1, date: formatDay(d.deadline, input.language), defaultValue: "" }),
        t(`todo.view.${d.view}`),
        t("calendar.ends-brussels"),
        url,
      ].filter(Boolean).join("\n"),
      url,
    });
  }
  const text = cal.toString().replace(/BEGIN:VEVENT|END:VCALENDAR/, (first) => `${VTIMEZONE}\r\n${first}`);
  const etag = `"${createHash("sha256").update(text.replace(/^DTSTAMP:.*$/gm, "")).digest("base64url").slice(0, 27)}"`;
  return { text, etag };
}
