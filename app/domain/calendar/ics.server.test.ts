// The iCalendar text of deadlines (ADR 050), parsed back with node-ical: the
// last hour of the Brussels day in winter and in summer, the zone defined, the
// portal's link, a UID that a date change keeps, and an ETag that follows the
// events and not the moment written.
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import type { Deadline } from "./deadlines.server";
import { deadlinesCalendar } from "./ics.server";

const deadline = (day: string): Deadline => ({
  key: "owner-12", view: "owner", action: "accept-grant", deadline: day, overdue: false, href: "/application/12/accept", step: null,
  application: { id: 12, acronym: "SNOWPACK", title: "Snow" },
});
const write = (day: string, now = new Date("2026-11-28T10:00:00Z")) =>
  deadlinesCalendar({ deadlines: [deadline(day)], userId: 7, language: "en", portalUrl: "https://ta.example.org", kind: "feed", now });
const only = (text: string) => Object.values(ical.sync.parseICS(text)).find((x): x is VEvent => x?.type === "VEVENT")!;

describe("deadlinesCalendar", () => {
  it("makes a deadline the last hour of its Brussels day, winter (UTC+1) and summer (UTC+2)", () => {
    for (const [day, start] of [["2027-01-15", "2027-01-15T22:00:00.000Z"], ["2027-07-15", "2027-07-15T21:00:00.000Z"], ["2027-03-28", "2027-03-28T21:00:00.000Z"]]) {
      const { text } = write(day);
      const e = only(text);
      expect(e.start.toISOString(), day).toBe(start);
      expect((e.start as Date & { tz?: string }).tz).toBe("Europe/Brussels");
      expect(e.end!.getTime() - e.start.getTime()).toBe(3_600_000);
    }
  });

  it("defines the zone once, writes DTSTAMP in UTC, links to the portal and names the work", () => {
    const { text } = write("2027-01-15");
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(text.indexOf("BEGIN:VTIMEZONE")).toBeLessThan(text.indexOf("BEGIN:VEVENT"));
    expect(text).toContain("DTSTAMP:20261128T100000Z");
    const e = only(text);
    expect(e.uid).toBe("owner-12-accept-grant-u7@ta.example.org");
    expect(e.summary).toBe("Accept the grant · No. 12 SNOWPACK");
    expect(e.description).toContain("https://ta.example.org/application/12/accept");
    expect(e.description).toContain("Brussels time");
  });

  it("keeps the UID when the date moves; the ETag follows the events, not the moment written", () => {
    const a = write("2027-01-15");
    expect(write("2027-01-15", new Date("2027-01-01T00:00:00Z")).etag).toBe(a.etag);
    const moved = write("2027-02-01");
    expect(moved.etag).not.toBe(a.etag);
    expect(only(moved.text).uid).toBe(only(a.text).uid);
  });
});
