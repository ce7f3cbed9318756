import { describe, expect, it } from "vitest";
import { buildFolio, chargedTotal, chargeLines, NOT_A_TAX_INVOICE } from "./folio.ts";

const stay = {
  kind: "booking" as const,
  roomNumber: "101",
  roomType: "Deluxe",
  checkIn: "2026-12-01",
  checkOut: "2026-12-04",
  price: 400,
  totalPrice: 1200,
};

describe("folio", () => {
  it("charges the kept nightly rate × nights, adding up to the kept total", () => {
    expect(chargeLines(stay)).toEqual([
      {
        kind: "charge",
        label: "Room 101 (Deluxe), 3 nights × K400",
        detail: "2026-12-01 to 2026-12-04",
        amount: 1200,
      },
    ]);
    expect(chargedTotal({ ...stay, checkOut: "2026-12-01", totalPrice: 400 })).toBe(400);
    expect(chargeLines({ ...stay, kind: "reservation", roomCount: 2, totalPrice: 2400 })[0]?.label).toBe(
      "Room 101 (Deluxe), 3 nights × K400 × 2 rooms",
    );
  });

  it("lists each night when the kept nights differ in price, and the taxes under the total", () => {
    const kept = {
      nights: [
        { night: "2026-12-17", price: 400, rule: null },
        { night: "2026-12-18", price: 480, rule: null },
        { night: "2026-12-19", price: 1080, rule: null },
      ],
      taxes: [
        { kind: "vat" as const, rateBp: 1600, amount: 269 },
        { kind: "levy" as const, rateBp: 150, amount: 25 },
      ],
    };
    const festive = { ...stay, checkIn: "2026-12-17", checkOut: "2026-12-20", totalPrice: 1960, kept };
    // The night goes in the details, as the other lines' dates do.
    expect(chargeLines(festive).map((line) => [line.label, line.detail, line.amount])).toEqual([
      ["Room 101 (Deluxe), 1 night × K400", "2026-12-17", 400],
      ["Room 101 (Deluxe), 1 night × K480", "2026-12-18", 480],
      ["Room 101 (Deluxe), 1 night × K1,080", "2026-12-19", 1080],
    ]);
    const folio = buildFolio(festive, []);
    // Taxes are contained in the prices: they are shown, not added.
    expect(folio.total).toBe(1960);
    expect(folio.taxes.map((line) => [line.label, line.amount])).toEqual([
      ["Of which VAT 16%", 269],
      ["Of which Tourism levy 1.5%", 25],
    ]);
    // Nights of one price read as before.
    const even = { nights: kept.nights.map((night) => ({ ...night, price: 400 })), taxes: [] };
    expect(chargeLines({ ...stay, kept: even })[0]?.label).toBe("Room 101 (Deluxe), 3 nights × K400");
  });

  it("charges a venue booking its kept total", () => {
    expect(
      chargedTotal({
        kind: "venue-booking",
        venueName: "Garden",
        bookingDate: "2026-12-24",
        numberOfPeople: 80,
        totalPrice: 5000,
      }),
    ).toBe(5000);
  });

  it("nets payments and refunds into paid, balance and credit", () => {
    const at = "2026-12-01T08:00:00Z";
    const line = (id: string, kind: "payment" | "refund", amount: number) => ({
      id,
      kind,
      method: "Cash",
      amount,
      transactionId: null,
      at,
    });
    expect(buildFolio(stay, [])).toMatchObject({ total: 1200, paid: 0, balance: 1200, credit: 0 });
    expect(buildFolio(stay, [line("1", "payment", 500), line("2", "refund", 100)])).toMatchObject({
      paid: 400,
      balance: 800,
      credit: 0,
    });
    expect(buildFolio(stay, [line("1", "payment", 1500)])).toMatchObject({
      paid: 1500,
      balance: 0,
      credit: 300,
    });
  });

  it("lists a stay moved mid-stay room by room, its nights in each, adding up to the same total", () => {
    const moved = {
      ...stay,
      roomNumber: "113",
      checkIn: "2026-11-27",
      checkOut: "2026-11-30",
      roomsLeft: [{ roomNumber: "111", roomType: "Deluxe", from: "2026-11-27", until: "2026-11-28" }],
    };
    const lines = chargeLines(moved);
    expect(lines.map((line) => [line.label, line.detail, line.amount])).toEqual([
      ["Room 111 (Deluxe), 1 night × K400", "2026-11-27 to 2026-11-28", 400],
      ["Room 113 (Deluxe), 2 nights × K400", "2026-11-28 to 2026-11-30", 800],
    ]);
    expect(chargedTotal(moved)).toBe(1200);
    // Moved at the new room's prices: each room's nights at what they were kept at.
    const kept = {
      nights: [
        { night: "2026-11-27", price: 400, rule: null },
        { night: "2026-11-28", price: 550, rule: null },
        { night: "2026-11-29", price: 550, rule: null },
      ],
      taxes: [],
    };
    const repriced = { ...moved, roomType: "Executive Suite", totalPrice: 1500, kept };
    expect(chargeLines(repriced).map((line) => [line.label, line.amount])).toEqual([
      ["Room 111 (Deluxe), 1 night × K400", 400],
      ["Room 113 (Executive Suite), 2 nights × K550", 1100],
    ]);
    // Moved twice, the second time on a night of differing prices.
    const twice = {
      ...repriced,
      roomsLeft: [
        { roomNumber: "111", roomType: "Deluxe", from: "2026-11-27", until: "2026-11-28" },
        { roomNumber: "112", roomType: "Deluxe", from: "2026-11-28", until: "2026-11-29" },
      ],
    };
    expect(chargeLines(twice).map((line) => [line.label, line.detail, line.amount])).toEqual([
      ["Room 111 (Deluxe), 1 night × K400", "2026-11-27 to 2026-11-28", 400],
      ["Room 112 (Deluxe), 1 night × K550", "2026-11-28 to 2026-11-29", 550],
      ["Room 113 (Executive Suite), 1 night × K550", "2026-11-29 to 2026-11-30", 550],
    ]);
  });

  it("says it is not a fiscal tax invoice", () => {
    expect(NOT_A_TAX_INVOICE).toContain("not a fiscal tax invoice");
  });
});
