import { sql, type Expression, type Transaction } from "kysely";
import { stayRuleBreach } from "~/features/pricing/rates.ts";
import type { PaymentMethod } from "~/shared/db/schema.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { isRoomAlreadyHeld } from "../../shared/db/database-errors.server.ts";
import { awaitingPaymentColumns, onlineDepositTerms } from "../payments/online-payments.server.ts";
import { saveOnce, type RequestAuthor } from "../requests/guest-requests.server.ts";
import { toIntegerId } from "../../shared/db/ids.ts";
import { roomLabel } from "../requests/room-label.ts";
import { getLodgeSettings } from "../pricing/lodge-settings.server.ts";
import { keepGuestExtras } from "../extras/extras.server.ts";
import { bookingFacts, enqueueNewRequestMails } from "../requests/request-mails.server.ts";
import { recordHistory } from "../requests/request-history.server.ts";
import {
  keepPrices,
  loadPricing,
  overrideHistory,
  priceStay,
  quoteRoomList,
  type StayRuleOverride,
} from "../pricing/rates.server.ts";
import type { FreeRoomList } from "./room-choices.ts";
import type { Booking, Database, RequestChannel, Room } from "../../shared/db/schema.ts";

/** The specification's room status, derived from the stays that hold the room tonight. */
type RoomStatus = "Available" | "Occupied";

/** The stay that holds a room tonight (the specification's `currentBooking`). */
interface CurrentBooking {
  kind: "booking" | "reservation";
  bookingId: string;
  reference: string;
  checkIn: string;
  checkOut: string;
  createdAt: Date;
  guestName: string;
  phone: string;
}

export interface RoomWithStatus extends Room {
  /** Occupied while a stay or an out-of-service period covers tonight (decisions.md 24). */
  status: RoomStatus;
  currentBooking: CurrentBooking | null;
  /** Taken out of service by staff for tonight. */
  outOfService: boolean;
}

/** A stay's dates as the guest gives them; check-out may equal check-in (one night). */
export interface StayDates {
  checkIn: string;
  checkOut: string;
}

/** The nights a stay holds, as a PostgreSQL daterange (the same rule as the ledger's triggers). */
function nightsOf({ checkIn, checkOut }: StayDates): Expression<unknown> {
  return sql`daterange(${checkIn}::date, greatest(${checkOut}::date, ${checkIn}::date + 1))`;
}

/** A room is free for these nights when no hold of it overlaps them. */
function freeFor(stay: StayDates) {
  return sql<boolean>`not exists (
    select 1 from room_holds h where h.room_id = rooms.id and h.nights && ${nightsOf(stay)})`;
}

/**
 * Every room with its status for the lodge's `today` (decisions.md 12, 24), by number. The
 * ledger's exclusion constraint lets at most one hold cover one room's night, so each room
 * appears once.
 */
export async function listRooms(db: DB, today: string): Promise<RoomWithStatus[]> {
  const rows = await db
    .selectFrom("rooms")
    .leftJoin("roomHolds as h", (join) =>
      join.onRef("h.roomId", "=", "rooms.id").on(sql<boolean>`h.nights @> ${today}::date`),
    )
    .leftJoin("bookings as b", "b.id", "h.bookingId")
    .leftJoin("reservations as r", "r.id", "h.reservationId")
    .selectAll("rooms")
    .select([
      "h.id as holdId",
      "h.closureId",
      "b.id as bookingId",
      "r.id as reservationId",
      sql<string | null>`coalesce(b.reference, r.reference)`.as("holdReference"),
      sql<string | null>`coalesce(b.check_in, r.check_in)`.as("holdCheckIn"),
      sql<string | null>`coalesce(b.check_out, r.check_out)`.as("holdCheckOut"),
      sql<Date | null>`coalesce(b.created_at, r.created_at)`.as("holdCreatedAt"),
      sql<string | null>`coalesce(b.name, r.name)`.as("holdGuestName"),
      sql<string | null>`coalesce(b.phone, r.phone)`.as("holdPhone"),
    ])
    .orderBy("rooms.roomNumber")
    .execute();
  return rows.map((row) => {
    const { holdId, closureId, bookingId, reservationId, ...rest } = row;
    const { holdReference, holdCheckIn, holdCheckOut, holdCreatedAt, holdGuestName, holdPhone, ...room } =
      rest;
    const stayId = bookingId ?? reservationId;
    return {
      ...room,
      status: holdId === null ? "Available" : "Occupied",
      outOfService: closureId !== null,
      currentBooking:
        stayId === null
          ? null
          : {
              kind: bookingId !== null ? "booking" : "reservation",
              bookingId: stayId,
              reference: holdReference ?? "",
              checkIn: holdCheckIn ?? "",
              checkOut: holdCheckOut ?? "",
              createdAt: holdCreatedAt ?? new Date(0),
              guestName: holdGuestName ?? "",
              phone: holdPhone ?? "",
            },
    };
  });
}

/**
 * Rooms free for every night of a stay, by number. Before the guest has chosen dates, pass
 * tonight: `{ checkIn: today, checkOut: today }` (decisions.md 24).
 */
export function listFreeRooms(db: DB, stay: StayDates): Promise<Room[]> {
  return db.selectFrom("rooms").selectAll().where(freeFor(stay)).orderBy("roomNumber").execute();
}

/**
 * The rooms free for a stay with each one's quote for it, and the stay rules to show beside the
 * dates (for `roomType`, or every type): what every stay form lists.
 */
export async function listQuotedFreeRooms(
  db: DB,
  stay: StayDates & { chosen: boolean },
  roomType: string | null = null,
): Promise<FreeRoomList> {
  const [rooms, settings] = await Promise.all([listFreeRooms(db, stay), getLodgeSettings(db)]);
  const { vatRegistered, vatRateBp, levyRateBp } = settings;
  // The taxes the quotes contain are shown under them, computed as the bill computes them.
  return {
    ...(await quoteRoomList(db, rooms, stay, roomType)),
    taxes: { vatRegistered, vatRateBp, levyRateBp },
  };
}

export interface RoomTypeAvailability {
  type: string;
  /** The lowest nightly rate among the type's rooms (the database is the price's only source). */
  price: number;
  /** Rooms of this type. */
  total: number;
  /** Rooms of this type free for every night of the stay. */
  free: number;
}

/** For each room type: how many of its rooms are free for a stay, and its nightly rate. */
export async function countFreeRoomsByType(db: DB, stay: StayDates): Promise<RoomTypeAvailability[]> {
  const rows = await db
    .selectFrom("rooms")
    .select([
      "type",
      sql<number>`min(price)::int`.as("price"),
      sql<number>`count(*)::int`.as("total"),
      sql<number>`(count(*) filter (where ${freeFor(stay)}))::int`.as("free"),
    ])
    .groupBy("type")
    .orderBy("type")
    .execute();
  return rows;
}

/** The lowest nightly rate of each room type, for cards and structured data. */
export async function roomTypePrices(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("rooms")
    .select(["type", sql<number>`min(price)::int`.as("price")])
    .groupBy("type")
    .execute();
  return new Map(rows.map((row) => [row.type, row.price]));
}

export async function getRoom(db: DB, id: string | number): Promise<Room | undefined> {
  const roomId = toIntegerId(id);
  if (roomId === undefined) return undefined;
  return db.selectFrom("rooms").selectAll().where("id", "=", roomId).executeTakeFirst();
}

export interface RoomBookingRequest extends StayDates {
  roomId: string | number;
  name: string;
  /** Null only at the desk, for a guest without an address (no mail is sent to the guest). */
  email: string | null;
  phone: string;
  paymentMethod: PaymentMethod;
  adults: number;
  children: number;
  message?: string | null;
  /** The form's submission id: a repeated POST answers with the first booking. */
  submissionId: string | null;
  /** Staff entering a stay that breaks a stay rule, and why (recorded in the history). */
  stayRuleOverride?: StayRuleOverride | null;
  /** Where it came from: the web forms (the default), a phone call or a guest at the door. */
  channel?: RequestChannel;
  /** A walk-in checked in at once (the desk); otherwise Confirmed. */
  status?: "Confirmed" | "Checked in";
  /** Who entered it: the guest (the default) or the staff account at the desk. */
  by?: RequestAuthor;
  /**
   * The guest pays the deposit online (a provider is configured and Mobile Money chosen): when the
   * manager's policy asks a deposit, the booking is stored `Awaiting payment` (ADR 0018) with the
   * hash of its payment link's token.
   */
  payOnline?: { tokenHash: string } | null;
  /** Extras chosen from the catalogue: kept with the booking at the prices of the moment. */
  extraIds?: readonly number[];
}

export type BookRoomResult =
  | { kind: "booked"; booking: Booking; repeated: boolean }
  /** Another stay (or an out-of-service period) holds the room for one of these nights. */
  | { kind: "taken" }
  /** The stay breaks the stay rule in force on its arrival night: the message says which. */
  | { kind: "stay-rule"; message: string }
  | { kind: "unknown-room" };

/**
 * Books a room for a stay (decisions.md 8, 23): one insert, whose trigger writes the held nights
 * to the ledger; the ledger's exclusion constraint refuses an overlap with any other holding stay
 * (23P01), so of any number of simultaneous attempts on overlapping nights exactly one commits.
 * The booking, its ledger row, its history entry and its mails share one transaction. The room's number,
 * type and rate are read by the insert itself, so the price charged is the database's.
 */
export async function bookRoom(db: DB, request: RoomBookingRequest): Promise<BookRoomResult> {
  const roomId = toIntegerId(request.roomId);
  if (roomId === undefined) return { kind: "unknown-room" };
  try {
    const { record, repeated } = await saveOnce<Booking | Refusal>(
      request.submissionId,
      (submissionId) => findBySubmission(db, submissionId),
      (reference) => db.transaction().execute((trx) => insertBooking(trx, roomId, request, reference)),
    );
    return "kind" in record ? record : { kind: "booked", booking: record, repeated };
  } catch (error) {
    if (!isRoomAlreadyHeld(error)) throw error;
    // A simultaneous repeat of this very submission may hold the room: then the guest's booking
    // exists, and that is the answer.
    if (request.submissionId) {
      const booking = await findBySubmission(db, request.submissionId);
      if (booking) return { kind: "booked", booking, repeated: true };
    }
    return { kind: "taken" };
  }
}

function findBySubmission(db: DB, submissionId: string): Promise<Booking | undefined> {
  return db.selectFrom("bookings").selectAll().where("submissionId", "=", submissionId).executeTakeFirst();
}

type Refusal = { kind: "stay-rule"; message: string } | { kind: "unknown-room" };

async function insertBooking(
  trx: Transaction<Database>,
  roomId: number,
  request: RoomBookingRequest,
  reference: string,
): Promise<Booking | Refusal> {
  // Read in the transaction for the room's number, type and rate, the rules and the taxes (the
  // database is the price's only source); availability is not checked here: the ledger's
  // constraint decides.
  const room = await trx.selectFrom("rooms").selectAll().where("id", "=", roomId).executeTakeFirst();
  if (!room) return { kind: "unknown-room" };
  const pricing = await loadPricing(trx);
  const breach = stayRuleBreach(pricing.stayRules, room.type, request.checkIn, request.checkOut);
  if (breach && !request.stayRuleOverride) return { kind: "stay-rule", message: breach };
  const guests = { adults: request.adults, children: request.children };
  const priced = priceStay(pricing, room, request.checkIn, request.checkOut, 1, guests);
  const people = String(request.adults + request.children);
  const totalPrice = priced.total;
  const deposit = request.payOnline
    ? await onlineDepositTerms(trx, { firstNightRate: priced.nights[0]!.price, total: totalPrice })
    : null;
  const booking = await trx
    .insertInto("bookings")
    .values({
      reference,
      submissionId: request.submissionId,
      name: request.name,
      email: request.email,
      phone: request.phone,
      paymentMethod: request.paymentMethod,
      // The specification's 'Occupied' on a dialog booking means Confirmed (decisions.md 25).
      status: request.status ?? "Confirmed",
      channel: request.channel ?? "web",
      message: request.message ?? null,
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      // Named at the price it is booked at: the first night's, as `price` below.
      selectedRoom: roomLabel({ ...room, price: priced.nights[0]!.price }),
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      adults: request.adults,
      children: request.children,
      numberOfPeople: people,
      guestCount: people,
      // `price` is the first night's rate, the specification's field (decisions.md 31).
      price: priced.nights[0]!.price,
      totalPrice,
      ...(deposit && request.payOnline ? awaitingPaymentColumns(deposit, request.payOnline.tokenHash) : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await keepPrices(trx, { kind: "booking", id: booking.id }, priced.nights, priced.taxes);
  await keepGuestExtras(
    trx,
    { kind: "booking", id: booking.id },
    request.extraIds ?? [],
    { checkIn: request.checkIn, checkOut: request.checkOut, guests: request.adults + request.children },
    pricing.taxes,
  );
  await recordHistory(trx, {
    requestKind: "booking",
    requestId: booking.id,
    fromStatus: null,
    toStatus: booking.status,
    ...(request.stayRuleOverride
      ? overrideHistory(breach, request.stayRuleOverride)
      : (request.by ?? { actor: "guest" })),
  });
  // The guest's confirmation and the lodge's notice commit with the booking (decisions.md 27);
  // a booking awaiting its deposit writes them when the payment confirms it.
  if (booking.status !== "Awaiting payment") await enqueueNewRequestMails(trx, bookingFacts(booking));
  return booking;
}
