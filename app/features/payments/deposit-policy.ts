// The manager's deposit and cancellation policies (decisions.md 33), as rules and as
// the sentences the guest reads before paying. Pure: shared by the payment step, the staff
// settings screen and the tests.
import { daysBetween } from "../../shared/dates.ts";
import { formatKwacha } from "../../shared/money.ts";

export const DEPOSIT_POLICY_CHOICES = ["none", "percent", "first-night"] as const;
type DepositPolicyChoice = (typeof DEPOSIT_POLICY_CHOICES)[number];

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

/** Why a stay that ended without the guest staying keeps or returns its deposit. */
type CancellationCase = "no-show" | "late-cancellation" | "free-cancellation";

export interface DepositOutcome {
  case: CancellationCase;
  /** Whole days from the cancellation to the arrival (null for a no-show). */
  daysBefore: number | null;
  /** The deposit the policy lets the lodge keep on this stay. */
  deposit: number;
  /** Money still held for the stay (payments minus refunds so far). */
  paid: number;
  /** What the lodge keeps of it. */
  kept: number;
  /** What is still to be paid back to the guest. */
  refundDue: number;
  /** What has been paid back already (the ledger's refunds). */
  refunded: number;
}

/**
 * The cancellation policy applied to a stay that ended without the guest staying (decisions.md
 * 33): a no-show, or a cancellation fewer than `freeCancellationDays` days before arrival,
 * keeps the deposit; a cancellation earlier keeps nothing. Whatever was paid beyond what is kept
 * is due back. Null when the policy has nothing to say: the stay was not cancelled or missed, or
 * no money was ever received for it.
 */
export function depositOutcome(stay: {
  status: string;
  checkIn: string;
  /** The lodge's date of the cancellation (its history entry). */
  cancelledOn: string | null;
  freeCancellationDays: number;
  deposit: number;
  /** Net money held: payments minus refunds. */
  paid: number;
  /** Payments received, refunds aside: nothing received, nothing to say. */
  received: number;
}): DepositOutcome | null {
  if (stay.received <= 0) return null;
  const paid = Math.max(0, stay.paid);
  const keep = Math.min(paid, Math.max(0, stay.deposit));
  const outcome = (kind: CancellationCase, daysBefore: number | null, kept: number): DepositOutcome => ({
    case: kind,
    daysBefore,
    deposit: Math.max(0, stay.deposit),
    paid,
    kept,
    refundDue: paid - kept,
    refunded: Math.max(0, stay.received - stay.paid),
  });
  if (stay.status === "No-show") return outcome("no-show", null, keep);
  if (stay.status !== "Cancelled" || stay.cancelledOn === null) return null;
  const daysBefore = daysBetween(stay.cancelledOn, stay.checkIn);
  return daysBefore < stay.freeCancellationDays
    ? outcome("late-cancellation", daysBefore, keep)
    : outcome("free-cancellation", daysBefore, 0);
}

function days(count: number): string {
  return `${count} day${count === 1 ? "" : "s"}`;
}

/** The outcome in plain words for reception: why, what is kept, what is due back. */
export function depositOutcomeText(outcome: DepositOutcome, freeCancellationDays: number): string {
  const before =
    outcome.daysBefore === null
      ? ""
      : outcome.daysBefore <= 0
        ? "on the day of arrival or later"
        : `${days(outcome.daysBefore)} before arrival`;
  const ends =
    freeCancellationDays === 0
      ? "free cancellation runs until the day of arrival"
      : `free cancellation ends ${days(freeCancellationDays)} before arrival`;
  const why =
    outcome.case === "no-show"
      ? "No-show: under the cancellation policy the lodge keeps the deposit"
      : outcome.case === "late-cancellation"
        ? `Cancelled ${before} (${ends}): the lodge keeps the deposit`
        : `Cancelled ${before} (${ends}): the deposit is not kept`;
  const kept = outcome.case === "free-cancellation" ? "" : ` (${formatKwacha(outcome.kept)})`;
  const due =
    outcome.refundDue > 0
      ? `Refund due to the guest: ${formatKwacha(outcome.refundDue)}.`
      : "Nothing is due back to the guest.";
  return `${why}${kept}. ${due}`;
}

/**
 * The outcome in the guest's words (/my-booking): what the lodge keeps of the deposit, what it
 * will refund, and what it has refunded already. Reception reads depositOutcomeText instead.
 */
export function guestDepositText(outcome: DepositOutcome): string {
  const said: string[] = [];
  if (outcome.case === "free-cancellation") {
    said.push(
      "Your stay was cancelled while cancellation was still free, so the lodge keeps none of your deposit.",
    );
  } else if (outcome.kept > 0) {
    const why =
      outcome.case === "no-show"
        ? "You did not arrive for your stay"
        : "Your stay was cancelled after free cancellation had ended";
    said.push(
      `${why}, so under the cancellation policy the lodge keeps your deposit of ${formatKwacha(outcome.kept)}.`,
    );
  }
  if (outcome.refundDue > 0) said.push(`The lodge will refund you ${formatKwacha(outcome.refundDue)}.`);
  if (outcome.refunded > 0) said.push(`The lodge has refunded you ${formatKwacha(outcome.refunded)}.`);
  return said.join(" ");
}
