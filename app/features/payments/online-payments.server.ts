import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { depositFor } from "~/features/payments/deposit-policy.ts";
import { formatKwacha } from "~/shared/money.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { isRoomAlreadyHeld } from "../../shared/db/database-errors.server.ts";
import { getLodgeSettings } from "../pricing/lodge-settings.server.ts";
import { recordPayment } from "./payments-ledger.server.ts";
import type { ProviderCollection } from "./payment-provider.server.ts";
import { bookingFacts, enqueueNewRequestMails, reservationFacts } from "../requests/request-mails.server.ts";
import { recordHistory } from "../requests/request-history.server.ts";
import type {
  Booking,
  Database,
  MobileMoneyOperator,
  PaymentAttempt,
  PaymentAttemptMethod,
  Reservation,
} from "../../shared/db/schema.ts";
import type { StayStatus } from "~/shared/db/schema.ts";

// Deposits paid online (decisions.md 33, ADR 0018; migrations 2026-11-25-4-online-payments and
// 2026-11-25-9-reservation-deposits): the stay (a room booking or a reservation) held `Awaiting
// payment`, the attempts to collect its deposit, and what a word from the provider (its answer, a
// webhook, a status query) does to them. Every change to an attempt and its stay happens in one
// transaction with the attempt's row locked, so the same word arriving twice, late or out of
// order changes nothing twice. Bookings and reservations share the columns of a hold; the code
// names the table by the stay's kind.

type Trx = Transaction<Database>;

/** A stay that may pay a deposit online: a room booking or a reservation, by its id. */
export interface StayRef {
  kind: "booking" | "reservation";
  id: string;
}

/**
 * The table of a stay's kind. Bookings and reservations share every column this file reads or
 * writes (the hold's four and the guest's); Kysely needs one table name to type them.
 */
function stayTable(kind: StayRef["kind"]): "bookings" {
  return (kind === "booking" ? "bookings" : "reservations") as "bookings";
}

/** The column of payment_attempts that names a stay of this kind. */
function attemptColumn(kind: StayRef["kind"]) {
  return kind === "booking" ? ("bookingId" as const) : ("reservationId" as const);
}

/** The stay an attempt pays for (exactly one of its two ids is set: the database checks it). */
function stayOfAttempt(attempt: Pick<PaymentAttempt, "bookingId" | "reservationId">): StayRef {
  return attempt.bookingId !== null
    ? { kind: "booking", id: attempt.bookingId }
    : { kind: "reservation", id: attempt.reservationId! };
}

/** A stay as the payment step shows it: what bookings and reservations have in common. */
export interface PayableStay extends StayRef {
  reference: string;
  status: StayStatus;
  name: string;
  email: string | null;
  phone: string;
  paymentMethod: Booking["paymentMethod"];
  /** The room as the guest chose it. */
  room: string;
  checkIn: string;
  checkOut: string;
  totalPrice: number;
  depositAmount: number | null;
  paymentDueBy: Date | null;
  paymentExpiredAt: Date | null;
  payTokenHash: string | null;
}

function payableBooking(booking: Booking): PayableStay {
  return { ...pick(booking), kind: "booking", room: booking.selectedRoom };
}

function payableReservation(reservation: Reservation): PayableStay {
  const rooms = reservation.roomCount > 1 ? ` (${reservation.roomCount} rooms)` : "";
  return {
    ...pick(reservation),
    kind: "reservation",
    room: `${reservation.roomNumber} - ${reservation.roomType}${rooms}`,
  };
}

function pick(stay: Booking | Reservation) {
  const { id, reference, status, name, email, phone, paymentMethod, checkIn, checkOut } = stay;
  const { totalPrice, depositAmount, paymentDueBy, paymentExpiredAt, payTokenHash } = stay;
  return {
    id,
    reference,
    status,
    name,
    email,
    phone,
    paymentMethod,
    checkIn,
    checkOut,
    totalPrice,
    depositAmount,
    paymentDueBy,
    paymentExpiredAt,
    payTokenHash,
  };
}

// ---- The booking's hold and its payment link ----

/** The token in the payment page's address and the hash stored in its place. */
export function newPayToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashPayToken(token) };
}

function hashPayToken(token: string): string {
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
export async function renewPayToken(db: DB, stay: StayRef, tokenHash: string): Promise<void> {
  await db
    .updateTable(stayTable(stay.kind))
    .set({ payTokenHash: tokenHash })
    .where("id", "=", stay.id)
    .where("status", "=", "Awaiting payment")
    .execute();
}

/**
 * The stay a payment link names, when its token matches (compared in constant time). References
 * are unique per table; a booking and a reservation that happened to share one are told apart by
 * the token.
 */
export async function findStayByPayLink(
  db: DB,
  reference: string,
  token: string,
): Promise<PayableStay | undefined> {
  if (!/^[A-Za-z0-9-]{1,20}$/.test(reference) || token.length === 0 || token.length > 100) return undefined;
  const [booking, reservation] = await Promise.all([
    db.selectFrom("bookings").selectAll().where("reference", "=", reference).executeTakeFirst(),
    db.selectFrom("reservations").selectAll().where("reference", "=", reference).executeTakeFirst(),
  ]);
  const given = Buffer.from(hashPayToken(token), "hex");
  const matches = (hash: string | null | undefined) =>
    hash ? timingSafeEqual(given, Buffer.from(hash, "hex")) : false;
  if (booking && matches(booking.payTokenHash)) return payableBooking(booking);
  if (reservation && matches(reservation.payTokenHash)) return payableReservation(reservation);
  return undefined;
}

/** Every attempt of one stay, for the readers below to narrow or order. */
function attemptsOf(db: DB | Trx, stay: StayRef) {
  return db.selectFrom("paymentAttempts").selectAll().where(attemptColumn(stay.kind), "=", stay.id);
}

export function listAttempts(db: DB, stay: StayRef): Promise<PaymentAttempt[]> {
  return attemptsOf(db, stay).orderBy("createdAt", "desc").orderBy("id", "desc").execute();
}

/** The stay's attempts still under way (at most one: a partial unique index per kind). */
export function attemptsUnderWay(db: DB | Trx, stay: StayRef): Promise<PaymentAttempt[]> {
  return attemptsOf(db, stay).where("status", "in", ["created", "pending"]).execute();
}

// ---- Attempts ----

export type StartAttemptResult =
  | { kind: "started"; attempt: PaymentAttempt }
  /** One is already waiting for the guest's approval: no second prompt. */
  | { kind: "under-way"; attempt: PaymentAttempt }
  /** The stay is no longer awaiting payment (paid, expired, cancelled), or its hold has ended. */
  | { kind: "closed" };

/**
 * Stores a new attempt with our reference, before the provider is called: whatever happens to
 * the call, the reconciler can ask the provider about this reference. The stay's row is locked,
 * so two submissions at once start one attempt (and the partial unique index on attempts under
 * way says so too).
 */
export async function startAttempt(
  db: DB,
  stay: StayRef,
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
      .selectFrom(stayTable(stay.kind))
      .select(["reference", "status", "depositAmount"])
      .select(sql<boolean>`payment_due_by > now()`.as("holding"))
      .where("id", "=", stay.id)
      .forUpdate()
      .executeTakeFirst();
    if (!booking || booking.status !== "Awaiting payment" || !booking.holding || !booking.depositAmount) {
      return { kind: "closed" };
    }
    const [underWay] = await attemptsUnderWay(trx, stay);
    if (underWay) return { kind: "under-way", attempt: underWay };
    const attempt = await trx
      .insertInto("paymentAttempts")
      .values({
        bookingId: stay.kind === "booking" ? stay.id : null,
        reservationId: stay.kind === "reservation" ? stay.id : null,
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
function nextCheckDelayMs(checks: number): number {
  return Math.min(30 * 60_000, 15_000 * 2 ** Math.max(0, checks));
}

/**
 * A mobile money request the provider has not acknowledged (it could not be reached) is asked
 * about at this steady pace for a hold's length, not at the growing one: the guest waits on the
 * payment step, and the attempt must fail as never arrived as soon as the provider is back, so
 * that the guest can try again at once.
 */
const UNREACHED_CHECK_MS = 10_000;
const UNREACHED_STEADY_CHECKS = 90;

export async function scheduleNextCheck(
  db: DB,
  attempt: Pick<PaymentAttempt, "id" | "checks">,
): Promise<void> {
  const now = Date.now();
  const usual = new Date(now + nextCheckDelayMs(attempt.checks));
  const steady = attempt.checks < UNREACHED_STEADY_CHECKS ? new Date(now + UNREACHED_CHECK_MS) : usual;
  await db
    .updateTable("paymentAttempts")
    .set({
      checks: attempt.checks + 1,
      // The row's own status and method: the caller's copy may predate the provider's answer.
      nextCheckAt: sql<Date>`case when status = 'created' and method = 'Mobile Money' then ${steady}::timestamptz else ${usual}::timestamptz end`,
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
  /** Paid while the room was held: the stay is Confirmed. */
  | "confirmed"
  /** Paid after the hold expired, the room still free: the stay is Confirmed again. */
  | "late-confirmed"
  /** Paid, but the stay can no longer be confirmed (room sold again, cancelled): refund due. */
  | "refund-due";

/**
 * Applies what the provider said about a collection (its answer, a verified webhook, a status
 * query) to our attempt and its stay, checking that the amount, currency and reference are the
 * ones we asked. Runs in the caller's transaction (the webhook records the event in the same one).
 */
export async function applyCollectionWord(
  trx: Trx,
  attemptReference: string,
  word: ProviderCollection,
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
  await recordPayment(trx, stayOfAttempt(attempt), {
    kind: "payment",
    method: attempt.method,
    amount,
    transactionId: word.operatorTransactionId?.slice(0, 100) ?? null,
    note: `Deposit paid online (${paidBy(attempt)})`,
    provider: { name: attempt.provider, reference: providerReference ?? attempt.reference },
  });
  return confirmPaidStay(trx, attempt, amount);
}

/** How an attempt was paid, for the ledger's note: "MTN mobile money", "card". */
function paidBy(attempt: Pick<PaymentAttempt, "method" | "operator">): string {
  if (attempt.method === "Credit Card") return "card, in the payment service's own window";
  return `${attempt.operator === "mtn" ? "MTN" : "Airtel"} mobile money`;
}

async function confirmPaidStay(
  trx: Trx,
  attempt: PaymentAttempt,
  amount: number,
): Promise<CollectionOutcome> {
  const stay = stayOfAttempt(attempt);
  const booking = await trx
    .selectFrom(stayTable(stay.kind))
    .selectAll()
    .where("id", "=", stay.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const paid = `Deposit of ${formatKwacha(amount)} received by ${attempt.method === "Credit Card" ? "card" : "mobile money"} (${attempt.reference}).`;
  if (booking.status === "Awaiting payment") {
    await confirm(trx, stay, booking.status, paid);
    return "confirmed";
  }
  if (booking.status === "Cancelled" && booking.paymentExpiredAt !== null) {
    // The hold expired and released the room; take it again if nobody else has. The ledger's
    // exclusion constraint decides, inside a savepoint so a refusal keeps the rest.
    await sql`savepoint late_payment`.execute(trx);
    try {
      await confirm(
        trx,
        stay,
        booking.status,
        `${paid} It came after the hold had expired; the room was still free.`,
      );
      await sql`release savepoint late_payment`.execute(trx);
      return "late-confirmed";
    } catch (error) {
      if (!isRoomAlreadyHeld(error)) throw error;
      await sql`rollback to savepoint late_payment`.execute(trx);
    }
  }
  await trx.updateTable("paymentAttempts").set({ refundDue: true }).where("id", "=", attempt.id).execute();
  await recordHistory(trx, {
    requestKind: stay.kind,
    requestId: stay.id,
    fromStatus: booking.status,
    toStatus: booking.status,
    actor: "system",
    note: `${paid} The ${stay.kind} could not be confirmed (${booking.status}): refund due.`,
  });
  return "refund-due";
}

async function confirm(trx: Trx, stay: StayRef, from: StayStatus, note: string): Promise<void> {
  const confirmed = await trx
    .updateTable(stayTable(stay.kind))
    .set({ status: "Confirmed", paymentDueBy: null })
    .where("id", "=", stay.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordHistory(trx, {
    requestKind: stay.kind,
    requestId: stay.id,
    fromStatus: from,
    toStatus: "Confirmed",
    actor: "system",
    note,
  });
  // The guest's confirmation and the lodge's notice go now that the stay is confirmed
  // (decisions.md 27): a hold that expires unpaid never mails anyone. The row is a booking's or a
  // reservation's by `stay.kind` (the table was named by it).
  await enqueueNewRequestMails(
    trx,
    stay.kind === "booking" ? bookingFacts(confirmed) : reservationFacts(confirmed as unknown as Reservation),
  );
}

/** Applies a provider's word in a transaction of its own. */
export function applyCollection(
  db: DB,
  attemptReference: string,
  word: ProviderCollection,
): Promise<CollectionOutcome> {
  return db.transaction().execute((trx) => applyCollectionWord(trx, attemptReference, word));
}

// ---- Holds that run out ----

/** Bookings and reservations whose hold has run out unpaid (each table by its partial index). */
export async function staysPastDue(db: DB, limit = 20): Promise<(StayRef & { reference: string })[]> {
  const pastDue = (kind: StayRef["kind"]) =>
    db
      .selectFrom(stayTable(kind))
      .select(["id", "reference", "paymentDueBy"])
      .where("status", "=", "Awaiting payment")
      .where("paymentDueBy", "<=", sql<Date>`now()`)
      .orderBy("paymentDueBy")
      .limit(limit)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, kind })));
  const rows = [...(await pastDue("booking")), ...(await pastDue("reservation"))];
  rows.sort((a, b) => (a.paymentDueBy?.getTime() ?? 0) - (b.paymentDueBy?.getTime() ?? 0));
  return rows.slice(0, limit).map(({ kind, id, reference }) => ({ kind, id, reference }));
}

/**
 * Releases the room of a stay whose hold ran out unpaid: Cancelled, with the expiry noted, in
 * one statement that re-checks the status and the time, so a payment confirmed a moment earlier
 * wins. Answers whether it released.
 */
export async function expireHold(db: DB, stay: StayRef): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable(stayTable(stay.kind))
      .set({ status: "Cancelled", paymentExpiredAt: sql<Date>`now()` })
      .where("id", "=", stay.id)
      .where("status", "=", "Awaiting payment")
      .where("paymentDueBy", "<=", sql<Date>`now()`)
      .returning(["id"])
      .executeTakeFirst();
    if (!expired) return false;
    await recordHistory(trx, {
      requestKind: stay.kind,
      requestId: stay.id,
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

/** Attempts that were paid but could not confirm their stay, for staff to refund. */
export async function listRefundsDue(db: DB) {
  const rows = await db
    .selectFrom("paymentAttempts as a")
    .leftJoin("bookings as b", "b.id", "a.bookingId")
    .leftJoin("reservations as r", "r.id", "a.reservationId")
    .select((eb) => [
      "a.id",
      "a.reference",
      "a.providerReference",
      "a.amountNgwee",
      "a.updatedAt",
      "a.bookingId",
      "a.reservationId",
      eb.fn.coalesce("b.reference", "r.reference").as("stayReference"),
      eb.fn.coalesce("b.name", "r.name").as("name"),
      eb.fn.coalesce("b.status", "r.status").as("status"),
    ])
    .where("a.refundDue", "=", true)
    .orderBy("a.updatedAt", "desc")
    .limit(100)
    .execute();
  return rows.map(({ bookingId, reservationId, ...row }) => ({
    ...row,
    stay: stayOfAttempt({ bookingId, reservationId }),
  }));
}
