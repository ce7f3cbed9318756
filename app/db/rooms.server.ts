import { sql, type Transaction } from "kysely";
import { formatKwacha, stayTotal } from "~/lib/money.ts";
import type { PaymentMethod } from "~/lib/messages.ts";
import type { DB } from "./client.server.ts";
import { saveOnce } from "./guest-requests.server.ts";
import type { Booking, CurrentBooking, Database, Room } from "./schema.ts";

/** Room and venue ids are PostgreSQL `integer`s: anything else names no row. */
const MAX_INTEGER_ID = 2_147_483_647;

/** "17" or 17 → 17; anything that cannot be such an id → undefined. */
export function toIntegerId(value: string | number): number | undefined {
  const id = typeof value === "number" ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER_ID ? id : undefined;
}

export function listRooms(db: DB): Promise<Room[]> {
  return db.selectFrom("rooms").selectAll().orderBy("roomNumber").execute();
}

/** Rooms a guest can book now (the Room Booking dialog, /booking). */
export function listAvailableRooms(db: DB): Promise<Room[]> {
  return db.selectFrom("rooms").selectAll().where("status", "=", "Available").orderBy("roomNumber").execute();
}

/** Rooms /reservation offers: every room that is not Occupied (spec section 7). */
export function listRoomsNotOccupied(db: DB): Promise<Room[]> {
  return db.selectFrom("rooms").selectAll().where("status", "<>", "Occupied").orderBy("roomNumber").execute();
}

export async function getRoom(db: DB, id: string | number): Promise<Room | undefined> {
  const roomId = toIntegerId(id);
  if (roomId === undefined) return undefined;
  return db.selectFrom("rooms").selectAll().where("id", "=", roomId).executeTakeFirst();
}

/** How a room reads in a list and in `bookings.selected_room`: '101 - Deluxe - K400'. */
export function roomLabel(room: Pick<Room, "roomNumber" | "type" | "price">): string {
  return `${room.roomNumber} - ${room.type} - ${formatKwacha(room.price)}`;
}

export interface RoomBookingRequest {
  roomId: string | number;
  name: string;
  email: string;
  phone: string;
  paymentMethod: PaymentMethod;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  message?: string | null;
  /** The form's submission id: a repeated POST answers with the first booking. */
  submissionId: string | null;
}

export type BookRoomResult =
  | { kind: "booked"; booking: Booking; repeated: boolean }
  /** Someone else booked the room first (or it was never Available). */
  | { kind: "taken" }
  | { kind: "unknown-room" };

/**
 * Books a room atomically (decisions.md 8). The conditional update
 * `... where id = $1 and status = 'Available'` is the lock: of any number of
 * simultaneous attempts, PostgreSQL lets exactly one change the row; the
 * others find it Occupied and get `taken`. Room update, booking insert and the
 * room's `current_booking` happen in one transaction, so an error anywhere
 * leaves nothing half-written. Timestamps come from the database's clock.
 */
export async function bookRoom(db: DB, request: RoomBookingRequest): Promise<BookRoomResult> {
  const roomId = toIntegerId(request.roomId);
  if (roomId === undefined) return { kind: "unknown-room" };
  const { record, repeated } = await saveOnce<BookRoomResult>(
    request.submissionId,
    async (submissionId) => {
      const booking = await findBySubmission(db, submissionId);
      return booking && { kind: "booked", booking, repeated: true };
    },
    (reference) => db.transaction().execute((trx) => occupyAndBook(trx, roomId, request, reference)),
  );
  if (record.kind === "booked") return { ...record, repeated };
  // A simultaneous repeat of this very submission may have taken the room:
  // then the guest's booking exists, and that is the answer.
  if (record.kind === "taken" && request.submissionId) {
    const booking = await findBySubmission(db, request.submissionId);
    if (booking) return { kind: "booked", booking, repeated: true };
  }
  return record;
}

function findBySubmission(db: DB, submissionId: string): Promise<Booking | undefined> {
  return db.selectFrom("bookings").selectAll().where("submissionId", "=", submissionId).executeTakeFirst();
}

async function occupyAndBook(
  trx: Transaction<Database>,
  roomId: number,
  request: RoomBookingRequest,
  reference: string,
): Promise<BookRoomResult> {
  const room = await trx
    .updateTable("rooms")
    .set({ status: "Occupied", lastUpdated: sql<string>`now()` })
    .where("id", "=", roomId)
    .where("status", "=", "Available")
    .returningAll()
    .executeTakeFirst();
  if (!room) {
    const exists = await trx.selectFrom("rooms").select("id").where("id", "=", roomId).executeTakeFirst();
    return { kind: exists ? "taken" : "unknown-room" };
  }

  const people = String(request.adults + request.children);
  const booking = await trx
    .insertInto("bookings")
    .values({
      reference,
      submissionId: request.submissionId,
      name: request.name,
      email: request.email,
      phone: request.phone,
      paymentMethod: request.paymentMethod,
      status: "Occupied",
      message: request.message ?? null,
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      selectedRoom: roomLabel(room),
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      adults: request.adults,
      children: request.children,
      numberOfPeople: people,
      guestCount: people,
      price: room.price,
      totalPrice: stayTotal(room.price, request.checkIn, request.checkOut),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  const currentBooking: CurrentBooking = {
    bookingId: booking.id,
    reference: booking.reference,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    createdAt: booking.createdAt.toISOString(),
    guestName: booking.name,
    phone: booking.phone,
  };
  await trx
    .updateTable("rooms")
    .set({ currentBooking: JSON.stringify(currentBooking) })
    .where("id", "=", room.id)
    .execute();
  return { kind: "booked", booking, repeated: false };
}
