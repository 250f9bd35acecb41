import { describe, expect, it } from "vitest";
import { formatDay, formatInstant } from "./days";
import { dayOf, isDay, isTimestamp, portalDay, timestampOf, versionSchema, YEAR_MAX, YEAR_MIN } from "./dates";

describe("isDay: the one date rule", () => {
  it("takes real calendar days from 1900 to 2200", () => {
    for (const day of ["1900-01-01", "2027-02-28", "2028-02-29", "2000-02-29", "2200-12-31"]) expect(isDay(day), day).toBe(true);
  });

  it("refuses days the calendar lacks, years out of range and other shapes", () => {
    for (const day of ["2027-02-29", "1900-02-29", "2027-02-30", "2027-04-31", "2027-13-01", "2027-00-10", "2027-01-00", "0000-01-01", "1899-12-31", "2201-01-01", "99999-01-01", "+02027-01-01", "2027-1-1", "1", "", " 2027-01-01", "2027-01-01T00:00:00Z", 20270101, null]) {
      expect(isDay(day), String(day)).toBe(false);
    }
    expect([YEAR_MIN, YEAR_MAX]).toEqual([1900, 2200]);
  });

  it("is the schema of date fields: required when absent, the field's own message otherwise", () => {
    const schema = dayOf("call-validation.date");
    expect(schema.safeParse("2027-03-01").success).toBe(true);
    expect(schema.safeParse(undefined).error?.issues[0].message).toBe("validation.required");
    expect(schema.safeParse("2027-02-30").error?.issues[0].message).toBe("call-validation.date");
    expect(schema.safeParse(42).error?.issues[0].message).toBe("call-validation.date");
  });
});

describe("isTimestamp: a record's version (updated_at)", () => {
  it("takes the API's own timestamps, milliseconds or microseconds, Z or an offset", () => {
    for (const at of ["2026-11-22T04:39:32.123Z", "2026-11-22T04:39:32.123456Z", "2026-11-22T04:39:32Z", "2026-11-22T05:39+01:00", "2026-11-22T05:39:32.1-0130"]) {
      expect(isTimestamp(at), at).toBe(true);
    }
    expect(timestampOf("2026-11-22T05:39:32.123+01:00")?.toISOString()).toBe("2026-11-22T04:39:32.123Z");
  });

  it("refuses what the database could not read, or would read as another moment", () => {
    for (const at of ["1", "0000-01-01", "0000-01-01T00:00:00Z", "99999-01-01T00:00:00Z", "+099999-01-01T00:00:00Z", "2027-02-30T10:00:00Z", "2027-02-28T24:00:00Z", "2027-02-28T10:60:00Z", "2027-02-28T10:00:00", "2027-02-28", "2027-02-28T10:00:00+15:00", "yesterday", "", null]) {
      expect(isTimestamp(at), String(at)).toBe(false);
      expect(timestampOf(at)).toBeUndefined();
    }
  });

  it("is the schema of every updated_at: required when absent or blank, validation.invalid otherwise", () => {
    expect(versionSchema.safeParse("2026-11-22T04:39:32.123Z").success).toBe(true);
    expect(versionSchema.safeParse(undefined).error?.issues[0].message).toBe("validation.required");
    expect(versionSchema.safeParse("").error?.issues[0].message).toBe("validation.required");
    expect(versionSchema.safeParse("2027-02-30").error?.issues[0].message).toBe("validation.invalid");
  });
});

describe("portalDay: an instant's day in Brussels", () => {
  it("follows Brussels across midnight, daylight saving and the new year", () => {
    const day = (iso: string) => portalDay(new Date(iso));
    expect(day("2027-03-27T22:59:00Z")).toBe("2027-03-27"); // 23:59 CET
    expect(day("2027-03-27T23:00:00Z")).toBe("2027-03-28");
    expect(day("2027-10-30T21:59:00Z")).toBe("2027-10-30"); // 23:59 CEST
    expect(day("2027-10-30T22:00:00Z")).toBe("2027-10-31");
    expect(day("2027-12-31T23:00:00Z")).toBe("2028-01-01");
    expect(day("1900-01-01T12:00:00Z")).toBe("1900-01-01");
  });
});

describe("formatInstant: the long date with its time, in Brussels", () => {
  it("says the day, month, year and the time to the second, in the reader's language", () => {
    // 22:30:05 UTC on 1 March is 23:30:05 in Brussels (winter time), still the 1st.
    // ICU versions join the date and the time with "," or "at" / "à".
    expect(formatInstant("2027-03-01T22:30:05.000Z", "en")).toMatch(/^1 March 2027(,| at) 23:30:05$/);
    expect(formatInstant("2027-07-01T06:04:09.000Z", "fr")).toMatch(/^1 juillet 2027( à|,) 08:04:09$/);
  });
});

describe("remembered answers (formatDay, formatInstant, portalDay)", () => {
  it("give the same answer again, per language and per instant", () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDay("2027-03-15", "en")).toBe("15 March 2027");
      expect(formatDay("2027-03-15", "fr")).toBe("15 mars 2027");
      expect(formatInstant("2027-07-01T06:04:09.000Z", "fr")).toMatch(/^1 juillet 2027/);
      expect(formatInstant("2027-07-01T06:04:09.000Z", "en")).toMatch(/^1 July 2027/);
      expect(portalDay(new Date("2027-03-27T22:59:00Z"))).toBe("2027-03-27");
      expect(portalDay(new Date("2027-03-27T23:00:00Z"))).toBe("2027-03-28");
    }
    expect(() => portalDay(new Date("not a day"))).toThrow(RangeError);
  });
});
