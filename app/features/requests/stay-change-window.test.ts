import { describe, expect, it } from "vitest";
import { stayChangeWindow } from "./stay-lifecycle.ts";

describe("what the desk may change on a stay today", () => {
  const today = "2026-12-10";

  it("moves a guest in house from tonight, and offers leaving today", () => {
    expect(
      stayChangeWindow({ status: "Checked in", checkIn: "2026-12-08", checkOut: "2026-12-12" }, today),
    ).toEqual({
      moveFrom: today,
      until: "2026-12-12",
      earliestCheckOut: today,
      inHouse: true,
      today,
    });
  });

  it("moves a stay not yet begun for all its nights, and keeps its first night", () => {
    expect(
      stayChangeWindow({ status: "Confirmed", checkIn: "2026-12-20", checkOut: "2026-12-20" }, today),
    ).toEqual({
      moveFrom: "2026-12-20",
      until: "2026-12-21",
      earliestCheckOut: "2026-12-21",
      inHouse: false,
      today,
    });
  });

  it("a guest checked in on the arrival day moves with all the stay's nights", () => {
    const window = stayChangeWindow({ status: "Checked in", checkIn: today, checkOut: "2026-12-12" }, today);
    expect([window?.moveFrom, window?.inHouse]).toEqual([today, false]);
  });

  it("offers nothing once the stay no longer holds its room", () => {
    for (const status of ["Checked out", "Cancelled", "Declined", "No-show", "Awaiting payment"] as const)
      expect(stayChangeWindow({ status, checkIn: "2026-12-08", checkOut: "2026-12-12" }, today)).toBeNull();
  });
});
