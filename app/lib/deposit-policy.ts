// The manager's deposit and cancellation policies (decisions.md 33, issue 17), as rules and as
// the sentences the guest reads before paying. Pure: shared by the payment step, the staff
// settings screen and the tests.
import { formatKwacha } from "./money.ts";

export const DEPOSIT_POLICY_CHOICES = ["none", "percent", "first-night"] as const;
export type DepositPolicyChoice = (typeof DEPOSIT_POLICY_CHOICES)[number];

export interface DepositSettings {
  depositPolicy: DepositPolicyChoice;
  /** 1-100 with the percent policy, else 0. */
  depositPercent: number;
  /** Free cancellation until this many days before arrival. */
  freeCancellationDays: number;
}

/**
 * The deposit for a stay in whole kwacha: none, a percentage of the total (rounded up to the
 * kwacha, never more than the total), or the first night's rate. 0 means no deposit is asked.
 */
export function depositFor(
  settings: Pick<DepositSettings, "depositPolicy" | "depositPercent">,
  stay: { firstNightRate: number; total: number },
): number {
  const total = Math.max(0, Math.round(stay.total));
  switch (settings.depositPolicy) {
    case "none":
      return 0;
    case "percent":
      return Math.min(total, Math.ceil((total * settings.depositPercent) / 100));
    case "first-night":
      return Math.min(total, Math.max(0, Math.round(stay.firstNightRate)));
  }
}

/** The deposit policy in a sentence for guests. */
export function depositPolicyText(settings: DepositSettings): string {
  switch (settings.depositPolicy) {
    case "none":
      return "No deposit is needed: you pay at the lodge.";
    case "percent":
      return `A deposit of ${settings.depositPercent}% of the stay's total confirms your booking; the rest is paid at the lodge.`;
    case "first-night":
      return "A deposit of the first night's rate confirms your booking; the rest is paid at the lodge.";
  }
}

/** The cancellation policy in a sentence for guests. */
export function cancellationPolicyText(settings: DepositSettings, deposit?: number): string {
  const kept = deposit ? `the deposit (${formatKwacha(deposit)})` : "the deposit";
  const days = settings.freeCancellationDays;
  const until =
    days === 0
      ? "Free cancellation until the day of arrival"
      : `Free cancellation until ${days} day${days === 1 ? "" : "s"} before arrival`;
  return `${until}; after that, or if you do not arrive, the lodge keeps ${kept}.`;
}
