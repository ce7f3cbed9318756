import { createHash } from "node:crypto";
import type { DB } from "~/shared/db/client.server.ts";
import {
  ABANDON_AFTER_MS,
  abandonAttempt,
  applyCollection,
  applyCollectionWord,
  attemptsDueForCheck,
  attemptsUnderWay,
  expireHold,
  listAttempts,
  markAttemptRefused,
  recordWebhookEvent,
  scheduleNextCheck,
  startAttempt,
  staysPastDue,
  type CollectionOutcome,
  type StartAttemptResult,
  type StayRef,
} from "~/features/payments/online-payments.server.ts";
import type { MobileMoneyOperator, PaymentAttempt } from "~/shared/db/schema.ts";
import { logger } from "~/shared/logger.server.ts";
import type { PaymentProvider } from "./payment-provider.server.ts";

// What the server does with the payment provider (decisions.md 33, ADR 0018): ask for a deposit,
// ask how an attempt stands, take a webhook, and — in the background — release expired holds and
// ask again about attempts whose webhook never came. The provider is the only source of truth
// about money: the browser's return never confirms anything. A stay is a room booking or a
// reservation (StayRef); both pay the same way.

/** Asks the guest's phone for the deposit: the attempt is stored first, then the provider called. */
export async function requestDeposit(
  db: DB,
  provider: PaymentProvider,
  stay: StayRef,
  payer: { phone: string; operator: MobileMoneyOperator },
): Promise<StartAttemptResult> {
  const started = await startAttempt(db, stay, { ...payer, provider: provider.name });
  if (started.kind !== "started") return started;
  const { attempt } = started;
  const answer = await provider.requestMobileMoney({
    reference: attempt.reference,
    amountNgwee: attempt.amountNgwee,
    currency: "ZMW",
    phone: payer.phone,
    operator: payer.operator,
  });
  switch (answer.kind) {
    case "accepted": {
      const outcome = await applyCollection(db, attempt.reference, answer.collection);
      logOutcome("request", attempt.reference, outcome);
      if (outcome === "pending" || outcome === "otp-required") await scheduleNextCheck(db, attempt);
      break;
    }
    case "refused":
      logger.warn(
        { attempt: attempt.reference, reason: answer.reason },
        "payment request refused by the provider",
      );
      await markAttemptRefused(db, attempt.id, answer.reason);
      break;
    case "unreachable":
      // It may have started: the stored reference lets the reconciler ask.
      logger.warn({ attempt: attempt.reference, reason: answer.reason }, "payment provider unreachable");
      await scheduleNextCheck(db, attempt);
      break;
  }
  return started;
}

/**
 * The guest's "Try again" while the provider could not be reached: the request under way is
 * asked about now rather than at its time; once the provider says it never arrived (and so
 * failed it), a new request goes to the same number. Anything else the page shows as it stands.
 */
export async function retryDeposit(db: DB, provider: PaymentProvider, stay: StayRef): Promise<void> {
  const [latest] = await listAttempts(db, stay);
  if (!latest || latest.method !== "Mobile Money" || latest.status !== "created") return;
  const { phone, operator } = latest;
  if (!phone || !operator) return;
  const outcome = await checkAttempt(db, provider, latest);
  if (outcome === "unknown") await requestDeposit(db, provider, stay, { phone, operator });
}

export type OtpResult =
  /** The provider took the code: the attempt goes on (the PIN prompt, or already an outcome). */
  | "accepted"
  /** The provider refused the code (wrong or expired); the guest may type it again. */
  | "refused"
  /** No attempt of this stay waits for a code (none, paid, failed, or the hold has ended). */
  | "not-waiting"
  | "unreachable";

/**
 * Passes the one-time code the provider sent the guest for the stay's attempt under way
 * (Lenco's `otp-required`). The code goes to the provider and nowhere else: not to the
 * database, not to the log.
 */
export async function submitDepositOtp(
  db: DB,
  provider: PaymentProvider,
  stay: StayRef,
  otp: string,
): Promise<OtpResult> {
  const [attempt] = await listAttempts(db, stay);
  if (!attempt || attempt.status !== "pending" || !attempt.otpRequired) return "not-waiting";
  const answer = await provider.submitOtp(attempt.reference, otp);
  switch (answer.kind) {
    case "accepted": {
      const outcome = await applyCollection(db, attempt.reference, answer.collection);
      logOutcome("one-time code", attempt.reference, outcome);
      // Still asking for a code after taking one: as good as refused, the guest types it again.
      if (outcome === "otp-required") return "refused";
      if (outcome === "pending") await scheduleNextCheck(db, attempt);
      return "accepted";
    }
    case "refused":
      logger.warn(
        { attempt: attempt.reference, reason: answer.reason },
        "one-time code refused by the provider",
      );
      return "refused";
    case "unreachable":
      logger.warn({ attempt: attempt.reference, reason: answer.reason }, "payment provider unreachable");
      return "unreachable";
  }
}

/**
 * A request that never reached the provider is failed after this long: it cannot start later, as
 * a call to the provider gives up well before (lenco.server.ts). Short, so that a guest whose
 * request met an outage can try again as soon as the provider is back.
 */
const UNKNOWN_AFTER_MS = 30_000;
/**
 * A card attempt is unknown to the provider until the guest pays in its widget, which may take
 * the whole hold; it is failed as never started only after this long.
 */
const CARD_UNKNOWN_AFTER_MS = 30 * 60_000;

/** Asks the provider how one attempt stands and applies the answer. */
export async function checkAttempt(
  db: DB,
  provider: PaymentProvider,
  attempt: PaymentAttempt,
  now = Date.now(),
): Promise<CollectionOutcome | "unknown" | "unreachable" | "abandoned"> {
  const answer = await provider.collectionStatus(attempt.reference);
  const age = now - attempt.createdAt.getTime();
  if (answer.kind === "found") {
    const outcome = await applyCollection(db, attempt.reference, answer.collection);
    logOutcome("status query", attempt.reference, outcome);
    if (outcome !== "pending" && outcome !== "otp-required") return outcome;
  } else if (
    answer.kind === "unknown" &&
    attempt.status === "created" &&
    age >= (attempt.method === "Credit Card" ? CARD_UNKNOWN_AFTER_MS : UNKNOWN_AFTER_MS)
  ) {
    await markAttemptRefused(db, attempt.id, "The payment request did not reach the payment service.");
    return "unknown";
  } else if (answer.kind === "unreachable") {
    logger.warn({ attempt: attempt.reference, reason: answer.reason }, "payment provider unreachable");
  }
  if (age >= ABANDON_AFTER_MS) {
    await abandonAttempt(db, attempt.id, "No final answer from the payment service within a day.");
    logger.warn({ attempt: attempt.reference }, "payment attempt abandoned: no final answer in a day");
    return "abandoned";
  }
  await scheduleNextCheck(db, attempt);
  return answer.kind === "found" ? "pending" : answer.kind;
}

// ---- Cards, in the provider's hosted widget (ADR 0018 "Cards") ----

export type CardStart =
  /** Open the widget for this attempt: its reference, amount and currency are ours. */
  | { kind: "open"; attempt: PaymentAttempt }
  /** A payment is already under way (a prompt on a phone, a card being confirmed). */
  | { kind: "under-way" }
  | { kind: "closed" };

/**
 * Starts a card payment: the attempt is stored with our reference before the widget opens, so
 * whatever happens in the guest's browser the reconciler can ask the provider about it. A card
 * attempt the provider has not heard of yet (the guest closed the widget, or reloaded the page)
 * is opened again under the same reference rather than a second one.
 */
export async function startCardPayment(db: DB, provider: PaymentProvider, stay: StayRef): Promise<CardStart> {
  const payer = { provider: provider.name, method: "Credit Card" as const, phone: null, operator: null };
  let started = await startAttempt(db, stay, payer);
  if (started.kind === "under-way") {
    const { attempt } = started;
    if (attempt.method !== "Credit Card" || attempt.status !== "created") return { kind: "under-way" };
    const answer = await provider.collectionStatus(attempt.reference);
    if (answer.kind === "unknown") return { kind: "open", attempt };
    if (answer.kind === "unreachable") return { kind: "under-way" };
    const outcome = await applyCollection(db, attempt.reference, answer.collection);
    logOutcome("status query", attempt.reference, outcome);
    if (outcome !== "failed") return { kind: "under-way" };
    started = await startAttempt(db, stay, payer);
  }
  if (started.kind === "started") return { kind: "open", attempt: started.attempt };
  return started.kind === "closed" ? { kind: "closed" } : { kind: "under-way" };
}

/**
 * The widget said the guest paid (onSuccess) or that the payment awaits confirmation
 * (onConfirmationPending), or was closed (onClose): the browser's word is only a cue to ask the
 * provider now. Its answer, checked against our amount, currency and reference, is what counts.
 * A card payment the provider has not heard of when the widget closes was not made: the attempt
 * fails, and the guest may try again.
 */
export async function checkCardPayment(
  db: DB,
  provider: PaymentProvider,
  stay: StayRef,
  cue: "paid" | "closed",
): Promise<void> {
  const attempt = (await attemptsUnderWay(db, stay)).find((under) => under.method === "Credit Card");
  if (!attempt) return;
  const answer = await provider.collectionStatus(attempt.reference);
  if (answer.kind === "found") {
    const outcome = await applyCollection(db, attempt.reference, answer.collection);
    logOutcome(`status query (widget ${cue})`, attempt.reference, outcome);
    if (outcome === "pending") await scheduleNextCheck(db, attempt);
  } else if (answer.kind === "unknown" && cue === "closed") {
    await markAttemptRefused(db, attempt.id, "The card payment was not completed.");
  } else {
    // The widget said paid, the provider cannot say yet: the page waits for its word (the
    // attempt is under way, nothing is confirmed).
    if (cue === "paid" && attempt.status === "created") {
      await db
        .updateTable("paymentAttempts")
        .set({ status: "pending", updatedAt: new Date() })
        .where("id", "=", attempt.id)
        .where("status", "=", "created")
        .execute();
    }
    if (answer.kind === "unreachable") {
      logger.warn({ attempt: attempt.reference, reason: answer.reason }, "payment provider unreachable");
    }
    await scheduleNextCheck(db, attempt);
  }
}

export interface WebhookAnswer {
  status: 200 | 400 | 401;
  outcome: string;
}

/**
 * A webhook from the provider: verified on its raw body, recorded once by the body's hash, and
 * applied in the same transaction (so a failure lets the provider's retry through). A forged or
 * tampered body is refused (401); one seen before (delivered twice or replayed) changes nothing
 * and is acknowledged, so the provider stops resending it. Nothing of the body is logged beyond
 * the event, our reference and the outcome.
 */
export async function receiveWebhook(
  db: DB,
  provider: PaymentProvider,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  source: { ip?: string } = {},
): Promise<WebhookAnswer> {
  const reading = provider.readWebhook(rawBody, headers);
  if (reading.kind === "forged") {
    logger.warn(
      { provider: provider.name, reason: reading.reason, ip: source.ip },
      "payment webhook refused: forged",
    );
    return { status: 401, outcome: "forged" };
  }
  if (reading.kind === "malformed") {
    logger.warn({ provider: provider.name, reason: reading.reason }, "payment webhook refused: malformed");
    return { status: 400, outcome: "malformed" };
  }
  const bodySha256 = createHash("sha256").update(rawBody).digest("hex");
  const event = reading.event;
  const reference = reading.kind === "collection" ? reading.collection.reference : null;
  const outcome = await db.transaction().execute(async (trx) => {
    const first = await recordWebhookEvent(trx, {
      provider: provider.name,
      bodySha256,
      event,
      reference,
      outcome: reading.kind === "ignored" ? "ignored" : "received",
    });
    if (!first) return "duplicate";
    if (reading.kind === "ignored" || reference === null) return "ignored";
    const applied = await applyCollectionWord(trx, reference, reading.collection);
    await trx
      .updateTable("paymentWebhookEvents")
      .set({ outcome: applied })
      .where("bodySha256", "=", bodySha256)
      .execute();
    return applied;
  });
  if (outcome === "duplicate") {
    logger.warn(
      { provider: provider.name, event, attempt: reference },
      "payment webhook seen before: ignored",
    );
  } else if (outcome === "mismatch") {
    logger.error(
      { provider: provider.name, event, attempt: reference },
      "payment webhook refused: amount, currency or reference differ from the attempt",
    );
  } else {
    logOutcome(`webhook ${event}`, reference, outcome);
  }
  return { status: 200, outcome };
}

function logOutcome(source: string, reference: string | null, outcome: string): void {
  const fields = { source, attempt: reference, outcome };
  if (outcome === "refund-due")
    logger.warn(fields, "payment received for a stay that cannot be confirmed: refund due");
  else if (outcome === "mismatch") logger.error(fields, "payment answer differs from the attempt: ignored");
  else if (outcome === "unknown-attempt")
    logger.warn(fields, "payment answer for an unknown attempt: ignored");
  else logger.info(fields, "payment attempt updated");
}

/**
 * One pass of the reconciler: holds past their time are released (after one last question to
 * the provider about an attempt still under way, so a payment made at the last second wins), and
 * attempts whose webhook has not come are asked about. Answers what it did, for tests and logs.
 */
export async function reconcilePayments(
  db: DB,
  provider: PaymentProvider,
): Promise<{ released: string[]; checked: number }> {
  const released: string[] = [];
  for (const stay of await staysPastDue(db)) {
    if (await releaseIfPastDue(db, provider, stay)) released.push(stay.reference);
  }
  const due = await attemptsDueForCheck(db);
  for (const attempt of due) await checkAttempt(db, provider, attempt);
  return { released, checked: due.length };
}

/**
 * Releases a stay's room if its hold has run out unpaid, after one last question to the
 * provider about an attempt still under way. Answers whether it released.
 */
export async function releaseIfPastDue(
  db: DB,
  provider: PaymentProvider,
  stay: StayRef & { reference: string },
): Promise<boolean> {
  for (const attempt of await attemptsUnderWay(db, stay)) await checkAttempt(db, provider, attempt);
  const released = await expireHold(db, stay);
  if (released) logger.info({ [stay.kind]: stay.reference }, "payment hold expired: room released");
  return released;
}

export interface PaymentReconciler {
  stop(): Promise<void>;
}

/** Runs `reconcilePayments` every `intervalMs` (15 s by default) until stopped; like the outbox worker. */
export function startPaymentReconciler(options: {
  database: () => Promise<DB>;
  provider: PaymentProvider;
  intervalMs?: number;
}): PaymentReconciler {
  const intervalMs = options.intervalMs ?? 15_000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  function schedule(delay: number) {
    if (stopping) return;
    timer = setTimeout(run, delay);
    timer.unref();
  }
  function run() {
    running = options
      .database()
      .then((db) => reconcilePayments(db, options.provider))
      .then(() => undefined)
      .catch((error: unknown) => {
        logger.error(
          { error: error instanceof Error ? error.message : String(error) },
          "payment reconciler pass failed",
        );
      })
      .finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
  }
  schedule(0);
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
