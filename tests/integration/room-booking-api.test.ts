import { RouterContextProvider } from "react-router";
import { expect, it, vi } from "vitest";
import { databaseContext } from "~/context.server.ts";
import type { DB } from "~/db/client.server.ts";
import { isBookingReference } from "~/lib/booking-reference.ts";
import { addDays, lodgeToday } from "~/lib/dates.ts";
import type { FormResult } from "~/lib/form-result.ts";
import * as m from "~/lib/messages.ts";
import { loader as availableRooms } from "~/routes/api.available-rooms.ts";
import { action as roomBooking } from "~/routes/api.room-booking.ts";
import { describeEachEngine, type TestDatabase } from "./test-database.ts";

type DataAnswer<T> = { data: T; init: ResponseInit | null };

/** A context whose database is unreachable, as when PostgreSQL is down. */
function downContext(database: TestDatabase): RouterContextProvider {
  const context = database.context();
  context.set(databaseContext, {
    db: database.db,
    ready: () =>
      Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" })),
    close: async () => {},
  });
  return context;
}

async function roomId(db: DB, roomNumber: string): Promise<number> {
  const room = await db
    .selectFrom("rooms")
    .select("id")
    .where("roomNumber", "=", roomNumber)
    .executeTakeFirstOrThrow();
  return room.id;
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

function validFields(room: number, extra: Record<string, string> = {}): Record<string, string> {
  const today = lodgeToday();
  return {
    name: "Mutale Banda",
    email: "mutale@example.com",
    phone: "0977 123456",
    checkIn: addDays(today, 1),
    checkOut: addDays(today, 3),
    adults: "2",
    children: "0",
    roomId: String(room),
    paymentMethod: "Cash",
    website: "",
    ...extra,
  };
}

async function post(context: RouterContextProvider, fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/api/room-booking", {
    method: "POST",
    body: form(fields),
  });
  return roomBooking({ request, context, params: {} } as never);
}

async function bookingsFor(db: DB, room: number) {
  return db.selectFrom("bookings").selectAll().where("roomId", "=", room).execute();
}

describeEachEngine("api routes of the Room Booking dialog", (getDatabase) => {
  it("lists the available rooms as id, number, type and price", async () => {
    const { context } = getDatabase();
    const answer = (await availableRooms({
      request: new Request("http://localhost:3000/api/available-rooms"),
      context: context(),
      params: {},
    } as never)) as DataAnswer<{ rooms: unknown[] }>;
    expect(answer.init?.status).toBe(200);
    expect(answer.data.rooms[0]).toEqual({
      id: expect.any(Number),
      roomNumber: "101",
      type: "Deluxe",
      price: 400,
    });
    expect(Object.keys(answer.data.rooms[0] as object).sort()).toEqual(["id", "price", "roomNumber", "type"]);
  });

  it("answers 503 with the banner's text when the database is down", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = (await availableRooms({
      request: new Request("http://localhost:3000/api/available-rooms"),
      context: downContext(getDatabase()),
      params: {},
    } as never)) as DataAnswer<{ error: string }>;
    spy.mockRestore();
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({ error: "Failed to fetch rooms: database unavailable" });
  });

  it("books a room and answers 'Booking successful!' with the reference", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "107");
    const answer = (await post(
      context(),
      validFields(room, { submissionId: "api-1" }),
    )) as DataAnswer<FormResult>;
    expect(answer.init?.status).toBe(200);
    expect(answer.data).toMatchObject({ status: "success", message: "Booking successful!" });
    const rows = await bookingsFor(db, room);
    expect(rows).toHaveLength(1);
    expect(answer.data.status === "success" && answer.data.reference).toBe(rows[0]?.reference);
    expect(rows[0]).toMatchObject({
      numberOfPeople: "2",
      totalPrice: 800,
      status: "Occupied",
      submissionId: "api-1",
    });
  });

  it("answers 409 'This room has just been booked' for a taken room", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "107");
    const answer = (await post(
      context(),
      validFields(room, { name: "Late Guest" }),
    )) as DataAnswer<FormResult>;
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ status: "error", message: m.ROOM_JUST_BOOKED });
    expect(await bookingsFor(db, room)).toHaveLength(1);
  });

  it("answers 400 with field errors and stores nothing for invalid input", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "108");
    const answer = (await post(
      context(),
      validFields(room, { roomId: "", email: "nope", checkIn: addDays(lodgeToday(), -1) }),
    )) as DataAnswer<FormResult>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      status: "invalid",
      fieldErrors: { roomId: m.SELECT_ROOM, email: m.VALID_EMAIL, checkIn: m.CHECK_IN_PAST },
    });
    expect(await db.selectFrom("bookings").select("id").where("email", "=", "nope").execute()).toHaveLength(
      0,
    );
  });

  it("answers a room that does not exist with 'Please select a room to continue.'", async () => {
    const { context } = getDatabase();
    const answer = (await post(context(), validFields(987654))) as DataAnswer<FormResult>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ status: "invalid", fieldErrors: { roomId: m.SELECT_ROOM } });
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "109");
    const answer = (await post(
      context(),
      validFields(room, { website: "http://spam.example" }),
    )) as DataAnswer<FormResult>;
    expect(answer.data).toMatchObject({ status: "success", message: m.BOOKING_SUCCESSFUL });
    expect(await bookingsFor(db, room)).toHaveLength(0);
  });

  it("answers 429 when the client is over the write limit and stores nothing", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "109");
    const answer = (await post(
      context({ writeAllowed: false }),
      validFields(room),
    )) as DataAnswer<FormResult>;
    expect(answer.init?.status).toBe(429);
    expect(answer.data).toMatchObject({ status: "error", message: m.RATE_LIMITED });
    expect(await bookingsFor(db, room)).toHaveLength(0);
  });

  it("answers 'Failed to create booking: database unavailable' when the database is down", async () => {
    const database = getDatabase();
    const room = await roomId(database.db, "109");
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = (await post(downContext(database), validFields(room))) as DataAnswer<FormResult>;
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('"msg":"write failed"'));
    spy.mockRestore();
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toMatchObject({
      status: "error",
      message: "Failed to create booking: database unavailable",
    });
    expect(await bookingsFor(database.db, room)).toHaveLength(0);
  });

  it("without JavaScript, redirects back to the page with the reference or the error", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "110");
    const ok = await post(context(), validFields(room, { returnTo: "/rooms?x=1", roomType: "Deluxe" }));
    expect(ok).toBeInstanceOf(Response);
    const okResponse = ok as Response;
    expect(okResponse.status).toBe(303);
    const location = new URL(okResponse.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe("/rooms");
    expect(location.searchParams.get("x")).toBe("1");
    expect(location.searchParams.has("book")).toBe(false);
    const reference = location.searchParams.get("booked");
    expect(isBookingReference(reference)).toBe(true);
    expect((await bookingsFor(db, room))[0]?.reference).toBe(reference);

    const taken = (await post(
      context(),
      validFields(room, { returnTo: "/details/1", roomType: "Deluxe" }),
    )) as Response;
    expect(taken.headers.get("Location")).toBe("/details/1?book=Deluxe&bookingError=taken");

    const invalid = (await post(
      context(),
      validFields(room, { roomId: "", returnTo: "/rooms", roomType: "Mini Suite" }),
    )) as Response;
    const invalidUrl = new URL(invalid.headers.get("Location") ?? "", "http://localhost");
    expect(invalidUrl.searchParams.get("book")).toBe("Mini Suite");
    expect(invalidUrl.searchParams.get("bookingError")).toBe("invalid");
    expect(invalidUrl.searchParams.getAll("bookingField")).toEqual([`roomId:${m.SELECT_ROOM}`]);
  });

  it("never redirects to another site", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "111");
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const answer = await post(context(), validFields(room, { returnTo, roomId: "" }));
      expect(answer).not.toBeInstanceOf(Response);
    }
  });
});
