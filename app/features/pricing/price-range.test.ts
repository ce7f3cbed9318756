import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceRangeText, roomTypesPriceRange } from "./price-range.ts";

describe("priceRangeText", () => {
  it("gives the lowest and highest rate in the site's format", () => {
    expect(priceRangeText([400, 550, 350])).toBe("K350 - K550");
    expect(priceRangeText([1200, 950])).toBe("K950 - K1,200");
  });

  it("gives one price when every rate is the same, and none without rates", () => {
    expect(priceRangeText([400])).toBe("K400");
    expect(priceRangeText([400, 400])).toBe("K400");
    expect(priceRangeText([])).toBeNull();
    expect(priceRangeText([Number.NaN, -1, Infinity])).toBeNull();
  });

  it("follows a rate staff change: the range is the database's, not a written-down one", () => {
    expect(priceRangeText([420, 550, 350])).toBe("K350 - K550");
    expect(priceRangeText([400, 600, 350])).toBe("K350 - K600");
    expect(priceRangeText([400, 550, 300])).toBe("K300 - K550");
  });

  it("always names the minimum first and the maximum last", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1 }), (rates) => {
        const [low, high = low] = priceRangeText(rates)!.split(" - ");
        const kwacha = (text: string | undefined) => Number(text!.replace(/[K,]/g, ""));
        expect(kwacha(low)).toBe(Math.min(...rates));
        expect(kwacha(high)).toBe(Math.max(...rates));
      }),
    );
  });
});

describe("roomTypesPriceRange", () => {
  it("reads rates by room type, as plain numbers or as the room cards' offers", () => {
    expect(roomTypesPriceRange({ Deluxe: 400, "Executive Suite": 550, "Mini Suite": 350 })).toBe(
      "K350 - K550",
    );
    expect(
      roomTypesPriceRange({
        Deluxe: { price: 400 },
        "Executive Suite": { price: 550 },
        "Mini Suite": { price: 350 },
      }),
    ).toBe("K350 - K550");
    expect(roomTypesPriceRange(null)).toBeNull();
    expect(roomTypesPriceRange({})).toBeNull();
  });
});
