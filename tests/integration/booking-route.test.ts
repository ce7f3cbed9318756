import { RouterContextProvider } from "react-router";
import { expect, it, vi } from "vitest";
import { logger } from "../../app/shared/logger.server.ts";
import { databaseContext } from "../../app/shared/context.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { isBookingReference } from "../../app/shared/booking-reference.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import type { FormResult } from "../../app/shared/forms/form-result.ts";
import * as m from "../../app/shared/messages.ts";
import { action, loader } from "~/routes/booking.tsx";
import { describeEachEngine, type TestDatabase } from "./test-database.ts";

type DataAnswer = { data: FormResult; init: ResponseInit | null };

function downContext(database: TestDatabase): RouterContextProvider {
  const context = database.context();
  context.set(databaseContext, {
    db: database.db,
    pglite: null,
    writes: null,
    ready: () =>
      Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" })),
    close: async () => {},
  });
  return context;
}

async function roomId(db: DB, roomNumber: string): Promise<number> {
  return (
    await db.selectFrom("rooms").select("id").where("roomNumber", "=", roomNumber).executeTakeFirstOrThrow()
  ).id;
}

const guest = {
  name: "Bwalya Phiri",
  email: "bwalya@example.com",
  phone: "+260 96 555 1234",
  paymentMethod: "Credit Card",
  website: "",
};

function stay(tab: "room" | "reservation", room: number, extra: Record<string, string> = {}) {
  const today = lodgeToday();
  return {
    tab,
    ...guest,
    roomId: String(room),
    checkIn: addDays(today, 4),
    checkOut: addDays(today, 6),
    adults: "1",
    children: "2",
    message: "Late arrival",
    ...extra,
  };
}

function venue(venueId: number, extra: Record<string, string> = {}) {
  return {
    tab: "venue",
    ...guest,
    venueId: String(venueId),
    bookingDate: addDays(lodgeToday(), 10),
    numberOfPeople: "80",
    ...extra,
  };
}

async function post(context: RouterContextProvider, fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  // The form posts to its tab's address (`/booking?tab=room`), as the page does.
  const request = new Request(`http://localhost:3000/booking?tab=${fields.tab ?? "room"}`, {
    method: "POST",
    body,
  });
  return (await action({ request, context, params: {} } as never)) as unknown as DataAnswer;
}

async function roomsFor(context: RouterContextProvider, checkIn: string, checkOut: string) {
  const data = await loader({
    request: new Request(`http://localhost:3000/booking?checkIn=${checkIn}&checkOut=${checkOut}`),
    context,
    params: {},
  } as never);
  return data.rooms.map((room) => room.roomNumber);
}

async function counts(db: DB) {
  const count = async (table: "bookings" | "reservations" | "venueBookings") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    bookings: await count("bookings"),
    reservations: await count("reservations"),
    venueBookings: await count("venueBookings"),
  };
}

describeEachEngine("/booking route", (getDatabase) => {
  it("loads the available rooms, the venues, the tab and a fresh submission id", async () => {
    const { context } = getDatabase();
    const args = {
      request: new Request("http://localhost:3000/booking?tab=venue"),
      context: context(),
      params: {},
    } as never;
    const first = await loader(args);
    const second = await loader({
      request: new Request("http://localhost:3000/booking?tab=bogus"),
      context: context(),
      params: {},
    } as never);
    expect(first.errors).toEqual([]);
    expect(first.rooms[0]).toEqual({
      id: expect.any(Number),
      roomNumber: "101",
      type: "Deluxe",
      price: 400,
      // Tonight's quote: one night at the base rate.
      quote: expect.objectContaining({ total: 400, key: "Deluxe|400|2|0|0" }),
    });
    expect(first.venues.map((v) => v.venue)).toEqual([
      "Conference Hall",
      "Garden Pavilion",
      "Poolside Terrace",
    ]);
    expect(first.tab).toBe("venue");
    expect(second.tab).toBe("room");
    expect(first.submissionId).not.toBe(second.submissionId);
  });

  it("still answers with the error texts when the database is down", async () => {
    const spy = vi.spyOn(logger, "error").mockImplementation(() => {});
    const data = await loader({
      request: new Request("http://localhost:3000/booking"),
      context: downContext(getDatabase()),
      params: {},
    } as never);
    spy.mockRestore();
    expect(data.errors).toEqual([
      "Failed to fetch rooms: database unavailable",
      "Failed to fetch venues: database unavailable",
    ]);
    expect(data.rooms).toEqual([]);
    expect(data.venues).toEqual([]);
  });

  it("room tab: books the room atomically and answers 'Room/Venue booking successful!'", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "112");
    const answer = await post(context(), stay("room", room, { submissionId: "page-room-1" }));
    expect(answer.init?.status).toBe(200);
    expect(answer.data).toMatchObject({ status: "success", message: m.ROOM_VENUE_BOOKING_SUCCESSFUL });
    const booking = await db
      .selectFrom("bookings")
      .selectAll()
      .where("roomId", "=", room)
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      message: "Late arrival",
      numberOfPeople: "3",
      totalPrice: 800,
      status: "Confirmed",
    });
    expect(answer.data.status === "success" && answer.data.reference).toBe(booking.reference);
    // The room leaves the list for the stay's nights, and only for them.
    const during = await roomsFor(context(), addDays(lodgeToday(), 5), addDays(lodgeToday(), 5));
    expect(during).not.toContain("112");
    expect(await roomsFor(context(), addDays(lodgeToday(), 6), addDays(lodgeToday(), 7))).toContain("112");

    const again = await post(context(), stay("room", room, { submissionId: "page-room-1" }));
    expect(again.data).toMatchObject({ status: "success", reference: booking.reference });
    const taken = await post(context(), stay("room", room, { submissionId: "page-room-2" }));
    expect(taken.init?.status).toBe(409);
    expect(taken.data).toMatchObject({ status: "error", code: "taken", message: m.ROOM_JUST_BOOKED });
    expect(await db.selectFrom("bookings").select("id").where("roomId", "=", room).execute()).toHaveLength(1);
    // A touching stay (check-in on the check-out day) and a one-night stay are accepted.
    const today = lodgeToday();
    const touching = await post(
      context(),
      stay("room", room, {
        checkIn: addDays(today, 6),
        checkOut: addDays(today, 6),
        submissionId: "page-room-3",
      }),
    );
    expect(touching.data).toMatchObject({ status: "success" });
    // The same form id with other dates is a new request, not the first booking's answer.
    const changed = await post(
      context(),
      stay("room", room, {
        checkIn: addDays(today, 20),
        checkOut: addDays(today, 21),
        submissionId: "page-room-1",
      }),
    );
    expect(changed.data.status === "success" && changed.data.reference).not.toBe(booking.reference);
    expect(await db.selectFrom("bookings").select("id").where("roomId", "=", room).execute()).toHaveLength(3);
  });

  it("lists the rooms free for the dates in the address and echoes what the guest typed", async () => {
    const { context } = getDatabase();
    const today = lodgeToday();
    const data = await loader({
      request: new Request(
        `http://localhost:3000/booking?tab=reservation&name=Ada&email=a%40b.zm&checkIn=${addDays(today, 2)}&checkOut=${addDays(today, 2)}&message=Hi`,
      ),
      context: context(),
      params: {},
    } as never);
    expect(data.stay).toMatchObject({
      checkIn: addDays(today, 2),
      checkOut: addDays(today, 2),
      chosen: true,
    });
    expect(data.values).toMatchObject({ name: "Ada", email: "a@b.zm", message: "Hi" });
    expect(data.tab).toBe("reservation");
    expect(data.rooms.map((room) => room.roomNumber)).toEqual(
      [...data.rooms.map((room) => room.roomNumber)].sort(),
    );
  });

  it("venue tab: a taken date answers 409 'taken' and the venue leaves that date's list", async () => {
    const { db, context } = getDatabase();
    const hall = await db
      .selectFrom("venues")
      .selectAll()
      .where("venue", "=", "Conference Hall")
      .executeTakeFirstOrThrow();
    const date = addDays(lodgeToday(), 33);
    const first = await post(context(), venue(hall.id, { bookingDate: date, submissionId: "venue-a" }));
    expect(first.data.status).toBe("success");
    const second = await post(context(), venue(hall.id, { bookingDate: date, submissionId: "venue-b" }));
    expect(second.init?.status).toBe(409);
    expect(second.data).toMatchObject({ status: "error", code: "taken", message: m.VENUE_ALREADY_BOOKED });
    const onDate = await loader({
      request: new Request(`http://localhost:3000/booking?tab=venue&bookingDate=${date}`),
      context: context(),
      params: {},
    } as never);
    expect(onDate.venues.map((v) => v.venue)).toEqual(["Garden Pavilion", "Poolside Terrace"]);
    const nextDay = await post(
      context(),
      venue(hall.id, { bookingDate: addDays(date, 1), submissionId: "venue-c" }),
    );
    expect(nextDay.data.status).toBe("success");
  });

  it("reservation tab: stores one Pending reservation from the booking page", async () => {
    const { db, context } = getDatabase();
    const room = await roomId(db, "126");
    const answer = await post(context(), stay("reservation", room, { submissionId: "page-res-1" }));
    expect(answer.data).toMatchObject({ status: "success", message: m.RESERVATION_BOOKING_SUCCESSFUL });
    const rows = await db
      .selectFrom("reservations")
      .selectAll()
      .where("submissionId", "like", "page-res-1.%")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "booking-page",
      status: "Pending",
      roomId: room,
      roomNumber: "126",
      roomType: "Mini Suite",
      numberOfPeople: 3,
      roomCount: 1,
      price: 350,
      totalPrice: 700,
      message: "Late arrival",
      name: "Bwalya Phiri",
    });
    expect(isBookingReference(rows[0]?.reference)).toBe(true);
    // A Pending reservation holds the room for its nights (decisions.md 25).
    expect(await roomsFor(context(), addDays(lodgeToday(), 4), addDays(lodgeToday(), 5))).not.toContain(
      "126",
    );
    await post(context(), stay("reservation", room, { submissionId: "page-res-1" }));
    expect(
      await db
        .selectFrom("reservations")
        .select("id")
        .where("submissionId", "like", "page-res-1.%")
        .execute(),
    ).toHaveLength(1);
  });

  it("venue tab: stores a Pending venue booking priced at the venue's price", async () => {
    const { db, context } = getDatabase();
    const garden = await db
      .selectFrom("venues")
      .selectAll()
      .where("venue", "=", "Garden Pavilion")
      .executeTakeFirstOrThrow();
    const answer = await post(context(), venue(garden.id, { submissionId: "page-venue-1" }));
    expect(answer.data).toMatchObject({ status: "success", message: m.ROOM_VENUE_BOOKING_SUCCESSFUL });
    const row = await db
      .selectFrom("venueBookings")
      .selectAll()
      .where("submissionId", "like", "page-venue-1.%")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "Pending",
      venueId: garden.id,
      venueName: "Garden Pavilion",
      numberOfPeople: 80,
      totalPrice: 5000,
      message: null,
    });
    expect(row.bookingDate).toBe(addDays(lodgeToday(), 10));
  });

  it("answers invalid input with field errors and stores nothing", async () => {
    const { db, context } = getDatabase();
    const before = await counts(db);
    const answer = await post(
      context(),
      venue(1, { venueId: "", numberOfPeople: "0", bookingDate: addDays(lodgeToday(), -1) }),
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      status: "invalid",
      fieldErrors: {
        venueId: m.SELECT_VENUE,
        numberOfPeople: m.PEOPLE_RANGE,
        bookingDate: m.BOOKING_DATE_PAST,
      },
      values: { tab: "venue", name: "Bwalya Phiri" },
    });
    const unknownVenue = await post(context(), venue(99999));
    expect(unknownVenue.data).toMatchObject({ status: "invalid", fieldErrors: { venueId: m.SELECT_VENUE } });
    const unknownRoom = await post(context(), stay("reservation", 99999));
    expect(unknownRoom.data).toMatchObject({ status: "invalid", fieldErrors: { roomId: m.SELECT_ROOM } });
    expect(await counts(db)).toEqual(before);
  });

  it("answers a filled honeypot like a success, and 429 over the limit, storing nothing", async () => {
    const { db, context } = getDatabase();
    const before = await counts(db);
    const room = await roomId(db, "113");
    const honeypot = await post(context(), stay("reservation", room, { website: "spam" }));
    expect(honeypot.data).toMatchObject({ status: "success", message: m.RESERVATION_BOOKING_SUCCESSFUL });
    const limited = await post(context({ writeAllowed: false }), stay("room", room));
    expect(limited.init?.status).toBe(429);
    expect(limited.data).toMatchObject({ status: "error", message: m.RATE_LIMITED });
    expect(await counts(db)).toEqual(before);
  });

  it("answers the catalogue's failure messages when the database is down", async () => {
    const database = getDatabase();
    const before = await counts(database.db);
    const room = await roomId(database.db, "114");
    const spy = vi.spyOn(logger, "error").mockImplementation(() => {});
    const roomAnswer = await post(downContext(database), stay("room", room));
    const reservationAnswer = await post(downContext(database), stay("reservation", room));
    const venueAnswer = await post(downContext(database), venue(1));
    spy.mockRestore();
    expect(roomAnswer.data).toMatchObject({ status: "error", message: m.BOOKING_SAVE_FAILED });
    expect(reservationAnswer.data).toMatchObject({ status: "error", message: m.RESERVATION_SAVE_FAILED });
    expect(venueAnswer.data).toMatchObject({ status: "error", message: m.BOOKING_SAVE_FAILED });
    expect(venueAnswer.init?.status).toBe(503);
    expect(await counts(database.db)).toEqual(before);
  });
});
