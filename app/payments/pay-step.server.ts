import { redirect, type RouterContextProvider } from "react-router";
import { paymentProviderContext } from "~/context.server.ts";
import type { DB } from "~/db/client.server.ts";
import { newPayToken, renewPayToken } from "~/db/online-payments.server.ts";
import type { Booking } from "~/db/schema.ts";
import type { PaymentMethod } from "~/lib/messages.ts";

// How a booking action hands a guest who pays online to the payment step (ADR 0018). Card is not
// offered online: Lenco has no hosted payment page this site could send a guest to without its
// script in our pages or card numbers through our server (see the ADR); Cash and Credit Card
// bookings are confirmed as before and paid at the lodge.

export interface PayLink {
  token: string;
  hash: string;
}

/** A fresh payment link when this booking may pay its deposit online, else null. */
export function payOnlineFor(
  context: Readonly<RouterContextProvider>,
  paymentMethod: PaymentMethod,
): PayLink | null {
  return context.get(paymentProviderContext) && paymentMethod === "Mobile Money" ? newPayToken() : null;
}

/** The payment step's address for a booking. */
export function payStepPath(reference: string, token: string): string {
  return `/pay/${encodeURIComponent(reference)}?token=${encodeURIComponent(token)}`;
}

/**
 * A redirect to the payment step when the booking awaits its deposit, else null. A repeated
 * submission of the form (its first answer lost) gets a link of its own: the stored hash is
 * replaced, so the newest link is the one that works.
 */
export async function payStepRedirect(
  db: DB,
  booking: Booking,
  repeated: boolean,
  link: PayLink | null,
): Promise<Response | null> {
  if (!link || booking.status !== "Awaiting payment") return null;
  if (repeated) await renewPayToken(db, booking.id, link.hash);
  return redirect(payStepPath(booking.reference, link.token));
}
