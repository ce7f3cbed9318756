// What /my-booking answers about a request, for the page and its JSON route alike: the guest's
// view, without what the lodge keeps for itself (the request's database id, when it was made).
// Client-safe: the island's types are these.
import type { DepositOutcome } from "~/features/payments/deposit-policy.ts";
import type { QuotedNight, TaxLine } from "~/features/pricing/rates.ts";
import type { GuestRequestView } from "./my-booking.server.ts";

/** What /my-booking shows of a request (app/features/stays/my-booking.server.ts reads it). */
export interface MyBookingRequest {
  kind: "booking" | "reservation" | "venue-booking";
  reference: string;
  status: string;
  name: string;
  what: string;
  from: string;
  until: string;
  total: number;
  /** Paid so far, net of refunds, by any means (online deposit, at the desk). */
  paid: number;
  /** Still to pay on the total; null for a request that no longer counts (cancelled, declined). */
  due: number | null;
  history: { toStatus: string | null; actor: string; at: string }[];
  mayCancel: boolean;
  nights: QuotedNight[];
  taxes: TaxLine[];
  /** A cancelled or missed stay with money paid: what becomes of the deposit. */
  deposit: { outcome: DepositOutcome } | null;
}

/** The guest's view of a request found by its reference and e-mail: only what the page shows. */
export function guestRequestAnswer(request: GuestRequestView): MyBookingRequest {
  const { kind, reference, status, name, what, from, until, total, paid, due, mayCancel, nights, taxes } =
    request;
  return {
    kind,
    reference,
    status,
    name,
    what,
    from,
    until,
    total,
    paid,
    due,
    history: request.history.map(({ toStatus, actor, at }) => ({ toStatus, actor, at: at.toISOString() })),
    mayCancel,
    nights,
    taxes,
    deposit: request.deposit && { outcome: request.deposit.outcome },
  };
}
