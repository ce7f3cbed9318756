import { beforeAll, expect, it, vi } from "vitest";
import type { RoomDialogAnswer } from "../../app/features/stays/room-choices.ts";
import { bookRoom, listFreeRooms } from "../../app/features/stays/rooms.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import type { FormResult } from "../../app/shared/forms/form-result.ts";
import * as m from "../../app/shared/messages.ts";
import * as booking from "~/routes/booking.tsx";
import * as details from "~/routes/room-details.tsx";
import * as reservation from "~/routes/reservation.tsx";
import * as rooms from "~/routes/rooms.tsx";
import * as desk from "~/routes/staff/desk.tsx";
import { formPost } from "./route-calls.ts";
import { createStaff, outcome, routeArgs, signedIn, staffGet, staffPost } from "./staff-support.ts";
import { describeEachEngine } from "./test-database.ts";

// Every stay form places its stay through placeStay: each entry point is seen calling it, and a
// room taken meanwhile gives every form the same answer, with the rooms free now for its dates.

const entries = vi.hoisted(() => [] as string[]);

vi.mock("../../app/features/stays/place-stay.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../app/features/stays/place-stay.server.ts")>();
  return {
    ...actual,
    placeStay: (...args: Parameters<typeof actual.placeStay>) => {
      entries.push(args[2].entry);
      return actual.placeStay(...args);
    },
  };
});

type DataAnswer<T> = { data: T; init: ResponseInit | null };

describeEachEngine("placing a stay from every form", (getDatabase) => {
  const checkIn = addDays(lodgeToday(), 40);
  const checkOut = addDays(lodgeToday(), 42);
  let roomId = "";
  let cookie = "";
  let freeNow: string[] = [];

  beforeAll(async () => {
    const { db } = getDatabase();
    const room = await db.selectFrom("rooms").select("id").orderBy("roomNumber").executeTakeFirstOrThrow();
    roomId = String(room.id);
    const taken = await bookRoom(db, {
      roomId,
      name: "First Guest",
      email: "first@example.com",
      phone: "0977 111222",
      paymentMethod: "Cash",
      checkIn,
      checkOut,
      adults: 1,
      children: 0,
      submissionId: null,
    });
    expect(taken.kind).toBe("booked");
    freeNow = (await listFreeRooms(db, { checkIn, checkOut })).map((free) => String(free.id));
    const manager = await createStaff(db, "manager");
    cookie = (await signedIn(db, manager.id)).cookie;
  });

  const guest = () => ({
    name: "Late Guest",
    email: "late@example.com",
    phone: "0966 123456",
    paymentMethod: "Cash",
    checkIn,
    checkOut,
    adults: "2",
    children: "0",
    roomId,
    submissionId: crypto.randomUUID(),
  });
  const atDesk = (tab: string) => ({ ...guest(), tab, channel: "phone", email: "" });
  const taken = { status: "error", code: "taken", message: m.ROOM_JUST_BOOKED };
  const ids = (list: { id: number | string }[] | undefined) => (list ?? []).map((room) => String(room.id));

  it("the Room Booking dialog, on /rooms and /details/:id, answers with the rooms free now", async () => {
    for (const [call, path, params] of [
      [rooms.action, "/rooms?book=Deluxe", {}],
      [details.action, "/details/1?book=Deluxe", { id: "1" }],
    ] as const) {
      const answer = (await call(
        routeArgs(formPost(path, guest()), getDatabase().context(), params),
      )) as unknown as DataAnswer<RoomDialogAnswer>;
      expect(answer.init?.status).toBe(409);
      expect(answer.data.result).toMatchObject(taken);
      expect(ids(answer.data.rooms?.rooms)).toEqual(freeNow);
    }
  });

  it("/booking's room and reservation tabs, and /reservation, list the rooms free now", async () => {
    const pages = [
      [booking, "/booking?tab=room", { tab: "room" }],
      [booking, "/booking?tab=reservation", { tab: "reservation" }],
      [reservation, "/reservation", { roomCount: "1", message: "Late arrival" }],
    ] as const;
    for (const [page, path, extra] of pages) {
      // The loaders run after the action with its context, as React Router runs them.
      const context = getDatabase().context();
      const answer = (await page.action(
        routeArgs(formPost(path, { ...guest(), ...extra }), context),
      )) as unknown as DataAnswer<FormResult>;
      expect(answer.init?.status).toBe(409);
      expect(answer.data).toMatchObject(taken);
      const data = await page.loader(routeArgs(new Request(`http://localhost:3000${path}`), context));
      expect(ids(data.rooms)).toEqual(freeNow);
    }
  });

  it("the desk's room and reservation tabs list the rooms free now, for the refused dates", async () => {
    for (const tab of ["room", "reservation"]) {
      const context = getDatabase().context();
      const refused = await outcome(
        desk.action(routeArgs(staffPost("/staff/desk", atDesk(tab), cookie), context)),
      );
      expect(refused.status).toBe(409);
      expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors._form).toBe(
        m.ROOM_JUST_BOOKED,
      );
      const page = await outcome(desk.loader(routeArgs(staffGet("/staff/desk", cookie), context)));
      const data = page.data as { checkIn: string; checkOut: string; rooms: { id: string }[] };
      expect(data).toMatchObject({ checkIn, checkOut });
      expect(ids(data.rooms)).toEqual(freeNow);
    }
  });

  it("each entry point placed its stay through placeStay", () => {
    // Once per engine: the entries of the three tests above, in order.
    expect(entries.slice(-7)).toEqual([
      "dialog",
      "dialog",
      "booking-room",
      "booking-reservation",
      "reservation",
      "desk-room",
      "desk-reservation",
    ]);
  });
});
