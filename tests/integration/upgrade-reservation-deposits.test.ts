import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DB } from "../../app/shared/db/client.server.ts";
import { MIGRATIONS, migrateToLatest } from "../../app/shared/db/migrate.server.ts";
import { listAttempts } from "../../app/features/payments/online-payments.server.ts";
import { seedDatabase } from "../../app/shared/db/seed.server.ts";
import { ENGINES, throwawayDatabase } from "./test-database.ts";

// A database made by the previous main (every migration before this one, through
// 2026-11-25-9-message-search-text; rows as its code wrote them: a room booking awaiting its
// deposit with an attempt under way, one paid, Pending and Confirmed reservations) must upgrade to
// migration 2026-11-25-9-reservation-deposits with every row, and the new rules must hold on it
// (exactly one stay per attempt, the columns of a reservation awaiting payment).

const THIS_MIGRATION = "2026-11-25-9-reservation-deposits";
const PREVIOUS_MAIN = Object.fromEntries(
  Object.entries(MIGRATIONS).filter(([name]) => name < THIS_MIGRATION),
);

/** Rows as the previous main's code wrote them (its columns only). */
async function previousMainRows(db: DB): Promise<void> {
  await sql`
    with room as (select id, room_number, type, price from rooms where room_number = '101')
    insert into bookings (reference, name, email, phone, payment_method, status, room_id, room_number,
      room_type, selected_room, check_in, check_out, adults, children, number_of_people, guest_count,
      price, total_price, payment_due_by, pay_token_hash, deposit_amount)
    select 'LDG-AWAIT1', 'Old Awaiting', 'a@example.com', '0961111111', 'Mobile Money', 'Awaiting payment',
      id, room_number, type, room_number || ' - ' || type, '2027-03-01', '2027-03-03', 1, 0, '1', '1',
      price, price * 2, now() + interval '15 minutes', repeat('a', 64), 100
    from room`.execute(db);
  await sql`
    with room as (select id, room_number, type, price from rooms where room_number = '102')
    insert into bookings (reference, name, email, phone, payment_method, status, room_id, room_number,
      room_type, selected_room, check_in, check_out, adults, children, number_of_people, guest_count,
      price, total_price, pay_token_hash, deposit_amount)
    select 'LDG-PAIDB1', 'Old Paid', 'p@example.com', '0971111111', 'Mobile Money', 'Confirmed',
      id, room_number, type, room_number || ' - ' || type, '2027-03-01', '2027-03-03', 1, 0, '1', '1',
      price, price * 2, repeat('b', 64), 100
    from room`.execute(db);
  await sql`
    insert into payment_attempts (booking_id, reference, provider, method, amount_ngwee, phone, operator, status)
    select id, reference || '-0000000a', 'lenco', 'Mobile Money', 10000, '0961111111', 'mtn', 'pending'
    from bookings where reference = 'LDG-AWAIT1'`.execute(db);
  await sql`
    insert into payment_attempts (booking_id, reference, provider, method, amount_ngwee, status)
    select id, reference || '-0000000b', 'lenco', 'Credit Card', 10000, 'successful'
    from bookings where reference = 'LDG-PAIDB1'`.execute(db);
  for (const [reference, name, status, room] of [
    ["LDG-RESVP1", "Old Pending", "Pending", "103"],
    ["LDG-RESVC1", "Old Confirmed", "Confirmed", "104"],
  ] as const) {
    await sql`
      with r as (select id, room_number, type, price from rooms where room_number = ${room})
      insert into reservations (reference, name, email, phone, payment_method, status, source, room_id,
        room_number, room_type, check_in, check_out, adults, children, number_of_people, room_count,
        price, total_price)
      select ${reference}, ${name}, 'r@example.com', '0961111111', 'Mobile Money', ${status}, 'reservation-page',
        id, room_number, type, '2027-03-01', '2027-03-03', 2, 0, 2, 1, price, price * 2
      from r`.execute(db);
  }
}

for (const engine of ENGINES) {
  describe(`upgrade to reservation deposits from the previous main [${engine}]`, () => {
    let dropDatabase: (() => Promise<void>) | undefined;
    let db: DB;
    beforeAll(async () => {
      const database = await throwawayDatabase(engine);
      db = createDatabase(database.config);
      dropDatabase = database.dropDatabase;
      expect(Object.keys(PREVIOUS_MAIN)).toEqual(
        expect.arrayContaining(["2026-11-25-8-payment-otp", "2026-11-25-9-message-search-text"]),
      );
      const migrated = await new Migrator({
        db,
        provider: { getMigrations: async () => PREVIOUS_MAIN },
      }).migrateToLatest();
      expect(migrated.error).toBeUndefined();
      await seedDatabase(db);
      await previousMainRows(db);
      await migrateToLatest(db);
    }, 120_000);
    afterAll(async () => {
      await db?.destroy();
      await dropDatabase?.();
    });

    it("keeps every stay and every attempt, each attempt still its booking's", async () => {
      const bookings = await db.selectFrom("bookings").select(["id", "reference", "status"]).execute();
      expect(Object.fromEntries(bookings.map((b) => [b.reference, b.status]))).toEqual({
        "LDG-AWAIT1": "Awaiting payment",
        "LDG-PAIDB1": "Confirmed",
      });
      const reservations = await db
        .selectFrom("reservations")
        .select(["reference", "status", "depositAmount", "paymentDueBy", "payTokenHash", "paymentExpiredAt"])
        .orderBy("reference")
        .execute();
      expect(reservations).toEqual([
        {
          reference: "LDG-RESVC1",
          status: "Confirmed",
          depositAmount: null,
          paymentDueBy: null,
          payTokenHash: null,
          paymentExpiredAt: null,
        },
        {
          reference: "LDG-RESVP1",
          status: "Pending",
          depositAmount: null,
          paymentDueBy: null,
          payTokenHash: null,
          paymentExpiredAt: null,
        },
      ]);
      const awaiting = bookings.find((b) => b.reference === "LDG-AWAIT1")!;
      expect(await listAttempts(db, { kind: "booking", id: awaiting.id })).toMatchObject([
        { reference: "LDG-AWAIT1-0000000a", status: "pending", reservationId: null, bookingId: awaiting.id },
      ]);
      const attempts = await db
        .selectFrom("paymentAttempts")
        .select(["reference", "bookingId", "reservationId"])
        .execute();
      expect(attempts).toHaveLength(2);
      for (const attempt of attempts) {
        expect(attempt.bookingId).not.toBeNull();
        expect(attempt.reservationId).toBeNull();
      }
    });

    it("lets an attempt belong to a reservation, and to exactly one stay", async () => {
      const reservation = await db
        .selectFrom("reservations")
        .select("id")
        .where("reference", "=", "LDG-RESVP1")
        .executeTakeFirstOrThrow();
      const booking = await db
        .selectFrom("bookings")
        .select("id")
        .where("reference", "=", "LDG-PAIDB1")
        .executeTakeFirstOrThrow();
      const attempt = (reference: string, ids: { bookingId: string | null; reservationId: string | null }) =>
        db
          .insertInto("paymentAttempts")
          .values({ ...ids, reference, provider: "lenco", method: "Credit Card", amountNgwee: 100 })
          .execute();
      await expect(
        attempt("LDG-RESVP1-0000000c", { bookingId: null, reservationId: reservation.id }),
      ).resolves.toBeDefined();
      // One under way per reservation, as per booking.
      await expect(
        attempt("LDG-RESVP1-0000000d", { bookingId: null, reservationId: reservation.id }),
      ).rejects.toThrow(/payment_attempts_one_under_way_reservation/);
      await expect(attempt("LDG-NONE00-0000000e", { bookingId: null, reservationId: null })).rejects.toThrow(
        /payment_attempts_one_stay_check/,
      );
      await expect(
        attempt("LDG-BOTH00-0000000f", { bookingId: booking.id, reservationId: reservation.id }),
      ).rejects.toThrow(/payment_attempts_one_stay_check/);
    });

    it("refuses a reservation awaiting payment without its due time, token and deposit", async () => {
      await expect(
        db
          .updateTable("reservations")
          .set({ status: "Awaiting payment" })
          .where("reference", "=", "LDG-RESVC1")
          .execute(),
      ).rejects.toThrow(/reservations_awaiting_payment_due_check/);
      await expect(
        db
          .updateTable("reservations")
          .set({ depositAmount: 0 })
          .where("reference", "=", "LDG-RESVC1")
          .execute(),
      ).rejects.toThrow(/deposit_amount/);
    });
  });
}
