import type { DB } from "../../app/shared/db/client.server.ts";
import { insertReservation, type ReservationRequest } from "../../app/features/stays/reservations.server.ts";
import { bookRoom, type RoomBookingRequest } from "../../app/features/stays/rooms.server.ts";

/** A guest's details for a stay; dates and room are the test's. */
export const GUEST = {
  name: "Chanda Mwila",
  email: "chanda@example.com",
  phone: "+260 97 123 4567",
  paymentMethod: "Mobile Money",
  adults: 2,
  children: 0,
  submissionId: null,
} as const satisfies Partial<RoomBookingRequest>;

export async function roomId(db: DB, roomNumber: string): Promise<number> {
  const room = await db
    .selectFrom("rooms")
    .select("id")
    .where("roomNumber", "=", roomNumber)
    .executeTakeFirstOrThrow();
  return room.id;
}

/** Books a room through the dialog's path; the booking's id, or the refusal. */
export async function book(db: DB, roomNumber: string, checkIn: string, checkOut: string) {
  return bookRoom(db, { ...GUEST, roomId: await roomId(db, roomNumber), checkIn, checkOut });
}

/** Reserves a room through /reservation's path; `overrides` change the request's other fields. */
export async function reserve(
  db: DB,
  roomNumber: string,
  checkIn: string,
  checkOut: string,
  overrides: Partial<ReservationRequest> = {},
) {
  const room = await db
    .selectFrom("rooms")
    .selectAll()
    .where("roomNumber", "=", roomNumber)
    .executeTakeFirstOrThrow();
  return insertReservation(db, {
    ...GUEST,
    source: "reservation-page",
    message: null,
    roomId: room.id,
    roomNumber: room.roomNumber,
    roomType: room.type,
    checkIn,
    checkOut,
    numberOfPeople: 2,
    roomCount: 1,
    ...overrides,
  });
}
