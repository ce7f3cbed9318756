import { describe, expect, it } from "vitest";
import { cancellationPolicyText, depositFor, depositPolicyText } from "./deposit-policy.ts";

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
