import { expect } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import { nightsBetween } from "../../app/shared/dates.ts";

/**
 * What migration 2026-11-25-2-rates gives the requests of an earlier database: every
 * stay its nights, summing to the total it stored, at the base rate; every request the tax lines
 * of the default settings (not VAT-registered: the levy alone, on stays and on venue bookings of
 * 25 people or more), contained in its total.
 */
export async function expectSnapshotOfStoredPrices(db: DB): Promise<void> {
  for (const table of ["bookings", "reservations"] as const) {
    const column = table === "bookings" ? "bookingId" : "reservationId";
    const stays = await db
      .selectFrom(table)
      .select(["id", "checkIn", "checkOut", "price", "totalPrice"])
      .execute();
    expect(stays.length).toBeGreaterThan(0);
    for (const stay of stays) {
      const nights = await db
        .selectFrom("requestNights")
        .select(["night", "price", "rule"])
        .where(column, "=", stay.id)
        .orderBy("night")
        .execute();
      expect(nights).toHaveLength(nightsBetween(stay.checkIn, stay.checkOut));
      expect(nights[0]?.night).toBe(stay.checkIn);
      expect(nights.reduce((sum, night) => sum + night.price, 0)).toBe(stay.totalPrice);
      expect(nights.every((night) => night.rule === null)).toBe(true);
      // A total that was nights × rate is exactly the rate on every night.
      if (stay.totalPrice === stay.price * nights.length) {
        expect(nights.every((night) => night.price === stay.price)).toBe(true);
      }
      // The lodge is not VAT-registered by default: the levy alone, contained in the total.
      const taxes = await db
        .selectFrom("requestTaxLines")
        .select(["kind", "rateBp", "amount"])
        .where(column, "=", stay.id)
        .execute();
      expect(taxes).toEqual([
        { kind: "levy", rateBp: 150, amount: Math.round((stay.totalPrice * 150) / 10_150) },
      ]);
    }
  }
  const venueBookings = await db
    .selectFrom("venueBookings")
    .select(["id", "numberOfPeople", "totalPrice"])
    .execute();
  for (const booking of venueBookings) {
    const taxes = await db
      .selectFrom("requestTaxLines")
      .select(["kind", "amount"])
      .where("venueBookingId", "=", booking.id)
      .execute();
    expect(taxes).toEqual(
      booking.numberOfPeople >= 25
        ? [{ kind: "levy", amount: Math.round((booking.totalPrice * 150) / 10_150) }]
        : [],
    );
  }
}
