import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATE_OUT_OF_RANGE, isIsoDate } from "../../shared/dates.ts";
import {
  monthPeriod,
  neighbours,
  periodSearch,
  readReportQuery,
  weekPeriod,
  yearEarlier,
} from "./report-period.ts";

const TODAY = "2026-11-25";
const read = (search: string) => readReportQuery(new URLSearchParams(search), TODAY);

describe("report periods", () => {
  it("shows the lodge's current month by default", () => {
    const { period, compareWith, fieldErrors } = read("");
    expect(period).toEqual({
      kind: "month",
      from: "2026-11-01",
      until: "2026-12-01",
      label: "November 2026",
      days: 30,
    });
    expect(compareWith).toBeNull();
    expect(fieldErrors).toEqual({});
  });

  it("reads a month, a week from Monday and a range of days, last day included", () => {
    expect(read("show=month&month=2028-02").period).toMatchObject({
      from: "2028-02-01",
      until: "2028-03-01",
      days: 29,
    });
    expect(read("show=month&month=2026-12").period).toMatchObject({
      from: "2026-12-01",
      until: "2027-01-01",
    });
    expect(read("show=week&week=2026-11-29").period).toMatchObject({
      kind: "week",
      from: "2026-11-23",
      until: "2026-11-30",
      label: "Week of 23 Nov 2026 – 29 Nov 2026",
    });
    expect(read("show=range&from=2026-10-30&to=2026-11-02").period).toMatchObject({
      kind: "range",
      from: "2026-10-30",
      until: "2026-11-03",
      days: 4,
      label: "30 Oct 2026 – 2 Nov 2026",
    });
  });

  it("compares with the same period a year earlier", () => {
    expect(yearEarlier(monthPeriod("2028-02"))).toMatchObject({ from: "2027-02-01", until: "2027-03-01" });
    // The week that held the same date: 23 Nov 2025 is a Sunday, its week starts on the 17th.
    expect(yearEarlier(weekPeriod("2026-11-23"))).toMatchObject({ from: "2025-11-17", until: "2025-11-24" });
    expect(read("show=range&from=2028-02-29&to=2028-03-01&compare=1").compareWith).toMatchObject({
      from: "2027-02-28",
      until: "2027-03-02",
    });
  });

  it("names the wrong field and falls back to the current month", () => {
    expect(read("show=range&from=2026-11-10&to=2026-11-01").fieldErrors).toEqual({
      to: "The last day must be on or after the first day.",
    });
    expect(read("show=range&from=2025-01-01&to=2026-11-01").fieldErrors).toEqual({
      to: "Please choose a range of at most 366 days.",
    });
    expect(read("show=range").fieldErrors).toEqual({
      from: "Please enter the first day.",
      to: "Please enter the last day.",
    });
    const wrong = read("show=month&month=2026-13");
    expect(wrong.fieldErrors).toEqual({ month: "Please choose a month." });
    expect(wrong.period.from).toBe("2026-11-01");
    expect(wrong.values.month).toBe("2026-13");
    expect(read("show=week&week=yesterday").fieldErrors).toEqual({
      week: "Please choose a day of the week.",
    });
  });

  it("says when the kind of period is not understood", () => {
    const wrong = read("show=everything&month=2026-10");
    expect(wrong.fieldErrors).toEqual({
      show: "That period was not understood. Please choose one from the list.",
    });
    expect(wrong.period.from).toBe("2026-11-01");
    expect(read("show=&month=2026-10").fieldErrors).toEqual({});
  });

  it("refuses days outside the lodge's range, year 0 and the year before year 1 included", () => {
    expect(read("show=month&month=0000-01").fieldErrors).toEqual({ month: DATE_OUT_OF_RANGE });
    expect(read("show=month&month=0001-02&compare=1").fieldErrors).toEqual({ month: DATE_OUT_OF_RANGE });
    expect(read("show=range&from=0000-01-01&to=2000-01-01").fieldErrors).toEqual({ from: DATE_OUT_OF_RANGE });
    expect(read("show=week&week=2101-01-01").fieldErrors).toEqual({ week: DATE_OUT_OF_RANGE });
  });

  it("reads any address into a period of real days, or a message", () => {
    const typed = fc.oneof(
      fc.string(),
      fc.integer({ min: 0, max: 9999 }).map((year) => String(year).padStart(4, "0")),
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .map(
          ([y, m, d]) =>
            `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
        ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("month", "week", "range", "", "year"),
        typed,
        typed,
        typed,
        fc.boolean(),
        (show, first, second, third, compare) => {
          const query = read(
            new URLSearchParams({
              show,
              month: first.slice(0, 7),
              week: first,
              from: second,
              to: third,
              ...(compare ? { compare: "1" } : {}),
            }).toString(),
          );
          for (const period of [query.period, query.compareWith]) {
            if (!period) continue;
            expect(isIsoDate(period.from) && isIsoDate(period.until)).toBe(true);
            expect(period.from >= "1999-01-01" && period.until <= "2102-01-01").toBe(true);
          }
          const links = neighbours(query.period);
          expect(links.earlier + links.later).not.toMatch(/=0|=-/);
        },
      ),
    );
  });

  it("links to the periods before and after, and back to itself", () => {
    expect(neighbours(monthPeriod("2027-01"))).toEqual({
      earlier: "?show=month&month=2026-12",
      later: "?show=month&month=2027-02",
    });
    expect(neighbours(read("show=range&from=2026-11-01&to=2026-11-10").period)).toEqual({
      earlier: "?show=range&from=2026-10-22&to=2026-10-31",
      later: "?show=range&from=2026-11-11&to=2026-11-20",
    });
    const query = read("show=week&week=2026-11-25&compare=1");
    expect(periodSearch(query)).toBe("?show=week&week=2026-11-23&compare=1");
  });
});
