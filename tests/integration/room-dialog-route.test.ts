import type { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import type { RoomDialogAnswer, RoomDialogData } from "../../app/features/stays/room-choices.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { isBookingReference } from "../../app/shared/booking-reference.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as m from "../../app/shared/messages.ts";
import { action as detailsAction, loader as detailsLoader } from "~/routes/room-details.tsx";
import { action as roomsAction, loader as roomsLoader } from "~/routes/rooms.tsx";
import { loader as homeLoader } from "~/routes/home.tsx";
import { databaseDownContext, formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

const today = lodgeToday();
type DataAnswer<T> = { data: T; init: ResponseInit | null };

async function roomId(db: DB, roomNumber: string): Promise<number> {
  const room = await db
    .selectFrom("rooms")
    .select("id")
    .where("roomNumber", "=", roomNumber)
    .executeTakeFirstOrThrow();
  return room.id;
}

function fields(room: number, extra: Record<string, string> = {}): Record<string, string> {
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
    submissionId: crypto.randomUUID(),
    ...extra,
  };
}

async function book(
  context: RouterContextProvider,
  body: Record<string, string>,
  path = "/rooms?book=Deluxe",
) {
  const call = path.startsWith("/details") ? detailsAction : roomsAction;
  const params = path.startsWith("/details") ? { id: "1" } : {};
  const answer = (await call({
    request: formPost(path, body),
    context,
    params,
  } as never)) as DataAnswer<RoomDialogAnswer>;
  return { status: answer.init?.status ?? 200, ...answer.data };
}

async function roomsPage(context: RouterContextProvider, query: string) {
  return roomsLoader({
    request: new Request(`http://localhost:3000/rooms${query}`),
    context,
    params: {},
  } as never);
}

const numbers = (dialog: RoomDialogData | null) => dialog?.rooms.rooms?.map((room) => room.roomNumber) ?? [];

describeEachEngine("the Room Booking dialog on /rooms and /details/:id", (getDatabase) => {
  it("lists tonight's free rooms by number as '101 - Deluxe - K400' parts when ?book= opens it", async () => {
    const { context } = getDatabase();
    const page = await roomsPage(context(), "?book=Deluxe");
    expect(page.bookingDialog?.roomType).toBe("Deluxe");
    expect(page.bookingDialog?.stay.chosen).toBe(false);
    expect(page.bookingDialog?.rooms.rooms?.[0]).toEqual({
      id: expect.any(Number),
      roomNumber: "101",
      type: "Deluxe",
      price: 400,
      // Tonight's quote (prices by the calendar): one night at the base rate.
      quote: {
        total: 400,
        nights: [{ night: today, price: 400, rule: null }],
        dates: `${today}|${today}`,
        key: "Deluxe|400|2|0|0",
        // The rate covers two adults; no supplements are set.
        covered: 2,
        rates: [],
      },
    });
    const list = numbers(page.bookingDialog);
    expect(list).toEqual([...list].sort());
    expect(list).toHaveLength(35);
    expect((await roomsPage(context(), "")).bookingDialog).toBeNull();
  });

  it("books a room; the stay's nights leave the list, touching stays and one-night stays are allowed", async () => {
    const { context, db } = getDatabase();
    const room = await roomId(db, "102");
    const booked = await book(
      context(),
      fields(room, { checkIn: addDays(today, 5), checkOut: addDays(today, 7) }),
    );
    expect(booked.status).toBe(200);
    expect(booked.result).toMatchObject({ status: "success", message: m.BOOKING_SUCCESSFUL });
    expect(booked.result.status === "success" && isBookingReference(booked.result.reference)).toBe(true);
    expect(booked.rooms).toBeNull();

    const inside = await roomsPage(
      context(),
      `?book=Deluxe&checkIn=${addDays(today, 6)}&checkOut=${addDays(today, 6)}`,
    );
    expect(inside.bookingDialog?.stay.chosen).toBe(true);
    expect(numbers(inside.bookingDialog)).not.toContain("102");
    const after = await roomsPage(
      context(),
      `?book=Deluxe&checkIn=${addDays(today, 7)}&checkOut=${addDays(today, 8)}`,
    );
    expect(numbers(after.bookingDialog)).toContain("102");

    // The next guest checks in on the check-out day; a one-night stay (check-out = check-in) too.
    const touching = await book(
      context(),
      fields(room, { checkIn: addDays(today, 7), checkOut: addDays(today, 9) }),
    );
    expect(touching.result.status).toBe("success");
    const oneNight = await book(
      context(),
      fields(room, { checkIn: addDays(today, 4), checkOut: addDays(today, 4) }),
    );
    expect(oneNight.result.status).toBe("success");
  });

  it("a taken room answers 409 'taken' with the message, the values and the rooms free for those dates", async () => {
    const { context, db } = getDatabase();
    const room = await roomId(db, "103");
    expect((await book(context(), fields(room))).result.status).toBe("success");
    const second = await book(
      context(),
      fields(room, { name: "Second Guest", checkIn: addDays(today, 2), checkOut: addDays(today, 2) }),
    );
    expect(second.status).toBe(409);
    expect(second.result).toMatchObject({ status: "error", code: "taken", message: m.ROOM_JUST_BOOKED });
    expect(second.result.status === "error" && second.result.values.name).toBe("Second Guest");
    expect(second.rooms?.rooms?.map((option) => option.roomNumber)).not.toContain("103");
    expect(second.rooms?.rooms?.length).toBe(34);
  });

  it("the same submission sent twice books once; a changed resubmission is a new request", async () => {
    const { context, db } = getDatabase();
    const room = await roomId(db, "104");
    const body = fields(room, { checkIn: addDays(today, 30), checkOut: addDays(today, 31) });
    const first = await book(context(), body);
    const repeat = await book(context(), body, "/details/1?book=Deluxe");
    expect(first.result.status === "success" && repeat.result.status === "success").toBe(true);
    if (first.result.status !== "success" || repeat.result.status !== "success") return;
    expect(repeat.result.reference).toBe(first.result.reference);
    // Same form (same submission id), other dates: a second booking, not the first one's answer.
    const changed = await book(context(), {
      ...body,
      checkIn: addDays(today, 40),
      checkOut: addDays(today, 41),
    });
    expect(changed.result.status).toBe("success");
    if (changed.result.status !== "success") return;
    expect(changed.result.reference).not.toBe(first.result.reference);
    const rows = await db
      .selectFrom("bookings")
      .select("checkIn")
      .where("roomId", "=", room)
      .orderBy("checkIn")
      .execute();
    expect(rows.map((row) => String(row.checkIn))).toEqual([addDays(today, 30), addDays(today, 40)]);
  });

  it("bad input answers 400 with a message per field and the values", async () => {
    const { context, db } = getDatabase();
    const room = await roomId(db, "105");
    const answer = await book(
      context(),
      fields(room, { checkIn: addDays(today, 3), checkOut: addDays(today, 1), email: "nope" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.result.status).toBe("invalid");
    if (answer.result.status !== "invalid") return;
    expect(answer.result.fieldErrors.checkOut).toBe(m.CHECK_OUT_BEFORE_CHECK_IN);
    expect(answer.result.fieldErrors.email).toBeTruthy();
    expect(answer.result.values.name).toBe("Mutale Banda");
    const unknown = await book(context(), fields(999_999));
    expect(unknown.result).toMatchObject({ status: "invalid", fieldErrors: { roomId: m.SELECT_ROOM } });
  });

  it("/rooms counts free rooms per type and prices from the database; sold out when none is free", async () => {
    const { context, db } = getDatabase();
    await db.updateTable("rooms").set({ price: 375 }).where("type", "=", "Mini Suite").execute();
    const checkIn = addDays(today, 100);
    const checkOut = addDays(today, 102);
    const minis = await db.selectFrom("rooms").select("id").where("type", "=", "Mini Suite").execute();
    for (const { id } of minis) {
      expect((await book(context(), fields(id, { checkIn, checkOut }))).result.status).toBe("success");
    }
    const page = await roomsPage(context(), `?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1`);
    expect(page.stay).toMatchObject({ checkIn, checkOut, adults: 2, children: 1, chosen: true });
    // With the dates chosen, each type carries the stay's quote: here 2 base nights.
    expect(page.offers?.["Mini Suite"]).toMatchObject({ price: 375, free: 0, quote: { total: 750 } });
    expect(page.offers?.Deluxe).toMatchObject({ price: 400, free: 15, quote: { total: 800 } });
    expect(
      (
        await homeLoader({
          request: new Request("http://localhost:3000/"),
          context: context(),
          params: {},
        } as never)
      ).offers?.["Mini Suite"]?.price,
    ).toBe(375);
    const details = (await detailsLoader({
      request: new Request("http://localhost:3000/details/3"),
      context: context(),
      params: { id: "3" },
    } as never)) as { price: number | null };
    expect(details.price).toBe(375);
  });
});

it("with the database down: no prices, the specification's error, the dialog's banner and a failed booking", async () => {
  const context = databaseDownContext();
  const page = await roomsPage(context, "?book=Deluxe");
  expect(page.offers).toBeNull();
  expect(page.error).toBe(m.failedToFetchRooms(m.REASON_DATABASE_UNAVAILABLE));
  expect(page.bookingDialog?.rooms.error).toBe(m.failedToFetchRooms(m.REASON_DATABASE_UNAVAILABLE));
  const answer = await book(context, fields(1));
  expect(answer.status).toBe(503);
  expect(answer.result).toMatchObject({
    status: "error",
    code: "unavailable",
    message: m.failedToCreateBooking(m.REASON_DATABASE_UNAVAILABLE),
  });
});
