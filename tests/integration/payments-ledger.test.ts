import { expect, it } from "vitest";
import { getLodgeSettings, updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import {
  balanceDue,
  listPayments,
  netPaid,
  netPaidByRequest,
  recordPayment,
} from "../../app/features/payments/payments-ledger.server.ts";
import { book } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// The ledger and the settings that money and the desk build on (migration 2026-11-25-1).
describeEachEngine("payments ledger", (getDatabase) => {
  async function newBooking(roomNumber: string) {
    const { db } = getDatabase();
    const result = await book(db, roomNumber, "2031-03-01", "2031-03-04");
    if (result.kind !== "booked") throw new Error(`not booked: ${result.kind}`);
    return result.booking;
  }

  it("records payments and refunds and nets them per request", async () => {
    const { db } = getDatabase();
    const booking = await newBooking("103");
    expect(booking.channel).toBe("web");
    const request = { kind: "booking", id: booking.id } as const;
    await recordPayment(db, request, { kind: "payment", method: "Cash", amount: 500 });
    await recordPayment(db, request, {
      kind: "payment",
      method: "Mobile Money",
      amount: 300,
      transactionId: "MP240101.1234.A56789",
    });
    await recordPayment(db, request, {
      kind: "refund",
      method: "Cash",
      amount: 100,
      note: "Breakfast not taken",
    });

    const entries = await listPayments(db, request);
    expect(entries.map((entry) => [entry.kind, entry.method, entry.amount])).toEqual([
      ["payment", "Cash", 500],
      ["payment", "Mobile Money", 300],
      ["refund", "Cash", 100],
    ]);
    expect(netPaid(entries)).toBe(700);
    expect(balanceDue(booking.totalPrice, 700)).toBe(Math.max(0, booking.totalPrice - 700));
    expect(
      (await netPaidByRequest(db, "booking", [booking.id, "00000000-0000-0000-0000-000000000000"])).get(
        booking.id,
      ),
    ).toBe(700);
  });

  it("records a provider's confirmation once, however often it arrives", async () => {
    const { db } = getDatabase();
    const booking = await newBooking("104");
    const request = { kind: "booking", id: booking.id } as const;
    const entry = {
      kind: "payment",
      method: "Mobile Money",
      amount: 250,
      provider: { name: "lenco", reference: `ref-${booking.id}` },
    } as const;
    const [first, second] = await Promise.all([
      recordPayment(db, request, entry),
      recordPayment(db, request, entry),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(netPaid(await listPayments(db, request))).toBe(250);
  });

  it("refuses an entry for no request, for two, or without a positive amount", async () => {
    const { db } = getDatabase();
    await expect(
      db
        .insertInto("payments")
        .values({ kind: "payment", method: "Cash", amount: 10 } as never)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("payments")
        .values({
          bookingId: "00000000-0000-0000-0000-000000000000",
          kind: "payment",
          method: "Cash",
          amount: 10,
        })
        .execute(),
    ).rejects.toThrow();
    const booking = await db.selectFrom("bookings").select("id").executeTakeFirstOrThrow();
    await expect(
      recordPayment(db, { kind: "booking", id: booking.id }, { kind: "payment", method: "Cash", amount: 0 }),
    ).rejects.toThrow();
  });

  it("keeps one row of settings with defaults, and audits a change", async () => {
    const { db } = getDatabase();
    const defaults = await getLodgeSettings(db);
    expect(defaults).toMatchObject({
      vatRegistered: false,
      vatRateBp: 1600,
      levyRateBp: 150,
      depositPolicy: "none",
      freeCancellationDays: 2,
      paymentHoldMinutes: 15,
    });
    const after = await updateLodgeSettings(
      db,
      { vatRegistered: true, depositPolicy: "percent", depositPercent: 30 },
      null,
    );
    expect(after).toMatchObject({ vatRegistered: true, depositPolicy: "percent", depositPercent: 30 });
    const audit = await db.selectFrom("staffAudit").selectAll().where("subject", "=", "settings").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.change).toContain("depositPercent: 0 → 30");
    // A percent policy needs a percentage; 'none' must not carry one.
    await expect(updateLodgeSettings(db, { depositPolicy: "none" }, null)).rejects.toThrow();
    await expect(db.insertInto("lodgeSettings").defaultValues().execute()).rejects.toThrow();
  });
});
