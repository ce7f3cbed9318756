// What the payment step shows (ADR 0018), as plain data: the page's loader builds it on the
// server (app/features/payments/pay-page.server.ts) and the progress island (app/features/payments/components/payment-progress-island.tsx)
// reads it again from the same loader while the guest approves. Client-safe: types and constants
// (no zod: the islands load their schemas when the guest sends a form).
import type { PaymentAttemptStatus } from "~/shared/db/schema.ts";

/**
 * How often the waiting page asks again, in seconds: without JavaScript the page reloads itself
 * (a `<meta http-equiv="refresh">` inside `<noscript>`); with it the island asks the loader's data.
 */
export const PROGRESS_REFRESH_SECONDS = 5;

/** The hidden `intent` that sends the one-time code form to the payment step's action. */
export const OTP_INTENT = "otp";

/** The hidden `intent` of "Try again" while the payment service cannot be reached. */
export const RETRY_INTENT = "retry";

export type PayState =
  /** Awaiting payment: the form (again after a failed attempt). */
  | "pay"
  /** A prompt is on the guest's phone; the page follows it. */
  | "waiting"
  /**
   * The payment service could not be reached with the guest's request: the page says so, offers
   * to try again (or to pay at the lodge), and follows the request until the service answers.
   */
  | "unreachable"
  /** The provider texted the guest a one-time code to verify the number: the page asks for it. */
  | "otp"
  /** The deposit is confirmed: the booking is Confirmed. */
  | "paid"
  /** The hold ran out unpaid; the room was released. */
  | "expired"
  /** Anything else (cancelled by staff, checked in…). */
  | "closed";

/** The latest attempt, as the guest may see it (the number masked). */
interface PayAttempt {
  status: PaymentAttemptStatus;
  /** A card attempt has no phone or operator (both empty). */
  method: "Mobile Money" | "Credit Card";
  operator: string;
  phone: string;
  reason: string | null;
}

export interface PayView {
  state: PayState;
  /** What the deposit is for: a room booking or a reservation (the words around it follow). */
  kind: "booking" | "reservation";
  reference: string;
  /** The payment link's token, for the form's and the progress's addresses. */
  token: string;
  guestName: string;
  room: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  total: number;
  deposit: number;
  paid: number;
  /** ISO time the hold ends (while awaiting payment). */
  dueBy: string | null;
  depositPolicy: string;
  cancellationPolicy: string;
  sandbox: boolean;
  attempt: PayAttempt | null;
  refundDue: boolean;
  phone: string;
  /** The card widget is offered (LENCO_PUBLIC_KEY set); `cardFirst`: the guest chose Credit Card. */
  card: boolean;
  cardFirst: boolean;
  /** The lodge's booking phone, to pay at the lodge instead. */
  lodgePhone: string;
}

/** What the card island needs to open the provider's widget (the pay action's answer). */
export interface CardCheckout {
  key: string;
  scriptUrl: string;
  reference: string;
  email: string;
  /** In kwacha, a decimal as the widget takes it. */
  amount: number;
  currency: string;
  label: string;
  customer: { firstName: string; lastName: string; phone: string };
}

/** The page's heading once the deposit confirmed the stay. */
export function confirmedTitle(kind: PayView["kind"]): string {
  return kind === "booking" ? "Booking confirmed" : "Reservation confirmed";
}

/** Where to book again after a hold ended: the booking page, for the same dates. */
export function bookAgainAddress(view: Pick<PayView, "kind" | "checkIn" | "checkOut">): string {
  const query = new URLSearchParams({
    tab: view.kind === "booking" ? "room" : "reservation",
    checkIn: view.checkIn,
    checkOut: view.checkOut,
  });
  return `/booking?${query.toString()}`;
}

/** A reason to quote inside a sentence of ours: without its own final full stop. */
export function quotedReason(reason: string): string {
  return reason.trim().replace(/[.\s]+$/, "");
}

export const PROVIDER_UNREACHABLE = "Mobile money cannot be reached just now.";
/** What the guest can do meanwhile. */
export const providerUnreachableOptions = (lodgePhone: string) =>
  `You can try again in a moment, or pay at the lodge instead: call us on ${lodgePhone} while your room is held.`;
export const HOLD_ENDED =
  "The time to pay ended before a payment was confirmed, so the room has been released.";
export const LATE_PAYMENT_REFUND =
  "Your payment arrived after the room's hold had ended and the room has been booked by someone else. The lodge will refund your deposit; we are sorry.";

export type PayLoaderData = { ok: true; view: PayView } | { ok: false; message: string };

/** The card option without JavaScript (the widget is the provider's script). */
export const CARD_NEEDS_JAVASCRIPT =
  "Paying by card needs JavaScript, which is off in this browser. Pay by mobile money instead, or call the lodge to pay at the desk when you arrive.";
export const CARD_COULD_NOT_OPEN =
  "The card payment window could not be opened. Please try again, or pay by mobile money.";
