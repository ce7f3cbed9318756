// What the payment step shows (ADR 0018), as plain data: the page's loader builds it on the
// server (app/routes/pay.server.ts) and the progress island (app/components/payment-progress-island.tsx)
// reads it again from the same loader while the guest approves. Client-safe: types and one number.
import type { PaymentAttemptStatus } from "~/db/schema.ts";

/**
 * How often the waiting page asks again, in seconds: without JavaScript the page reloads itself
 * (a `<meta http-equiv="refresh">` inside `<noscript>`); with it the island asks the loader's data.
 */
export const PROGRESS_REFRESH_SECONDS = 5;

export type PayState =
  /** Awaiting payment: the form (again after a failed attempt). */
  | "pay"
  /** A prompt is on the guest's phone; the page follows it. */
  | "waiting"
  /** The provider texted the guest a one-time code to verify the number: the page asks for it. */
  | "otp"
  /** The deposit is confirmed: the booking is Confirmed. */
  | "paid"
  /** The hold ran out unpaid; the room was released. */
  | "expired"
  /** Anything else (cancelled by staff, checked in…). */
  | "closed";

/** The latest attempt, as the guest may see it (the number masked). */
export interface PayAttempt {
  status: PaymentAttemptStatus;
  operator: string;
  phone: string;
  reason: string | null;
}

export interface PayView {
  state: PayState;
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
}

export type PayLoaderData = { ok: true; view: PayView } | { ok: false; message: string };
