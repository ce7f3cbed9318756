import { describe, expect, it } from "vitest";
import { datesToAsk, readStaySearch, staySearchQuery } from "./stay-search.ts";

const today = "2026-11-23";
const read = (query: string) => readStaySearch(new URLSearchParams(query), today);

describe("readStaySearch", () => {
  it("asks about tonight until both dates are set", () => {
    expect(read("")).toEqual({ checkIn: today, checkOut: today, adults: 1, children: 0, chosen: false });
    expect(read("checkIn=2026-12-01")).toMatchObject({ checkIn: today, chosen: false });
  });

  it("reads a chosen stay and its guests", () => {
    expect(read("checkIn=2026-12-01&checkOut=2026-12-04&adults=2&children=1")).toEqual({
      checkIn: "2026-12-01",
      checkOut: "2026-12-04",
      adults: 2,
      children: 1,
      chosen: true,
    });
  });

  it("accepts check-out equal to check-in (one night)", () => {
    expect(read("checkIn=2026-12-01&checkOut=2026-12-01")).toMatchObject({ chosen: true });
  });

  it.each([
    "checkIn=2026-12-04&checkOut=2026-12-01",
    "checkIn=2026-11-22&checkOut=2026-11-24",
    "checkIn=2026-02-30&checkOut=2026-03-01",
    "checkIn=2027-12-01&checkOut=2027-12-02",
    "checkIn=x&checkOut=y",
  ])("falls back to tonight for %s", (query) => {
    expect(read(query)).toMatchObject({ checkIn: today, checkOut: today, chosen: false });
  });

  it("ignores guest counts that are not small whole numbers", () => {
    expect(read("adults=-1&children=abc")).toMatchObject({ adults: 1, children: 0 });
    expect(read("adults=0")).toMatchObject({ adults: 1 });
  });
});

describe("staySearchQuery and datesToAsk", () => {
  it("writes a chosen stay back and nothing for tonight", () => {
    expect(staySearchQuery(read("checkIn=2026-12-01&checkOut=2026-12-02&adults=2"))).toBe(
      "checkIn=2026-12-01&checkOut=2026-12-02&adults=2&children=0",
    );
    expect(staySearchQuery(read(""))).toBe("");
  });

  it("asks only when both dates are set and in order", () => {
    expect(datesToAsk("2026-12-01", "")).toBeNull();
    expect(datesToAsk("2026-12-02", "2026-12-01")).toBeNull();
    expect(datesToAsk("2026-12-01", "2026-12-01")).toEqual({ checkIn: "2026-12-01", checkOut: "2026-12-01" });
  });
});
