import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { depositFor } from "~/lib/deposit-policy.ts";
import { formatKwacha } from "~/lib/money.ts";
import type { DB } from "./client.server.ts";
import { isRoomAlreadyHeld } from "./database-errors.server.ts";
import { getLodgeSettings } from "./lodge-settings.server.ts";
import { recordPayment } from "./payments.server.ts";
import { bookingFacts, enqueueNewRequestMails } from "./request-mails.server.ts";
import { recordHistory } from "./request-history.server.ts";
import type {
  Booking,
  Database,
  MobileMoneyOperator,
  PaymentAttempt,
  PaymentAttemptMethod,
} from "./schema.ts";

// Deposits paid online (decisions.md 33, ADR 0018; migration 2026-11-25-4-online-payments): the
// room booking held `Awaiting payment`, the attempts to collect its deposit, and what a word from
// the provider (its answer, a webhook, a status query) does to them. Every change to an attempt
// and its booking happens in one transaction with the attempt's row locked, so the same word
// arriving twice, late or out of order changes nothing twice.

type Trx = Transaction<Database>;

/** What the provider said about one collection (app/payments/payment-provider.server.ts). */
export interface CollectionWord {
  reference: string | null;
  providerReference: string | null;
  status: "pending" | "otp-required" | "successful" | "failed";
  amountNgwee: number;
  currency: string;
  failureReason: string | null;
  operatorTransactionId: string | null;
}

// ---- The booking's hold and its payment link ----

/** The token in the payment page's address and the hash stored in its place. */
export function newPayToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashPayToken(token) };
}

export function hashPayToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The terms of an online deposit for a stay, read in the booking's transaction: the deposit by
 * the manager's policy and how long the room is held for it. Null when no deposit is asked (the
 * booking is then confirmed as before).
 */
export async function onlineDepositTerms(
  trx: Trx,
  stay: { firstNightRate: number; total: number },
): Promise<{ depositAmount: number; holdMinutes: number } | null> {
  const settings = await getLodgeSettings(trx);
  const depositAmount = depositFor(settings, stay);
  return depositAmount > 0 ? { depositAmount, holdMinutes: settings.paymentHoldMinutes } : null;
}

/** The booking's columns while it awaits its deposit (the database's clock sets the expiry). */
export function awaitingPaymentColumns(
  terms: { depositAmount: number; holdMinutes: number },
  tokenHash: string,
) {
  return {
    status: "Awaiting payment" as const,
    depositAmount: terms.depositAmount,
    payTokenHash: tokenHash,
    paymentDueBy: sql<Date>`now() + make_interval(mins => ${terms.holdMinutes})`,
  };
}

/** A repeated submission of the same form opens the payment step with its own, new token. */
export async function renewPayToken(db: DB, bookingId: string, tokenHash: string): Promise<void> {
  await db
    .updateTable("bookings")
    .set({ payTokenHash: tokenHash })
    .where("id", "=", bookingId)
    .where("status", "=", "Awaiting payment")
    .execute();
}

/** The booking a payment link names, when its token matches (compared in constant time). */
export async function findBookingByPayLink(
  db: DB,
  reference: string,
  token: string,
): Promise<Booking | undefined> {
  if (!/^[A-Za-z0-9-]{1,20}$/.test(reference) || token.length === 0 || token.length > 100) return undefined;
  const booking = await db
    .selectFrom("bookings")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!booking?.payTokenHash) return undefined;
  const given = Buffer.from(hashPayToken(token), "hex");
  return timingSafeEqual(given, Buffer.from(booking.payTokenHash, "hex")) ? booking : undefined;
}

export function listAttempts(db: DB, bookingId: string): Promise<PaymentAttempt[]> {
  return db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("bookingId", "=", bookingId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

// ---- Attempts ----

export type StartAttemptResult =
  | { kind: "started"; attempt: PaymentAttempt }
  /** One is already waiting for the guest's approval: no second prompt. */
  | { kind: "under-way"; attempt: PaymentAttempt }
  /** The booking is no longer awaiting payment (paid, expired, cancelled), or its hold has ended. */
  | { kind: "closed" };

/**
 * Stores a new attempt with our reference, before the provider is called: whatever happens to
 * the call, the reconciler can ask the provider about this reference. The booking's row is
 * locked, so two submissions at once start one attempt (and the partial unique index on
 * attempts under way says so too).
 */
export async function startAttempt(
  db: DB,
  bookingId: string,
  payer: {
    phone: string | null;
    operator: MobileMoneyOperator | null;
    provider: string;
    /** Credit Card: paid in the provider's widget, no phone or operator (ADR 0018 "Cards"). */
    method?: PaymentAttemptMethod;
  },
): Promise<StartAttemptResult> {
  return db.transaction().execute(async (trx) => {
    const booking = await trx
      .selectFrom("bookings")
      .select(["reference", "status", "depositAmount"])
      .select(sql<boolean>`payment_due_by > now()`.as("holding"))
      .where("id", "=", bookingId)
      .forUpdate()
      .executeTakeFirst();
    if (!booking || booking.status !== "Awaiting payment" || !booking.holding || !booking.depositAmount) {
      return { kind: "closed" };
    }
    const underWay = await trx
      .selectFrom("paymentAttempts")
      .selectAll()
      .where("bookingId", "=", bookingId)
      .where("status", "in", ["created", "pending"])
      .executeTakeFirst();
    if (underWay) return { kind: "under-way", attempt: underWay };
    const attempt = await trx
      .insertInto("paymentAttempts")
      .values({
        bookingId,
        reference: `${booking.reference}-${randomBytes(4).toString("hex")}`,
        provider: payer.provider,
        method: payer.method ?? "Mobile Money",
        amountNgwee: booking.depositAmount * 100,
        phone: payer.method === "Credit Card" ? null : payer.phone,
        operator: payer.method === "Credit Card" ? null : payer.operator,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: "started", attempt };
  });
}

/** The provider refused to start the collection (bad number, its own rules): a final failure. */
export async function markAttemptRefused(db: DB, attemptId: string, reason: string): Promise<void> {
  await db
    .updateTable("paymentAttempts")
    .set({ status: "failed", failureReason: reason.slice(0, 300), updatedAt: new Date() })
    .where("id", "=", attemptId)
    .where("status", "in", ["created", "pending"])
    .execute();
}

/**
 * When to ask the provider again about an attempt still under way: soon at first (the webhook
 * usually comes within seconds), then doubling up to every 30 minutes, as Lenco advises re-query
 * services to do ("Webhooks").
 */
export function nextCheckDelayMs(checks: number): number {
  return Math.min(30 * 60_000, 15_000 * 2 ** Math.max(0, checks));
}

export async function scheduleNextCheck(
  db: DB,
  attempt: Pick<PaymentAttempt, "id" | "checks">,
): Promise<void> {
  await db
    .updateTable("paymentAttempts")
    .set({
      checks: attempt.checks + 1,
      nextCheckAt: new Date(Date.now() + nextCheckDelayMs(attempt.checks)),
      updatedAt: new Date(),
    })
    .where("id", "=", attempt.id)
    .where("status", "in", ["created", "pending"])
    .execute();
}

/** Attempts the reconciler should ask the provider about now. */
export function attemptsDueForCheck(db: DB, limit = 20): Promise<PaymentAttempt[]> {
  return db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("status", "in", ["created", "pending"])
    .where("nextCheckAt", "<=", sql<Date>`now()`)
    .orderBy("nextCheckAt")
    .limit(limit)
    .execute();
}

/** After a day without a final word (Lenco retries webhooks for 24 hours), stop asking. */
export const ABANDON_AFTER_MS = 24 * 60 * 60_000;

export async function abandonAttempt(db: DB, attemptId: string, reason: string): Promise<void> {
  await db
    .updateTable("paymentAttempts")
    .set({ status: "abandoned", failureReason: reason, updatedAt: new Date() })
    .where("id", "=", attemptId)
    .where("status", "in", ["created", "pending"])
    .execute();
}

// ---- A word from the provider ----

export type CollectionOutcome =
  | "unknown-attempt"
  /** Amount, currency or reference differ from what we asked: nothing changes. */
  | "mismatch"
  /** The attempt already has its final word: nothing changes. */
  | "already-final"
  | "pending"
  /** Under way, waiting for the one-time code the provider sent the guest. */
  | "otp-required"
  | "failed"
  /** Paid while the room was held: the booking is Confirmed. */
  | "confirmed"
  /** Paid after the hold expired, the room still free: the booking is Confirmed again. */
  | "late-confirmed"
  /** Paid, but the booking can no longer be confirmed (room sold again, cancelled): refund due. */
  | "refund-due";

/**
 * Applies what the provider said about a collection (its answer, a verified webhook, a status
 * query) to our attempt and booking, checking that the amount, currency and reference are the
 * ones we asked. Runs in the caller's transaction (the webhook records the event in the same one).
 */
export async function applyCollectionWord(
  trx: Trx,
  attemptReference: string,
  word: CollectionWord,
): Promise<CollectionOutcome> {
  const attempt = await trx
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("reference", "=", attemptReference)
    .forUpdate()
    .executeTakeFirst();
  if (!attempt) return "unknown-attempt";
  if (
    (word.reference !== null && word.reference !== attempt.reference) ||
    word.amountNgwee !== attempt.amountNgwee ||
    word.currency !== attempt.currency ||
    (attempt.providerReference !== null &&
      word.providerReference !== null &&
      word.providerReference !== attempt.providerReference)
  ) {
    return "mismatch";
  }
  const now = new Date();
  const providerReference = attempt.providerReference ?? word.providerReference;
  if (word.status === "pending" || word.status === "otp-required") {
    if (attempt.status !== "created" && attempt.status !== "pending") return "already-final";
    // Waiting for the guest either way; for the one-time code, the payment step asks for it.
    const otpRequired = word.status === "otp-required";
    await trx
      .updateTable("paymentAttempts")
      .set({ status: "pending", otpRequired, providerReference, updatedAt: now })
      .where("id", "=", attempt.id)
      .execute();
    return otpRequired ? "otp-required" : "pending";
  }
  if (word.status === "failed") {
    if (attempt.status !== "created" && attempt.status !== "pending") return "already-final";
    await trx
      .updateTable("paymentAttempts")
      .set({
        status: "failed",
        providerReference,
        failureReason: (word.failureReason ?? "The payment was not completed.").slice(0, 300),
        updatedAt: now,
      })
      .where("id", "=", attempt.id)
      .execute();
    return "failed";
  }
  // Money arrived: true whatever we thought before (a late success after we gave up counts).
  if (attempt.status === "successful") return "already-final";
  await trx
    .updateTable("paymentAttempts")
    .set({ status: "successful", providerReference, failureReason: null, updatedAt: now })
    .where("id", "=", attempt.id)
    .execute();
  const amount = attempt.amountNgwee / 100;
  await recordPayment(
    trx,
    { kind: "booking", id: attempt.bookingId },
    {
      kind: "payment",
      method: attempt.method,
      amount,
      transactionId: word.operatorTransactionId?.slice(0, 100) ?? null,
      note: `Deposit paid online (${paidBy(attempt)})`,
      provider: { name: attempt.provider, reference: providerReference ?? attempt.reference },
    },
  );
  return confirmPaidBooking(trx, attempt, amount);
}

/** How an attempt was paid, for the ledger's note: "MTN mobile money", "card". */
function paidBy(attempt: Pick<PaymentAttempt, "method" | "operator">): string {
  if (attempt.method === "Credit Card") return "card, in the payment service's own window";
  return `${attempt.operator === "mtn" ? "MTN" : "Airtel"} mobile money`;
}

async function confirmPaidBooking(
  trx: Trx,
  attempt: PaymentAttempt,
  amount: number,
): Promise<CollectionOutcome> {
  const booking = await trx
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", attempt.bookingId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const paid = `Deposit of ${formatKwacha(amount)} received by ${attempt.method === "Credit Card" ? "card" : "mobile money"} (${attempt.reference}).`;
  if (booking.status === "Awaiting payment") {
    await confirm(trx, booking, paid);
    return "confirmed";
  }
  if (booking.status === "Cancelled" && booking.paymentExpiredAt !== null) {
    // The hold expired and released the room; take it again if nobody else has. The ledger's
    // exclusion constraint decides, inside a savepoint so a refusal keeps the rest.
    await sql`savepoint late_payment`.execute(trx);
    try {
      await confirm(trx, booking, `${paid} It came after the hold had expired; the room was still free.`);
      await sql`release savepoint late_payment`.execute(trx);
      return "late-confirmed";
    } catch (error) {
      if (!isRoomAlreadyHeld(error)) throw error;
      await sql`rollback to savepoint late_payment`.execute(trx);
    }
  }
  await trx.updateTable("paymentAttempts").set({ refundDue: true }).where("id", "=", attempt.id).execute();
  await recordHistory(trx, {
    requestKind: "booking",
    requestId: booking.id,
    fromStatus: booking.status,
    toStatus: booking.status,
    actor: "system",
    note: `${paid} The booking could not be confirmed (${booking.status}): refund due.`,
  });
  return "refund-due";
}

async function confirm(trx: Trx, booking: Booking, note: string): Promise<void> {
  const confirmed = await trx
    .updateTable("bookings")
    .set({ status: "Confirmed", paymentDueBy: null })
    .where("id", "=", booking.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordHistory(trx, {
    requestKind: "booking",
    requestId: booking.id,
    fromStatus: booking.status,
    toStatus: "Confirmed",
    actor: "system",
    note,
  });
  // The guest's confirmation and the lodge's notice go now that the booking is confirmed
  // (decisions.md 27): a hold that expires unpaid never mails anyone.
  await enqueueNewRequestMails(trx, bookingFacts(confirmed));
}

/** Applies a provider's word in a transaction of its own. */
export function applyCollection(
  db: DB,
  attemptReference: string,
  word: CollectionWord,
): Promise<CollectionOutcome> {
  return db.transaction().execute((trx) => applyCollectionWord(trx, attemptReference, word));
}

// ---- Holds that run out ----

/** Bookings whose hold has run out unpaid. */
export function bookingsPastDue(db: DB, limit = 20): Promise<Pick<Booking, "id" | "reference">[]> {
  return db
    .selectFrom("bookings")
    .select(["id", "reference"])
    .where("status", "=", "Awaiting payment")
    .where("paymentDueBy", "<=", sql<Date>`now()`)
    .orderBy("paymentDueBy")
    .limit(limit)
    .execute();
}

/**
 * Releases the room of a booking whose hold ran out unpaid: Cancelled, with the expiry noted, in
 * one statement that re-checks the status and the time, so a payment confirmed a moment earlier
 * wins. Answers whether it released.
 */
export async function expireHold(db: DB, bookingId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable("bookings")
      .set({ status: "Cancelled", paymentExpiredAt: sql<Date>`now()` })
      .where("id", "=", bookingId)
      .where("status", "=", "Awaiting payment")
      .where("paymentDueBy", "<=", sql<Date>`now()`)
      .returning(["id"])
      .executeTakeFirst();
    if (!expired) return false;
    await recordHistory(trx, {
      requestKind: "booking",
      requestId: bookingId,
      fromStatus: "Awaiting payment",
      toStatus: "Cancelled",
      actor: "system",
      note: "No deposit was confirmed before the hold ended: the room is released.",
    });
    return true;
  });
}

// ---- Webhook events seen ----

/**
 * Records a verified webhook body once (by its SHA-256) in the caller's transaction; false when
 * it was seen before (delivered twice, or replayed).
 */
export async function recordWebhookEvent(
  trx: Trx,
  event: { provider: string; bodySha256: string; event: string; reference: string | null; outcome: string },
): Promise<boolean> {
  const row = await trx
    .insertInto("paymentWebhookEvents")
    .values({ ...event, reference: event.reference?.slice(0, 100) ?? null })
    .onConflict((conflict) => conflict.column("bodySha256").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function setWebhookOutcome(trx: Trx, bodySha256: string, outcome: string): Promise<void> {
  await trx
    .updateTable("paymentWebhookEvents")
    .set({ outcome })
    .where("bodySha256", "=", bodySha256)
    .execute();
}

/** Attempts that were paid but could not confirm their booking, for staff to refund. */
export function listRefundsDue(db: DB) {
  return db
    .selectFrom("paymentAttempts as a")
    .innerJoin("bookings as b", "b.id", "a.bookingId")
    .select([
      "a.id",
      "a.reference",
      "a.providerReference",
      "a.amountNgwee",
      "a.updatedAt",
      "b.id as bookingId",
      "b.reference as bookingReference",
      "b.name",
      "b.status",
    ])
    .where("a.refundDue", "=", true)
    .orderBy("a.updatedAt", "desc")
    .limit(100)
    .execute();
}
