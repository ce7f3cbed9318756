// Server side of the payment step, /pay/:reference?token=… (decisions.md 33, ADR 0018): the
// deposit of a stay (a room booking or a reservation) `Awaiting payment`, the form that sends the PIN prompt to the guest's
// phone, the progress while the guest approves, and the outcome. The page never confirms
// anything itself: it shows what the provider's word (webhook or status query) has done.
import { data, redirect, type RouterContextProvider } from "react-router";
import { getDb, writeAllowedContext } from "~/shared/context.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { paymentProviderContext } from "./payment-provider.server.ts";
import { logReadFailure, logWriteFailure } from "~/shared/db/failures.server.ts";
import { getLodgeSettings } from "~/features/pricing/lodge-settings.server.ts";
import {
  findStayByPayLink,
  listAttempts,
  type PayableStay,
} from "~/features/payments/online-payments.server.ts";
import { listPayments, netPaid } from "~/features/payments/payments-ledger.server.ts";
import type { PaymentAttempt } from "~/shared/db/schema.ts";
import { nightsBetween } from "~/shared/dates.ts";
import { cancellationPolicyText, depositPolicyText } from "~/features/payments/deposit-policy.ts";
import { RATE_LIMITED } from "~/shared/messages.ts";
import { site } from "~/content/site.ts";
import { readFormBody } from "~/shared/forms/form-body.server.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { mobileMoneyPaymentSchema } from "~/features/payments/mobile-money-schema.ts";
import { paymentOtpSchema } from "~/features/payments/payment-otp-schema.ts";
import {
  checkAttempt,
  checkCardPayment,
  releaseIfPastDue,
  requestDeposit,
  retryDeposit,
  startCardPayment,
  submitDepositOtp,
} from "~/features/payments/deposits.server.ts";
import type { PaymentProvider } from "~/features/payments/payment-provider.server.ts";
import { payStepPath } from "~/features/payments/pay-step.server.ts";
import {
  OTP_INTENT,
  RETRY_INTENT,
  type CardCheckout,
  type PayLoaderData,
  type PayState,
  type PayView,
} from "~/features/payments/pay-view.ts";

type Context = Readonly<RouterContextProvider>;

const PAY_LINK_NOT_VALID = "This payment link is not valid. Look your booking up on My Booking.";
const PAYMENT_STEP_FAILED = "Something went wrong on our side. Your room is still held: please try again.";

function masked(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-3)}`;
}

/**
 * A mobile money request still unacknowledged this long after it started has met a payment
 * service that cannot be reached (a call to it gives up sooner: lenco.server.ts), even if the
 * call's own outcome was never recorded.
 */
const UNREACHABLE_AFTER_MS = 20_000;

/** The guest's request did not reach the payment service: a call got no answer, or none came in time. */
function unreached(attempt: PaymentAttempt): boolean {
  return (
    attempt.method === "Mobile Money" &&
    attempt.status === "created" &&
    (attempt.checks > 0 || Date.now() - attempt.createdAt.getTime() >= UNREACHABLE_AFTER_MS)
  );
}

function stateOf(booking: PayableStay, latest: PaymentAttempt | undefined): PayState {
  if (booking.status === "Awaiting payment") {
    if (latest && unreached(latest)) return "unreachable";
    // A card attempt the provider has not heard of is a widget opened, not a payment under way:
    // the guest may open it again (pay.server's card intents).
    if (latest?.method === "Credit Card" && latest.status === "created") return "pay";
    if (latest?.status === "pending" && latest.otpRequired) return "otp";
    return latest && (latest.status === "created" || latest.status === "pending") ? "waiting" : "pay";
  }
  if (latest?.status === "successful" && !latest.refundDue) return "paid";
  if (booking.status === "Cancelled" && booking.paymentExpiredAt !== null) return "expired";
  return "closed";
}

async function payView(context: Context, provider: PaymentProvider, booking: PayableStay, token: string) {
  const db = await getDb(context);
  const [settings, attempts, payments] = await Promise.all([
    getLodgeSettings(db),
    listAttempts(db, booking),
    listPayments(db, booking),
  ]);
  const latest = attempts[0];
  const deposit = booking.depositAmount ?? 0;
  const view: PayView = {
    state: stateOf(booking, latest),
    kind: booking.kind,
    reference: booking.reference,
    token,
    guestName: booking.name,
    room: booking.room,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    nights: nightsBetween(booking.checkIn, booking.checkOut),
    total: booking.totalPrice,
    deposit,
    paid: netPaid(payments),
    dueBy:
      booking.status === "Awaiting payment" && booking.paymentDueBy
        ? booking.paymentDueBy.toISOString()
        : null,
    depositPolicy: depositPolicyText(settings),
    cancellationPolicy: cancellationPolicyText(settings, deposit),
    sandbox: provider.sandbox,
    attempt: latest
      ? {
          status: latest.status,
          method: latest.method,
          operator: latest.operator === null ? "" : latest.operator === "mtn" ? "MTN" : "Airtel",
          phone: latest.phone === null ? "" : masked(latest.phone),
          reason: latest.failureReason,
        }
      : null,
    refundDue: attempts.some((attempt) => attempt.refundDue),
    phone: booking.phone,
    card: Boolean(provider.cardWidget),
    cardFirst: Boolean(provider.cardWidget) && booking.paymentMethod === "Credit Card",
    lodgePhone: site.bookingPhones[0],
  };
  return view;
}

/**
 * Finds the stay of a payment link and brings it up to date first: a hold past its time is
 * released (after a last question to the provider), and an attempt whose webhook is late is
 * asked about, so the page shows the provider's word even when the webhook never comes.
 */
async function currentBooking(context: Context, provider: PaymentProvider, reference: string, token: string) {
  const db = await getDb(context);
  let booking = await findStayByPayLink(db, reference, token);
  if (!booking) return undefined;
  if (booking.status === "Awaiting payment") {
    if (booking.paymentDueBy && booking.paymentDueBy.getTime() <= Date.now()) {
      await releaseIfPastDue(db, provider, booking);
    } else {
      const [latest] = await listAttempts(db, booking);
      if (
        latest &&
        (latest.status === "created" || latest.status === "pending") &&
        latest.nextCheckAt.getTime() <= Date.now()
      ) {
        await checkAttempt(db, provider, latest);
      }
    }
    booking = (await findStayByPayLink(db, reference, token)) ?? booking;
  }
  return booking;
}

function noStore() {
  return { "Cache-Control": "no-store" };
}

export async function loadPayStep(request: Request, context: Context, reference: string) {
  const provider = context.get(paymentProviderContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!provider) throw data(null, { status: 404 });
  try {
    const booking = await currentBooking(context, provider, reference, token);
    if (!booking) {
      return data<PayLoaderData>(
        { ok: false, message: PAY_LINK_NOT_VALID },
        { status: 404, headers: noStore() },
      );
    }
    // No Refresh header: it would reload the page under the progress island too. The page
    // refreshes itself only without JavaScript (pay.tsx); this answer serves both the page and
    // the island's data requests (`/pay/<reference>.data?token=…`), never cached.
    const view = await payView(context, provider, booking, token);
    return data<PayLoaderData>({ ok: true, view }, { headers: noStore() });
  } catch (error) {
    logReadFailure("payment step", error);
    return data<PayLoaderData>(
      { ok: false, message: PAYMENT_STEP_FAILED },
      { status: 503, headers: noStore() },
    );
  }
}

export type PayActionData = {
  message?: string;
  /** The card widget's settings for the attempt just stored (the card island's `intent=card`). */
  card?: CardCheckout;
  values: Record<string, string>;
  fieldErrors?: Record<string, string | undefined>;
};

/** Sends the PIN prompt: validates the number, stores the attempt, calls the provider, then PRG. */
export async function submitPayStep(request: Request, context: Context, reference: string) {
  const provider = context.get(paymentProviderContext);
  if (!provider) throw data(null, { status: 404 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const form = await readFormBody(request);
  const intent = form.get("intent");
  if (intent === "card" || intent === "card-paid" || intent === "card-closed") {
    return submitCard(context, provider, reference, token, intent);
  }
  if (intent === OTP_INTENT) return submitOtpStep(context, provider, reference, token, form);
  if (intent === RETRY_INTENT) return submitRetry(context, provider, reference, token);
  const values = {
    phone: String(form.get("phone") ?? "").slice(0, 30),
    operator: String(form.get("operator") ?? "").slice(0, 10),
  };
  if (!context.get(writeAllowedContext)) {
    return data<PayActionData>({ message: RATE_LIMITED, values }, { status: 429 });
  }
  const parsed = parseForm(mobileMoneyPaymentSchema, form);
  if (!parsed.ok) return data<PayActionData>({ values, fieldErrors: parsed.fieldErrors }, { status: 400 });
  return onPayLinkStay(context, reference, token, values, async (db, booking) => {
    await requestDeposit(db, provider, booking, parsed.data);
    // Whatever came of it (prompt sent, refused, provider down), the page shows it.
    return redirect(payStepPath(reference, token), { headers: noStore() });
  });
}

/**
 * Runs one of the step's writes on the stay the link names, with the answers every write shares:
 * 404 when the link names none, 503 when the database fails; both keep what the guest typed.
 */
async function onPayLinkStay<T>(
  context: Context,
  reference: string,
  token: string,
  values: Record<string, string>,
  write: (db: DB, booking: PayableStay) => Promise<T>,
) {
  try {
    const db = await getDb(context);
    const booking = await findStayByPayLink(db, reference, token);
    if (!booking) return data<PayActionData>({ message: PAY_LINK_NOT_VALID, values }, { status: 404 });
    return await write(db, booking);
  } catch (error) {
    logWriteFailure("payment step", error);
    return data<PayActionData>({ message: PAYMENT_STEP_FAILED, values }, { status: 503 });
  }
}

/** "Try again" while the payment service could not be reached: ask it now, then PRG. */
async function submitRetry(context: Context, provider: PaymentProvider, reference: string, token: string) {
  if (!context.get(writeAllowedContext)) {
    return data<PayActionData>({ message: RATE_LIMITED, values: {} }, { status: 429 });
  }
  return onPayLinkStay(context, reference, token, {}, async (db, booking) => {
    if (booking.status === "Awaiting payment") await retryDeposit(db, provider, booking);
    // Sent again, still unreachable, or settled meanwhile: the page says which.
    return redirect(payStepPath(reference, token), { headers: noStore() });
  });
}

const CARD_NOT_OFFERED = "Card payment is not available. Please pay by mobile money.";

/**
 * The card island's requests (ADR 0018 "Cards"): `card` stores an attempt and answers what the
 * provider's widget needs to open (our reference, the deposit, the public key); `card-paid` and
 * `card-closed` are the widget's callbacks, which only make this server ask the provider before
 * the page is shown again. No card data is ever part of these requests: the guest types it into
 * the provider's own frame.
 */
async function submitCard(
  context: Context,
  provider: PaymentProvider,
  reference: string,
  token: string,
  intent: "card" | "card-paid" | "card-closed",
) {
  const values = {};
  if (!context.get(writeAllowedContext)) {
    return data<PayActionData>({ message: RATE_LIMITED, values }, { status: 429 });
  }
  const widget = provider.cardWidget;
  if (!widget) return data<PayActionData>({ message: CARD_NOT_OFFERED, values }, { status: 404 });
  return onPayLinkStay(context, reference, token, values, async (db, booking) => {
    if (intent !== "card") {
      await checkCardPayment(db, provider, booking, intent === "card-paid" ? "paid" : "closed");
      return redirect(payStepPath(reference, token), { headers: noStore() });
    }
    const started = await startCardPayment(db, provider, booking);
    // Paid, expired, or a payment under way: the page says which.
    if (started.kind !== "open") return redirect(payStepPath(reference, token), { headers: noStore() });
    const [firstName = "", ...rest] = booking.name.trim().split(/\s+/);
    const card: CardCheckout = {
      key: widget.publicKey,
      scriptUrl: widget.scriptUrl,
      reference: started.attempt.reference,
      email: booking.email ?? "",
      amount: started.attempt.amountNgwee / 100,
      currency: started.attempt.currency,
      label: `Deposit for ${booking.kind} ${booking.reference}`,
      customer: { firstName, lastName: rest.join(" "), phone: booking.phone },
    };
    return data<PayActionData>({ values, card }, { headers: noStore() });
  });
}

export const OTP_REFUSED =
  "That code was not accepted. Check the text message and enter its 6-digit code again.";
export const OTP_UNREACHABLE =
  "The payment service did not answer. Your room is still held: please enter the code again.";

/**
 * The one-time code the provider texted the guest (Lenco's `otp-required`): checked by the same
 * schema as the form, passed to the provider, then PRG to the progress. The code is never echoed
 * back, stored or logged; a refused one gets its message beside the field.
 */
async function submitOtpStep(
  context: Context,
  provider: PaymentProvider,
  reference: string,
  token: string,
  form: FormData,
) {
  if (!context.get(writeAllowedContext)) {
    return data<PayActionData>({ message: RATE_LIMITED, values: {} }, { status: 429 });
  }
  const parsed = parseForm(paymentOtpSchema, form);
  if (!parsed.ok)
    return data<PayActionData>({ values: {}, fieldErrors: parsed.fieldErrors }, { status: 400 });
  return onPayLinkStay(context, reference, token, {}, async (db, booking) => {
    // A hold that has ended takes no code (the money would come for a room already released).
    const holding =
      booking.status === "Awaiting payment" && (booking.paymentDueBy?.getTime() ?? 0) > Date.now();
    const result = holding ? await submitDepositOtp(db, provider, booking, parsed.data.otp) : "not-waiting";
    if (result === "refused") {
      return data<PayActionData>({ values: {}, fieldErrors: { otp: OTP_REFUSED } }, { status: 400 });
    }
    if (result === "unreachable") {
      return data<PayActionData>({ message: OTP_UNREACHABLE, values: {} }, { status: 503 });
    }
    // Taken, or nothing waits for a code any more (paid, failed, hold ended): the page says which.
    return redirect(payStepPath(reference, token), { headers: noStore() });
  });
}
