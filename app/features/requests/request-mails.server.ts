import { NGWEE_PER_KWACHA } from "../../shared/money.ts";
import type { Transaction } from "kysely";
import type { HistoryActor } from "~/shared/db/schema.ts";
import type {
  BookedFacts,
  RequestFacts,
  StayFacts,
  VenueBookingFacts,
} from "~/features/mail/mail-payload.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import { getKeptPrices } from "../pricing/rates.server.ts";
import { sumTaxLines } from "../pricing/folio.ts";
import type { Booking, ContactMessage, Database, Reservation, VenueBooking } from "../../shared/db/schema.ts";

// The mails a request causes (decisions.md 27, 28), written by the data-layer functions inside the
// transaction that saves or changes the request: both commit, or neither.

type Trx = Transaction<Database> | DB;

export function bookingFacts(row: Booking): StayFacts {
  return { ...stayFacts(row), kind: "booking" };
}

export function reservationFacts(row: Reservation): StayFacts {
  return { ...stayFacts(row), kind: "reservation" };
}

function stayFacts(row: Booking | Reservation): Omit<StayFacts, "kind"> {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roomType: row.roomType,
    roomNumber: row.roomNumber,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    adults: row.adults,
    children: row.children,
    total: Number(row.totalPrice),
    status: row.status,
    message: row.message,
  };
}

export function venueBookingFacts(row: VenueBooking): VenueBookingFacts {
  return {
    kind: "venue-booking",
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    venueName: row.venueName,
    date: row.bookingDate,
    people: row.numberOfPeople,
    total: Number(row.totalPrice),
    status: row.status,
    message: row.message,
  };
}

export function contactMessageFacts(row: ContactMessage): RequestFacts {
  return {
    kind: "contact-message",
    id: String(row.id),
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
  };
}

/** A request's facts with the bill it keeps, read in the transaction that writes the mail. */
async function withBill<T extends RequestFacts>(trx: Trx, request: T): Promise<T> {
  if (request.kind === "contact-message") return request;
  const column =
    request.kind === "booking"
      ? "bookingId"
      : request.kind === "reservation"
        ? "reservationId"
        : "venueBookingId";
  const [{ nights, taxes }, charges] = await Promise.all([
    getKeptPrices(trx, request.kind, request.id),
    // Extras and charges standing on the bill (app/features/extras), as kept: in ngwee.
    trx
      .selectFrom("folioCharges")
      .select(["name", "quantity", "amountNgwee", "vatRateBp", "vatNgwee", "levyRateBp", "levyNgwee"])
      .where(column, "=", request.id)
      .where("voidedAt", "is", null)
      .orderBy("id")
      .execute(),
  ]);
  const chargeTaxes = charges.flatMap((charge) => [
    ...(charge.vatRateBp > 0
      ? [{ kind: "vat" as const, rateBp: charge.vatRateBp, amount: charge.vatNgwee / NGWEE_PER_KWACHA }]
      : []),
    ...(charge.levyRateBp > 0
      ? [{ kind: "levy" as const, rateBp: charge.levyRateBp, amount: charge.levyNgwee / NGWEE_PER_KWACHA }]
      : []),
  ]);
  const extras = charges.map((charge) => ({
    label: `${charge.name} × ${charge.quantity}`,
    amount: charge.amountNgwee / NGWEE_PER_KWACHA,
  }));
  return {
    ...request,
    total: request.total + extras.reduce((sum, extra) => sum + extra.amount, 0),
    bill: {
      nights: nights.map(({ night, price }) => ({ night, price })),
      taxes: sumTaxLines([taxes, chargeTaxes]),
      ...(extras.length > 0 ? { extras } : {}),
    },
  };
}

/** A new request: its acknowledgement to the guest and the news to the lodge. */
export async function enqueueNewRequestMails(trx: Trx, facts: RequestFacts): Promise<void> {
  const request = await withBill(trx, facts);
  const about = { kind: request.kind, id: request.id };
  // A guest entered at the desk without an address hears nothing by mail (decisions.md 34).
  if (request.email) {
    await enqueueMail(trx, {
      audience: "guest",
      recipient: request.email,
      payload: { template: "request-received", request },
      request: about,
    });
  }
  await enqueueMail(trx, {
    audience: "lodge",
    payload: { template: "new-request", request },
    request: about,
  });
}

/** The status changes a guest hears of (the others are the lodge's own bookkeeping). */
const TOLD_TO_GUEST = new Set(["Confirmed", "Declined", "Cancelled"]);

/**
 * A status change: the guest hears of a confirmation, a refusal or a cancellation; when the guest
 * cancelled, the lodge hears of it too.
 */
export async function enqueueStatusMails(
  trx: Trx,
  request: BookedFacts,
  from: string,
  to: string,
  actor: HistoryActor,
): Promise<void> {
  if (!TOLD_TO_GUEST.has(to)) return;
  const about = { kind: request.kind, id: request.id };
  const current = { ...(await withBill(trx, request)), status: to };
  if (request.email) {
    const sequence =
      request.kind === "booking" || request.kind === "reservation"
        ? await guestMailsAbout(trx, about)
        : undefined;
    await enqueueMail(trx, {
      audience: "guest",
      recipient: request.email,
      payload: {
        template: "status-changed",
        request: current,
        from,
        to,
        ...(sequence === undefined ? {} : { sequence }),
      },
      request: about,
    });
  }
  if (actor === "guest" && to === "Cancelled") {
    await enqueueMail(trx, {
      audience: "lodge",
      payload: { template: "guest-cancelled", request: current },
      request: about,
    });
  }
}

/**
 * How many mails to the guest about this request the outbox holds: the next one's place, which a
 * stay's calendar invitation carries as its SEQUENCE (the first, the acknowledgement, is 0). The
 * caller holds the request's row lock, so two changes cannot count the same number.
 */
async function guestMailsAbout(trx: Trx, about: { kind: BookedFacts["kind"]; id: string }): Promise<number> {
  const row = await trx
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("requestKind", "=", about.kind)
    .where("requestId", "=", about.id)
    .where("audience", "=", "guest")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
