import { loadExtraCharges } from "../extras/extras.server.ts";
import { sumTaxLines } from "../pricing/folio.ts";
import { sql } from "kysely";
import { guestMayCancelStay } from "~/features/requests/stay-lifecycle.ts";
import { type RequestKind, type StayStatus } from "~/shared/db/schema.ts";
import type { DB } from "../../shared/db/client.server.ts";
import type { QuotedNight, TaxLine } from "~/features/pricing/rates.ts";
import {
  balanceDue,
  getDepositOutcome,
  listPayments,
  netPaid,
  type StayDepositOutcome,
} from "../payments/payments-ledger.server.ts";
import { getKeptPrices } from "../pricing/rates.server.ts";
import { listHistory } from "../requests/request-history.server.ts";
import { changeStayStatus } from "../requests/request-status.server.ts";
import type { RequestHistoryEntry } from "../../shared/db/schema.ts";

// A guest's own view of a request (decisions.md 28, /my-booking): found only by its reference
// AND the e-mail it was made with, whatever the letter case of either.

export interface GuestRequestView {
  kind: Exclude<RequestKind, "contact-message">;
  id: string;
  reference: string;
  status: string;
  name: string;
  /** A room (stays) or a venue. */
  what: string;
  /** First and last day: check-in and check-out, or the event's day twice. */
  from: string;
  until: string;
  total: number;
  /** Paid so far, net of refunds (the ledger: online deposits and the desk's payments). */
  paid: number;
  /** Still to pay on the total; null for a request that no longer counts (cancelled, declined). */
  due: number | null;
  createdAt: Date;
  history: Pick<RequestHistoryEntry, "toStatus" | "actor" | "at">[];
  /** A stay that has not begun and still holds its room. */
  mayCancel: boolean;
  /** The bill the request keeps: its nights one by one and the taxes its total contains. */
  nights: QuotedNight[];
  taxes: TaxLine[];
  /**
   * A cancelled or missed stay with money paid: what the cancellation policy does with the
   * deposit (kept, to be refunded, refunded), as the lodge's request page reckons it.
   */
  deposit: StayDepositOutcome | null;
}

type Found = Omit<
  GuestRequestView,
  "history" | "mayCancel" | "nights" | "taxes" | "deposit" | "paid" | "due"
>;

/** A request that no longer counts owes nothing more (its deposit, if any, says what is kept). */
const NOTHING_DUE = ["Cancelled", "Declined"];

async function findRequest(db: DB, reference: string, email: string): Promise<Found | undefined> {
  // References are unique per table and stored in capitals (the form's schema normalises what the
  // guest typed, so the unique index answers); the e-mail must match too, in any letter case.
  const sameGuest = [sql<boolean>`reference = ${reference}`, sql<boolean>`lower(email) = lower(${email})`];
  const stay = async (table: "bookings" | "reservations", kind: "booking" | "reservation") => {
    // Bookings and reservations share these columns; Kysely needs one table name to type them.
    const row = await db
      .selectFrom(table as "bookings")
      .where((eb) => eb.and(sameGuest))
      .select([
        "id",
        "reference",
        "status",
        "name",
        "roomType",
        "roomNumber",
        "checkIn",
        "checkOut",
        "totalPrice",
        "createdAt",
      ])
      .executeTakeFirst();
    return row
      ? {
          kind,
          id: row.id,
          reference: row.reference,
          status: row.status,
          name: row.name,
          what: `${row.roomType}, room ${row.roomNumber}`,
          from: row.checkIn,
          until: row.checkOut,
          total: Number(row.totalPrice),
          createdAt: row.createdAt,
        }
      : undefined;
  };
  const venue = async () => {
    const row = await db
      .selectFrom("venueBookings")
      .select(["id", "reference", "status", "name", "venueName", "bookingDate", "totalPrice", "createdAt"])
      .where((eb) => eb.and(sameGuest))
      .executeTakeFirst();
    return row
      ? {
          kind: "venue-booking" as const,
          id: row.id,
          reference: row.reference,
          status: row.status,
          name: row.name,
          what: row.venueName,
          from: row.bookingDate,
          until: row.bookingDate,
          total: Number(row.totalPrice),
          createdAt: row.createdAt,
        }
      : undefined;
  };
  return (
    (await stay("bookings", "booking")) ?? (await stay("reservations", "reservation")) ?? (await venue())
  );
}

/** The request with this reference and e-mail, its history and whether the guest may cancel it. */
export async function findGuestRequest(
  db: DB,
  reference: string,
  email: string,
  today: string,
): Promise<GuestRequestView | undefined> {
  const found = await findRequest(db, reference, email);
  if (!found) return undefined;
  const [history, kept, deposit, payments, extras] = await Promise.all([
    listHistory(db, found.kind, found.id),
    getKeptPrices(db, found.kind, found.id),
    found.kind === "venue-booking" ? null : getDepositOutcome(db, { kind: found.kind, id: found.id }),
    listPayments(db, { kind: found.kind, id: found.id }),
    loadExtraCharges(db, { kind: found.kind, id: found.id }),
  ]);
  const paid = netPaid(payments);
  // The bill's extras and charges count in the total and its taxes (the folio lists them).
  const total = found.total + extras.reduce((sum, extra) => sum + extra.amount, 0);
  return {
    ...found,
    ...kept,
    total,
    taxes: sumTaxLines([kept.taxes, ...extras.map((extra) => extra.taxes)]),
    paid,
    due: NOTHING_DUE.includes(found.status) ? null : balanceDue(total, paid),
    deposit,
    history: history.map(({ toStatus, actor, at }) => ({ toStatus, actor, at })),
    mayCancel:
      found.kind !== "venue-booking" &&
      guestMayCancelStay({ status: found.status as StayStatus, checkIn: found.from }, today),
  };
}

export type GuestCancelResult =
  | { kind: "cancelled"; request: GuestRequestView }
  | { kind: "not-allowed"; request: GuestRequestView }
  | { kind: "not-found" };

/**
 * The guest cancels a stay that has not begun. The status change (one transaction, row locked:
 * changeStayStatus) releases the room and writes the mails to the guest and the lodge.
 */
export async function cancelStayAsGuest(
  db: DB,
  reference: string,
  email: string,
  today: string,
): Promise<GuestCancelResult> {
  const request = await findGuestRequest(db, reference, email, today);
  if (!request) return { kind: "not-found" };
  if (!request.mayCancel || request.kind === "venue-booking") return { kind: "not-allowed", request };
  const changed = await changeStayStatus(db, request.kind, request.id, "Cancelled", {
    actor: "guest",
    note: "Cancelled by the guest on /my-booking.",
  });
  const after = (await findGuestRequest(db, reference, email, today)) ?? request;
  return changed.kind === "changed"
    ? { kind: "cancelled", request: after }
    : { kind: "not-allowed", request: after };
}
