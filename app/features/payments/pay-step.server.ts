import type { RouterContextProvider } from "react-router";
import { paymentProviderContext } from "./payment-provider.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { newPayToken, renewPayToken, type StayRef } from "~/features/payments/online-payments.server.ts";
import type { StayStatus } from "~/shared/db/schema.ts";
import type { PaymentMethod } from "~/shared/db/schema.ts";

// How placing a stay from a guest's form (app/features/stays/place-stay.server.ts) hands a guest
// who pays online to the payment step (ADR 0018). Mobile Money always, when a provider is configured; Credit Card when its hosted card widget is configured too
// (LENCO_PUBLIC_KEY): the card is typed into Lenco's own frame, never into our pages. Cash, and
// Credit Card without the widget, are confirmed as before and paid at the lodge.

export interface PayLink {
  token: string;
  hash: string;
}

/** A fresh payment link when this stay may pay its deposit online, else null. */
export function payOnlineFor(
  context: Readonly<RouterContextProvider>,
  paymentMethod: PaymentMethod,
): PayLink | null {
  const provider = context.get(paymentProviderContext);
  if (!provider) return null;
  if (paymentMethod === "Mobile Money") return newPayToken();
  return paymentMethod === "Credit Card" && provider.cardWidget ? newPayToken() : null;
}

/** The payment step's address for a stay (its reference: a booking's or a reservation's). */
export function payStepPath(reference: string, token: string): string {
  return `/pay/${encodeURIComponent(reference)}?token=${encodeURIComponent(token)}`;
}

/**
 * The payment step's address when the stay awaits its deposit, else null. A repeated submission of
 * the form (its first answer lost) gets a link of its own: the stored hash is replaced, so the
 * newest link is the one that works.
 */
export async function payStepAddress(
  db: DB,
  stay: StayRef & { reference: string; status: StayStatus },
  repeated: boolean,
  link: PayLink | null,
): Promise<string | null> {
  if (!link || stay.status !== "Awaiting payment") return null;
  if (repeated) await renewPayToken(db, stay, link.hash);
  return payStepPath(stay.reference, link.token);
}
