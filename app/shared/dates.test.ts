import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  daysBetween,
  formatDisplayDate,
  isIsoDate,
  isLodgeDate,
  LODGE_DATE_RANGE,
  lodgeToday,
  nightsBetween,
} from "./dates.ts";

// Any real date from 1900 to 2199, as an ISO string.
const isoDate = fc
  .integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2199, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe("lodgeToday", () => {
  it("uses the Lusaka date, two hours ahead of UTC", () => {
    expect(lodgeToday(new Date("2026-11-21T21:59:59Z"))).toBe("2026-11-21");
    expect(lodgeToday(new Date("2026-11-21T22:00:00Z"))).toBe("2026-11-22");
    expect(lodgeToday(new Date("2026-11-21T22:30:00Z"))).toBe("2026-11-22");
  });

  it("rolls over months, years and leap days in Lusaka, not in UTC", () => {
    expect(lodgeToday(new Date("2026-12-31T22:00:00Z"))).toBe("2027-01-01");
    expect(lodgeToday(new Date("2026-12-31T21:59:59.999Z"))).toBe("2026-12-31");
    expect(lodgeToday(new Date("2028-02-28T22:00:00Z"))).toBe("2028-02-29");
    expect(lodgeToday(new Date("2026-03-31T23:00:00Z"))).toBe("2026-04-01");
  });

  it("is unaffected by northern or southern daylight saving dates (Lusaka has none)", () => {
    expect(lodgeToday(new Date("2026-03-29T21:59:00Z"))).toBe("2026-03-29");
    expect(lodgeToday(new Date("2026-10-25T22:01:00Z"))).toBe("2026-10-26");
  });

  it("defaults to now and returns an ISO date", () => {
    expect(isIsoDate(lodgeToday())).toBe(true);
  });

  it("always equals the UTC+2 calendar date", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2199, 0, 1) }), (ms) => {
        const shifted = new Date(ms + 2 * 3_600_000).toISOString().slice(0, 10);
        expect(lodgeToday(new Date(ms))).toBe(shifted);
      }),
    );
  });
});

describe("isIsoDate", () => {
  it("accepts real calendar dates", () => {
    for (const date of [
      "2026-11-21",
      "2028-02-29",
      "2000-02-29",
      "2026-12-31",
      "2026-01-01",
      "0001-01-01",
      "0050-06-15",
    ]) {
      expect(isIsoDate(date), date).toBe(true);
    }
  });

  it("rejects impossible dates and other shapes", () => {
    const bad = [
      "2026-02-29",
      "1900-02-29",
      "2026-02-30",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-01-32",
      "2026-1-05",
      "26-01-05",
      "2026/01/05",
      "2026-01-05T00:00",
      " 2026-01-05",
      "2026-01-05 ",
      "",
      "20260105",
      "+02026-01-05",
      "２０２６-01-05",
    ];
    for (const date of bad) expect(isIsoDate(date), date).toBe(false);
    for (const value of [undefined, null, 20260105, new Date(), {}]) expect(isIsoDate(value)).toBe(false);
  });

  it("holds for every date the UTC calendar produces", () => {
    fc.assert(fc.property(isoDate, (date) => isIsoDate(date)));
  });
});

describe("isLodgeDate", () => {
  it("accepts the real days of 2000 to 2100 and nothing else", () => {
    for (const date of ["2000-01-01", "2026-11-27", "2100-12-31"]) expect(isLodgeDate(date), date).toBe(true);
    for (const date of ["0000-01-01", "0001-02-01", "1999-12-31", "2101-01-01", "9999-12-31", "2026-02-30"])
      expect(isLodgeDate(date), date).toBe(false);
    fc.assert(
      fc.property(isoDate, (date) => {
        const year = Number(date.slice(0, 4));
        expect(isLodgeDate(date)).toBe(year >= 2000 && year <= 2100);
      }),
    );
  });

  it("leaves room for a year either side in the calendar arithmetic", () => {
    // The reports compare with the year before and step to the next period: both stay real days.
    expect(addYears(LODGE_DATE_RANGE.first, -1)).toBe("1999-01-01");
    expect(addDays(LODGE_DATE_RANGE.last, 400)).toBe("2102-02-04");
    expect(isIsoDate(addDays(addYears(LODGE_DATE_RANGE.first, -1), -7))).toBe(true);
  });
});

describe("addDays", () => {
  it("crosses month, year and leap-day boundaries", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-11-21", 0)).toBe("2026-11-21");
    expect(addDays("2026-11-21", 365)).toBe("2027-11-21");
  });

  it("throws on a non-date, which would be a programming error", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });

  it("is undone by the opposite step and agrees with daysBetween", () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -2000, max: 2000 }), (date, n) => {
        const moved = addDays(date, n);
        expect(isIsoDate(moved)).toBe(true);
        expect(addDays(moved, -n)).toBe(date);
        expect(daysBetween(date, moved)).toBe(n);
      }),
    );
  });
});

describe("addYears", () => {
  it("keeps the calendar date", () => {
    expect(addYears("2026-11-21", 1)).toBe("2027-11-21");
    expect(addYears("2026-12-31", 1)).toBe("2027-12-31");
    expect(addYears("2027-02-28", 1)).toBe("2028-02-28");
  });

  it("turns 29 February into 28 February in a common year", () => {
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addYears("2028-02-29", 4)).toBe("2032-02-29");
    expect(addYears("2028-02-29", -1)).toBe("2027-02-28");
  });

  it("always lands in the same month, 365 or 366 days on", () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        const next = addYears(date, 1);
        expect(next.slice(5, 7)).toBe(date.slice(5, 7));
        expect(Number(next.slice(0, 4))).toBe(Number(date.slice(0, 4)) + 1);
        expect([365, 366]).toContain(daysBetween(date, next));
      }),
    );
  });
});

describe("daysBetween and nightsBetween", () => {
  it("counts calendar days", () => {
    expect(daysBetween("2026-11-21", "2026-11-23")).toBe(2);
    expect(daysBetween("2026-11-23", "2026-11-21")).toBe(-2);
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2027-02-28", "2027-03-01")).toBe(1);
  });

  it("charges at least one night (decisions 11)", () => {
    expect(nightsBetween("2026-11-21", "2026-11-21")).toBe(1);
    expect(nightsBetween("2026-11-21", "2026-11-22")).toBe(1);
    expect(nightsBetween("2026-11-21", "2026-11-24")).toBe(3);
    expect(nightsBetween("2026-11-24", "2026-11-21")).toBe(1);
  });

  it("nights are max(1, days)", () => {
    fc.assert(
      fc.property(isoDate, isoDate, (a, b) => {
        expect(nightsBetween(a, b)).toBe(Math.max(1, daysBetween(a, b)));
        // Antisymmetric; a sum, since toBe tells 0 from -0 (same day both ways).
        expect(daysBetween(a, b) + daysBetween(b, a)).toBe(0);
      }),
    );
  });
});

describe("formatDisplayDate", () => {
  it("shows day, short month and year", () => {
    expect(formatDisplayDate("2026-11-21")).toBe("21 Nov 2026");
    expect(formatDisplayDate("2027-01-05")).toBe("5 Jan 2027");
    expect(formatDisplayDate("2026-09-30")).toBe("30 Sep 2026");
    expect(formatDisplayDate("2028-02-29")).toBe("29 Feb 2028");
  });
});
