import { describe, expect, it } from "vitest";
import {
  cancellationPolicyText,
  depositFor,
  depositOutcome,
  depositOutcomeText,
  depositPolicyText,
  guestDepositText,
} from "./deposit-policy.ts";

describe("depositFor", () => {
  const stay = { firstNightRate: 400, total: 1200 };
  it("asks nothing without a policy", () => {
    expect(depositFor({ depositPolicy: "none", depositPercent: 0 }, stay)).toBe(0);
  });
  it("takes a percentage of the total, rounded up to the kwacha", () => {
    expect(depositFor({ depositPolicy: "percent", depositPercent: 30 }, stay)).toBe(360);
    expect(
      depositFor({ depositPolicy: "percent", depositPercent: 33 }, { firstNightRate: 1, total: 10 }),
    ).toBe(4);
    expect(depositFor({ depositPolicy: "percent", depositPercent: 100 }, stay)).toBe(1200);
  });
  it("takes the first night, never more than the total", () => {
    expect(depositFor({ depositPolicy: "first-night", depositPercent: 0 }, stay)).toBe(400);
    expect(
      depositFor({ depositPolicy: "first-night", depositPercent: 0 }, { firstNightRate: 500, total: 300 }),
    ).toBe(300);
  });
});

describe("policy texts", () => {
  it("say what the guest pays and what a late cancellation keeps", () => {
    const settings = { depositPolicy: "percent", depositPercent: 25, freeCancellationDays: 2 } as const;
    expect(depositPolicyText(settings)).toBe(
      "A deposit of 25% of the stay's total confirms your booking; the rest is paid at the lodge.",
    );
    expect(cancellationPolicyText(settings, 300)).toBe(
      "Free cancellation until 2 days before arrival; after that, or if you do not arrive, the lodge keeps the deposit (K300).",
    );
    expect(cancellationPolicyText({ ...settings, freeCancellationDays: 1 })).toMatch(
      /^Free cancellation until 1 day before/,
    );
    expect(cancellationPolicyText({ ...settings, freeCancellationDays: 0 })).toMatch(
      /until the day of arrival/,
    );
  });
});

describe("depositOutcome: the cancellation policy applied to a stay", () => {
  const stay = {
    status: "Cancelled",
    checkIn: "2026-12-10",
    cancelledOn: "2026-12-01",
    freeCancellationDays: 3,
    deposit: 400,
    paid: 400,
    received: 400,
  };
  it("refunds the deposit of a stay cancelled before free cancellation ended", () => {
    const outcome = depositOutcome(stay);
    expect(outcome).toEqual({
      case: "free-cancellation",
      daysBefore: 9,
      deposit: 400,
      paid: 400,
      kept: 0,
      refundDue: 400,
      refunded: 0,
    });
    expect(depositOutcomeText(outcome!, 3)).toBe(
      "Cancelled 9 days before arrival (free cancellation ends 3 days before arrival): the deposit is not kept. Refund due to the guest: K400.",
    );
  });
  it("is free on the last free day, kept from the next one", () => {
    expect(depositOutcome({ ...stay, cancelledOn: "2026-12-07" })?.case).toBe("free-cancellation");
    const late = depositOutcome({ ...stay, cancelledOn: "2026-12-08" });
    expect(late).toMatchObject({ case: "late-cancellation", daysBefore: 2, kept: 400, refundDue: 0 });
    expect(depositOutcomeText(late!, 3)).toBe(
      "Cancelled 2 days before arrival (free cancellation ends 3 days before arrival): the lodge keeps the deposit (K400). Nothing is due back to the guest.",
    );
  });
  it("keeps the deposit of a no-show and returns what was paid beyond it", () => {
    const outcome = depositOutcome({
      ...stay,
      status: "No-show",
      cancelledOn: null,
      paid: 1000,
      received: 1000,
    });
    expect(outcome).toMatchObject({ case: "no-show", daysBefore: null, kept: 400, refundDue: 600 });
    expect(depositOutcomeText(outcome!, 3)).toBe(
      "No-show: under the cancellation policy the lodge keeps the deposit (K400). Refund due to the guest: K600.",
    );
  });
  it("keeps no more than was paid", () => {
    expect(depositOutcome({ ...stay, status: "No-show", paid: 150, received: 150 })).toMatchObject({
      kept: 150,
      refundDue: 0,
    });
  });
  it("with 0 days, only a no-show keeps the deposit", () => {
    const sameDay = depositOutcome({ ...stay, freeCancellationDays: 0, cancelledOn: "2026-12-10" });
    expect(sameDay).toMatchObject({ case: "free-cancellation", refundDue: 400 });
    expect(depositOutcomeText(sameDay!, 0)).toMatch(
      /^Cancelled on the day of arrival or later \(free cancellation runs until the day of arrival\)/,
    );
  });
  it("says nothing is due once the refund is recorded", () => {
    const refunded = depositOutcome({ ...stay, paid: 0, received: 400 });
    expect(refunded).toMatchObject({ case: "free-cancellation", refundDue: 0, refunded: 400 });
  });
  it("tells the guest what becomes of the deposit: kept, to be refunded, refunded", () => {
    expect(guestDepositText(depositOutcome(stay)!)).toBe(
      "Your stay was cancelled while cancellation was still free, so the lodge keeps none of your deposit. The lodge will refund you K400.",
    );
    expect(guestDepositText(depositOutcome({ ...stay, paid: 0 })!)).toBe(
      "Your stay was cancelled while cancellation was still free, so the lodge keeps none of your deposit. The lodge has refunded you K400.",
    );
    expect(guestDepositText(depositOutcome({ ...stay, cancelledOn: "2026-12-08" })!)).toBe(
      "Your stay was cancelled after free cancellation had ended, so under the cancellation policy the lodge keeps your deposit of K400.",
    );
    const noShow = depositOutcome({ ...stay, status: "No-show", paid: 1000, received: 1000 });
    expect(guestDepositText(noShow!)).toBe(
      "You did not arrive for your stay, so under the cancellation policy the lodge keeps your deposit of K400. The lodge will refund you K600.",
    );
  });
  it("has nothing to say about stays that were not cancelled or never paid", () => {
    expect(depositOutcome({ ...stay, status: "Confirmed" })).toBeNull();
    expect(depositOutcome({ ...stay, status: "Checked out" })).toBeNull();
    expect(depositOutcome({ ...stay, cancelledOn: null })).toBeNull();
    expect(depositOutcome({ ...stay, paid: 0, received: 0 })).toBeNull();
  });
});
