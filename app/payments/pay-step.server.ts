import { redirect, type RouterContextProvider } from "react-router";
import { paymentProviderContext } from "~/context.server.ts";
import type { DB } from "~/db/client.server.ts";
import { newPayToken, renewPayToken } from "~/db/online-payments.server.ts";
import type { Booking } from "~/db/schema.ts";
import type { PaymentMethod } from "~/lib/messages.ts";

// How a booking action hands a guest who pays online to the payment step (ADR 0018). Mobile Money
// always, when a provider is configured; Credit Card when its hosted card widget is configured too
// (LENCO_PUBLIC_KEY): the card is typed into Lenco's own frame, never into our pages. Cash, and
// Credit Card without the widget, are confirmed as before and paid at the lodge.

export interface PayLink {
  token: string;
  hash: string;
}

/** A fresh payment link when this booking may pay its deposit online, else null. */
export function payOnlineFor(
  context: Readonly<RouterContextProvider>,
  paymentMethod: PaymentMethod,
): PayLink | null {
  const provider = context.get(paymentProviderContext);
  if (!provider) return null;
  if (paymentMethod === "Mobile Money") return newPayToken();
  return paymentMethod === "Credit Card" && provider.cardWidget ? newPayToken() : null;
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
