import { describe, expect, it } from "vitest";
import { reservationEstimateText, stayPriceText } from "./stay-estimate.ts";

describe("estimates with the server's quote", () => {
  it("shows the quoted total for the dates, not nights × rate", () => {
    expect(stayPriceText(400, "2026-12-17", "2026-12-20", 1560)).toBe("K1,560 for 3 nights");
    expect(stayPriceText(400, "2026-12-17", "2026-12-20")).toBe("K1,200 for 3 nights");
  });

  it("shows the nightly rate while the quote for new dates is on its way", () => {
    expect(stayPriceText(400, "2026-12-17", "2026-12-20", null)).toBe("K400 per night");
    expect(reservationEstimateText(400, "2026-12-17", "2026-12-20", "2", null)).toBeNull();
  });

  it("multiplies a reservation's quote by its rooms and says how", () => {
    expect(reservationEstimateText(400, "2026-12-17", "2026-12-20", "2", 1560)).toEqual({
      amount: 3120,
      total: "K3,120",
      detail: "(3 nights: K1,560 × 2 rooms)",
    });
    expect(reservationEstimateText(400, "2026-12-17", "2026-12-20", "1")).toEqual({
      amount: 1200,
      total: "K1,200",
      detail: "(3 nights × K400)",
    });
  });
});
