import { HONEYPOT_FIELD } from "../../app/shared/forms/form-rules.ts";
import fc from "fast-check";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { logger } from "../../app/shared/logger.server.ts";
import { action, loader } from "~/routes/reservation.tsx";
import type { Room } from "../../app/shared/db/schema.ts";
import { addDays, addYears, lodgeToday } from "../../app/shared/dates.ts";
import { isBookingReference } from "../../app/shared/booking-reference.ts";
import { SUBMISSION_ID_FIELD } from "../../app/shared/forms/form-result.ts";
import * as m from "../../app/shared/messages.ts";

import {
  anyTextArb,
  countArb,
  dateNear,
  emailArb,
  expectCount,
  expectGuest,
  expectPayment,
  expectStay,
  nameArb,
  paymentArb,
  phoneArb,
  someKeys,
  textArb,
} from "../schema-cases.ts";
import { databaseContext } from "../../app/shared/context.server.ts";
import { describeEachEngine } from "./test-database.ts";
import { answer, args, databaseDownContext, formPost } from "./route-calls.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const today = lodgeToday();
let sequence = 0;

describeEachEngine("reservation route", (getDatabase, engine) => {
  let rooms: Room[] = [];
  beforeAll(async () => {
    rooms = await getDatabase().db.selectFrom("rooms").selectAll().orderBy("roomNumber").execute();
  });

  const room = (index: number) => {
    const found = rooms[index];
    if (!found) throw new Error(`no seeded room ${index}`);
    return found;
  };

  it("answers a save that fails midway like every form: 503 with the database's reason", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    // The database answers the room lookup, then the connection drops as the row is written.
    const failing = getDatabase().db.withPlugin({
      transformQuery(args) {
        if (args.node.kind === "InsertQueryNode") throw new Error("Connection terminated unexpectedly");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const context = getDatabase().context();
    context.set(databaseContext, {
      db: failing,
      pglite: null,
      writes: null,
      ready: async () => failing,
      close: async () => {},
    });
    const { status, result } = await answer(
      action(args(formPost("/reservation", validReservation()), context)),
    );
    expect(status).toBe(503);
    expect(result).toMatchObject({
      status: "error",
      message: m.failedToCreateReservation(m.REASON_DATABASE_UNAVAILABLE),
    });
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ error: expect.stringContaining("Connection terminated") }),
      expect.any(String),
    );
  });

  /** A complete, valid reservation for the given room; each call gets its own submission id. */
  function validReservation(overrides: Record<string, string> = {}): Record<string, string> {
    sequence += 1;
    // Each call its own room and nights (rooms 1-30, four-day slots), so no two tests' stays
    // overlap (decisions.md 23); the last rooms are left to the tests about taken rooms.
    const slot = Math.floor(sequence / 30);
    const checkIn = addDays(today, 10 + slot * 4);
    return {
      name: "Chanda Mulenga",
      email: "chanda@example.com",
      phone: "+260 97 555 0101",
      checkIn,
      checkOut: addDays(checkIn, 3),
      adults: "2",
      children: "1",
      roomCount: "2",
      roomId: String(room(sequence % 30).id),
      paymentMethod: "Mobile Money",
      message: "Late arrival, around 21:00.",
      [SUBMISSION_ID_FIELD]: `reservation-test-${sequence}-${Math.random()}`,
      ...overrides,
    };
  }

  const reserve = (fields: Record<string, string>, options?: { writeAllowed?: boolean }) =>
    answer(action(args(formPost("/reservation", fields), getDatabase().context(options))));

  const load = () => loader(args(new Request("http://localhost:3000/reservation"), getDatabase().context()));

  const rowsFor = (submissionId: string) =>
    getDatabase()
      .db.selectFrom("reservations")
      .selectAll()
      .where("submissionId", "like", `${submissionId}.%`)
      .execute();

  async function countAll() {
    const { count } = await getDatabase()
      .db.selectFrom("reservations")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  it("offers every room free tonight, labelled 'number - type - K price'", async () => {
    const occupied = room(34);
    const held = await reserve(
      validReservation({ roomId: String(occupied.id), checkIn: today, checkOut: today }),
    );
    expect(held.status).toBe(200);
    const data = await load();
    expect(data.loadError).toBeNull();
    expect(data.today).toBe(today);
    expect(data.rooms).toHaveLength(rooms.length - 1);
    expect(data.rooms.map((choice) => choice.id)).not.toContain(String(occupied.id));
    const first = room(0);
    expect(data.rooms[0]).toEqual({
      id: String(first.id),
      label: `${first.roomNumber} - ${first.type} - K${first.price}`,
      price: first.price,
      // Tonight's quote: one night at the base rate.
      quote: expect.objectContaining({ total: first.price }),
    });
    expect(data.submissionId).not.toBe((await load()).submissionId);
  });

  it("lists the rooms free for the dates in the address, touching stays allowed, and echoes the fields", async () => {
    const fields = validReservation({ roomId: String(room(32).id) });
    expect((await reserve(fields)).status).toBe(200);
    const listFor = async (checkIn: string, checkOut: string) =>
      loader(
        args(
          new Request(
            `http://localhost:3000/reservation?checkIn=${checkIn}&checkOut=${checkOut}&name=Ada&roomCount=2`,
          ),
          getDatabase().context(),
        ),
      );
    const during = await listFor(addDays(fields.checkIn!, 2), addDays(fields.checkIn!, 2));
    expect(during.rooms.map((choice) => choice.id)).not.toContain(String(room(32).id));
    expect(during.values).toMatchObject({ name: "Ada", roomCount: "2" });
    const touching = await listFor(fields.checkOut!, addDays(fields.checkOut!, 1));
    expect(touching.rooms.map((choice) => choice.id)).toContain(String(room(32).id));
  });

  it("stores exactly one complete Pending reservation and answers with its reference", async () => {
    const fields = validReservation();
    const { status, result } = await reserve(fields);
    expect(status).toBe(200);
    expect(result).toMatchObject({ status: "success", message: m.RESERVATION_SUCCESSFUL });
    const reference = result.status === "success" ? result.reference : undefined;
    expect(isBookingReference(reference)).toBe(true);

    const rows = await rowsFor(fields[SUBMISSION_ID_FIELD]!);
    expect(rows).toHaveLength(1);
    const chosen = rooms.find((candidate) => String(candidate.id) === fields.roomId)!;
    expect(rows[0]).toMatchObject({
      reference,
      source: "reservation-page",
      status: "Pending",
      name: "Chanda Mulenga",
      email: "chanda@example.com",
      phone: "+260 97 555 0101",
      paymentMethod: "Mobile Money",
      message: "Late arrival, around 21:00.",
      roomId: chosen.id,
      roomNumber: chosen.roomNumber,
      roomType: chosen.type,
      checkIn: fields.checkIn,
      checkOut: addDays(fields.checkIn!, 3),
      adults: 2,
      children: 1,
      numberOfPeople: 3,
      roomCount: 2,
      price: chosen.price,
      // 3 nights × the nightly rate × 2 rooms (decisions.md 11).
      totalPrice: 3 * chosen.price * 2,
    });
    expect(rows[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    expect(rows[0]?.timestamp).toBeInstanceOf(Date);
  });

  it("charges one night for a same-day stay", async () => {
    const fields = validReservation({
      checkIn: today,
      checkOut: today,
      roomCount: "1",
      roomId: String(room(1).id),
    });
    expect((await reserve(fields)).status).toBe(200);
    const [row] = await rowsFor(fields[SUBMISSION_ID_FIELD]!);
    expect(row?.totalPrice).toBe(room(1).price);
  });

  it("stores one reservation when the same form is posted again, and answers with the same reference", async () => {
    const fields = validReservation();
    const [first, second] = await Promise.all([reserve(fields), reserve(fields)]);
    const third = await reserve(fields);
    for (const { status } of [first, second, third]) expect(status).toBe(200);
    const references = [first, second, third].map(({ result }) =>
      result.status === "success" ? result.reference : "",
    );
    expect(new Set(references).size).toBe(1);
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(1);
  });

  it("refuses a reservation without a room with 'Please select a room to continue.' beside the Room field", async () => {
    const before = await countAll();
    const { status, result } = await reserve(validReservation({ roomId: "" }));
    expect(status).toBe(400);
    expect(result).toMatchObject({ status: "invalid", fieldErrors: { roomId: m.SELECT_ROOM } });
    expect(await countAll()).toBe(before);
  });

  it("refuses a room that does not exist beside the Room field, and a room taken for those nights as taken (409)", async () => {
    const before = await countAll();
    const missing = await reserve(validReservation({ roomId: "999999" }));
    expect(missing.status).toBe(400);
    expect(missing.result).toMatchObject({ fieldErrors: { roomId: m.SELECT_ROOM } });
    const first = validReservation({ roomId: String(room(33).id) });
    expect((await reserve(first)).status).toBe(200);
    const afterFirst = await countAll();
    // One night inside the first stay: the room is taken for it.
    const taken = await reserve(
      validReservation({
        roomId: String(room(33).id),
        checkIn: addDays(first.checkIn!, 1),
        checkOut: addDays(first.checkIn!, 1),
      }),
    );
    // Answered like the dialog and /booking: 409, code 'taken', the guest's values kept.
    expect(taken.status).toBe(409);
    expect(taken.result).toEqual({
      status: "error",
      code: "taken",
      message: m.ROOM_JUST_BOOKED,
      values: expect.objectContaining({ name: "Chanda Mulenga", roomId: String(room(33).id) }),
    });
    expect(await countAll()).toBe(afterFirst);
    expect(afterFirst).toBe(before + 1);
    // The page then reads the rooms again (shouldRevalidate on an error): the taken room is gone.
    const night = addDays(first.checkIn!, 1);
    const fresh = await loader(
      args(
        new Request(`http://localhost:3000/reservation?checkIn=${night}&checkOut=${night}`),
        getDatabase().context(),
      ),
    );
    expect(fresh.rooms.map((choice) => choice.id)).not.toContain(String(room(33).id));
    expect(fresh.rooms.length).toBeGreaterThan(0);
  });

  it("enforces the date rules on the server and keeps what the guest typed", async () => {
    const before = await countAll();
    const lastDay = addYears(today, 1);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ checkIn: addDays(today, -1) }, { checkIn: m.CHECK_IN_PAST }],
      [{ checkIn: addDays(lastDay, 1), checkOut: addDays(lastDay, 1) }, { checkIn: m.CHECK_IN_TOO_LATE }],
      [
        { checkIn: addDays(today, 5), checkOut: addDays(today, 4) },
        { checkOut: m.CHECK_OUT_BEFORE_CHECK_IN },
      ],
      [{ checkOut: addDays(lastDay, 1) }, { checkOut: m.CHECK_OUT_TOO_LATE }],
    ];
    for (const [overrides, errors] of cases) {
      const fields = validReservation(overrides);
      const { status, result } = await reserve(fields);
      expect(status).toBe(400);
      expect(result).toMatchObject({ status: "invalid", fieldErrors: errors, values: { name: fields.name } });
    }
    expect(await countAll()).toBe(before);
  });

  it("accepts a stay on the window's last day", async () => {
    const lastDay = addYears(today, 1);
    const fields = validReservation({ checkIn: lastDay, checkOut: lastDay, roomId: String(room(2).id) });
    expect((await reserve(fields)).status).toBe(200);
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(1);
  });

  it.each([
    ["adults", "1", "20", ["0", "21"], m.ADULTS_RANGE],
    ["children", "0", "20", ["-1", "21"], m.CHILDREN_RANGE],
    ["roomCount", "1", "35", ["0", "36"], m.ROOM_COUNT_RANGE],
  ] as const)("limit: %s from %s to %s", async (field, min, max, outside, message) => {
    for (const value of [min, max]) {
      const fields = validReservation({ [field]: value });
      expect((await reserve(fields)).status).toBe(200);
      expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(1);
    }
    for (const value of outside) {
      const fields = validReservation({ [field]: value });
      const { status, result } = await reserve(fields);
      expect(status).toBe(400);
      expect(result).toMatchObject({ fieldErrors: { [field]: message } });
      expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(0);
    }
  });

  it.each([
    ["name", "N".repeat(100), "N".repeat(101), m.NAME_TOO_LONG],
    ["phone", "1".repeat(30), "1".repeat(31), m.PHONE_TOO_LONG],
    ["message", "m".repeat(2000), "m".repeat(2001), m.MESSAGE_TOO_LONG],
  ] as const)("limit: %s length", async (field, longest, tooLong, message) => {
    const ok = validReservation({ [field]: longest });
    expect((await reserve(ok)).status).toBe(200);
    expect(await rowsFor(ok[SUBMISSION_ID_FIELD]!)).toHaveLength(1);
    const refused = validReservation({ [field]: tooLong });
    const { status, result } = await reserve(refused);
    expect(status).toBe(400);
    expect(result).toMatchObject({ fieldErrors: { [field]: message } });
    expect(await rowsFor(refused[SUBMISSION_ID_FIELD]!)).toHaveLength(0);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const fields = validReservation({ [HONEYPOT_FIELD]: "http://spam.example" });
    const { status, result } = await reserve(fields);
    expect(status).toBe(200);
    expect(result).toMatchObject({ status: "success", message: m.RESERVATION_SUCCESSFUL });
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(0);
  });

  it("answers 429 and stores nothing when the client is over the write limit", async () => {
    const fields = validReservation();
    const { status, result } = await reserve(fields, { writeAllowed: false });
    expect(status).toBe(429);
    expect(result).toMatchObject({ status: "error", message: m.RATE_LIMITED });
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(0);
  });

  if (engine === "pglite") {
    it("never throws and never stores an invalid reservation, whatever the form holds", async () => {
      const roomIds = rooms.map((r) => String(r.id));
      const record = someKeys(
        fc.record({
          name: nameArb,
          email: emailArb,
          phone: phoneArb,
          checkIn: dateNear(today),
          checkOut: dateNear(today),
          adults: countArb(1, 20),
          children: countArb(0, 20),
          roomCount: countArb(1, 35),
          roomId: fc.oneof(
            { weight: 8, arbitrary: fc.constantFrom(...roomIds) },
            { weight: 1, arbitrary: fc.string() },
          ),
          paymentMethod: paymentArb,
          message: textArb(2000),
          [HONEYPOT_FIELD]: fc.oneof(
            { weight: 9, arbitrary: fc.constant("") },
            { weight: 1, arbitrary: fc.string() },
          ),
          [SUBMISSION_ID_FIELD]: fc.oneof(fc.uuid(), anyTextArb),
        }),
      );
      // Count both outcomes, so the property is known to have seen stored rows and refusals.
      const seen = { stored: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(record, async (fields) => {
          const before = await countAll();
          const { status } = await reserve(fields as Record<string, string>);
          // 409: the room is held for those nights (by an earlier run of the property).
          expect([200, 400, 409]).toContain(status);
          const after = await countAll();
          expect(after - before).toBeLessThanOrEqual(1);
          if (status === 400 || status === 409) {
            seen.refused += 1;
            expect(after).toBe(before);
          }
          if (after > before) {
            seen.stored += 1;
            // The form may come without a submission id (someKeys drops keys): then the row
            // has none, and it is the newest such row.
            const submissionId = fields[SUBMISSION_ID_FIELD];
            const row = await getDatabase()
              .db.selectFrom("reservations")
              .selectAll()
              // The stored key is the form's id and a hash of what was sent (form-submission.server.ts).
              .where("submissionId", submissionId ? "like" : "is", submissionId ? `${submissionId}.%` : null)
              .orderBy("createdAt", "desc")
              .orderBy("timestamp", "desc")
              .executeTakeFirstOrThrow();
            expectGuest(row);
            expectPayment(row.paymentMethod);
            expectStay(today, row);
            expectCount(row.adults, 1, 20);
            expectCount(row.children, 0, 20);
            expectCount(row.roomCount, 1, 35);
            expect(row.numberOfPeople).toBe(row.adults + row.children);
            expect(row.status).toBe("Pending");
            expect(row.message?.trim().length ?? 0).toBeGreaterThanOrEqual(1);
            const chosen = rooms.find((r) => r.id === row.roomId);
            expect(chosen).toBeDefined();
            expect(row.price).toBe(chosen?.price);
            expect(row.totalPrice % (row.price * row.roomCount)).toBe(0);
          }
        }),
        // A random form is seldom all valid (dates, counts and stay rules must all agree), so
        // one valid and one invalid form always run first: both outcomes are seen on every run.
        {
          numRuns: 50,
          examples: [[validReservation()], [validReservation({ email: "not an email" })]],
        },
      );
      expect(seen.stored).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    });
  }
});

it("says 'Failed to fetch available rooms. Please try again later.' when the database is down", async () => {
  vi.spyOn(logger, "error").mockImplementation(() => {});
  const data = await loader(args(new Request("http://localhost:3000/reservation"), databaseDownContext()));
  expect(data).toMatchObject({ rooms: [], loadError: m.FAILED_TO_FETCH_AVAILABLE_ROOMS, today });
});

it("answers 'Failed to create reservation: {reason}' and logs when the database is down", async () => {
  const log = vi.spyOn(logger, "error").mockImplementation(() => {});
  const fields = {
    name: "Chanda Mulenga",
    email: "chanda@example.com",
    phone: "+260 97 555 0101",
    checkIn: addDays(today, 1),
    checkOut: addDays(today, 2),
    adults: "1",
    children: "0",
    roomCount: "1",
    roomId: "1",
    paymentMethod: "Cash",
    message: "Hello",
  };
  const { status, result } = await answer(
    action(args(formPost("/reservation", fields), databaseDownContext())),
  );
  expect(status).toBe(503);
  expect(result).toMatchObject({
    status: "error",
    message: m.failedToCreateReservation(m.DB_NOT_CONNECTED),
    values: { name: "Chanda Mulenga" },
  });
  expect(log).toHaveBeenCalledWith(
    expect.objectContaining({ error: expect.stringContaining("ECONNREFUSED") }),
    expect.any(String),
  );
});
