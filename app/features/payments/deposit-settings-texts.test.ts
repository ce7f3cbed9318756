import { describe, expect, it } from "vitest";
import { guestPolicyText, onlinePaymentText, settingsChangeText } from "./deposit-settings-texts.ts";

describe("the deposit settings' texts", () => {
  it("lists a settings change with plain labels and formatted values", () => {
    expect(
      settingsChangeText("depositPolicy: none → percent; depositPercent: 0 → 50; paymentHoldMinutes: 15 → 5"),
    ).toBe("Deposit: none → 50% of the stay; Time to pay: 15 → 5 minutes");
    expect(settingsChangeText("depositPercent: 25 → 30")).toBe("Deposit: 25% of the stay → 30% of the stay");
    expect(settingsChangeText("depositPolicy: percent → first-night; depositPercent: 25 → 0")).toBe(
      "Deposit: 25% of the stay → the first night",
    );
    expect(settingsChangeText("freeCancellationDays: 2 → 0")).toBe(
      "Free cancellation: 2 → 0 days before arrival",
    );
    expect(
      settingsChangeText("vatRegistered: false → true; vatRateBp: 1600 → 1500; levyRateBp: 150 → 200"),
    ).toBe("VAT registered: no → yes; VAT rate: 16% → 15%; Tourism levy: 1.5% → 2%");
    // A text of another form stays as it was written.
    expect(settingsChangeText("Set by the command line")).toBe("Set by the command line");
    expect(settingsChangeText("somethingElse: 1 → 2")).toBe("somethingElse: 1 → 2");
  });

  it("says no deposit is kept when there is none", () => {
    const none = { depositPolicy: "none", depositPercent: 0, freeCancellationDays: 2 } as const;
    expect(guestPolicyText(none)).toBe("No deposit is needed: you pay at the lodge.");
    expect(guestPolicyText(none)).not.toContain("keeps");
    expect(guestPolicyText({ ...none, depositPolicy: "first-night" })).toContain(
      "the lodge keeps the deposit",
    );
  });

  it("names what is paid online from the payment configuration", () => {
    expect(onlinePaymentText({ name: "lenco", sandbox: false, cards: true })).toBe(
      "Guests who choose Mobile Money or Credit Card pay the deposit online through Lenco.",
    );
    expect(onlinePaymentText({ name: "lenco", sandbox: true, cards: false })).toMatch(
      /^Guests who choose Mobile Money pay the deposit online through Lenco \(sandbox: no real money\)\. Cards are paid at the lodge/,
    );
    expect(onlinePaymentText(null)).toMatch(/^No payment provider is configured/);
  });
});
