import { expect, it } from "vitest";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { getDepositOutcome, recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { book, reserve } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// The cancellation policy applied to a stay's deposit (decisions.md 33): from the
// history's cancellation day, the ledger and the manager's policy, the request page says whether
// the lodge keeps the deposit or owes a refund, and a recorded refund settles it.
describeEachEngine("deposit outcome of a cancelled stay", (getDatabase) => {
  const today = lodgeToday();

  async function bookingIn(roomNumber: string, daysAhead: number) {
    const { db } = getDatabase();
    const result = await book(db, roomNumber, addDays(today, daysAhead), addDays(today, daysAhead + 2));
    if (result.kind !== "booked") throw new Error(`not booked: ${result.kind}`);
    return result.booking;
  }

  const staff = { actor: "staff", staffAccountId: null } as const;

  it("a stay cancelled before free cancellation ended owes its deposit back, until the refund is recorded", async () => {
    const { db } = getDatabase();
    await updateLodgeSettings(
      db,
      { depositPolicy: "percent", depositPercent: 30, freeCancellationDays: 3 },
      null,
    );
    const booking = await bookingIn("101", 40);
    const request = { kind: "booking", id: booking.id } as const;
    await recordPayment(db, request, { kind: "payment", method: "Cash", amount: 300 });
    // Not cancelled: the policy has nothing to say yet.
    expect(await getDepositOutcome(db, request)).toBeNull();

    expect((await changeStayStatus(db, "booking", booking.id, "Cancelled", staff)).kind).toBe("changed");
    expect(await getDepositOutcome(db, request)).toEqual({
      freeCancellationDays: 3,
      outcome: {
        case: "free-cancellation",
        daysBefore: 40,
        deposit: Math.ceil((booking.totalPrice * 30) / 100),
        paid: 300,
        kept: 0,
        refundDue: 300,
        refunded: 0,
      },
    });

    await recordPayment(db, request, { kind: "refund", method: "Cash", amount: 300 });
    expect((await getDepositOutcome(db, request))?.outcome).toMatchObject({
      paid: 0,
      refundDue: 0,
      refunded: 300,
    });
  });

  it("a guest who cancels the day before arrival loses the policy's deposit and gets the rest back", async () => {
    const { db } = getDatabase();
    const booking = await bookingIn("102", 1);
    const request = { kind: "booking", id: booking.id } as const;
    await recordPayment(db, request, { kind: "payment", method: "Mobile Money", amount: booking.totalPrice });
    const guest = { actor: "guest", note: "Cancelled by the guest on /my-booking." } as const;
    expect((await changeStayStatus(db, "booking", booking.id, "Cancelled", guest)).kind).toBe("changed");
    const deposit = Math.ceil((booking.totalPrice * 30) / 100);
    expect((await getDepositOutcome(db, request))?.outcome).toEqual({
      case: "late-cancellation",
      daysBefore: 1,
      deposit,
      paid: booking.totalPrice,
      kept: deposit,
      refundDue: booking.totalPrice - deposit,
      refunded: 0,
    });
  });

  it("a no-show keeps the deposit fixed when the booking was made, whatever the policy says now", async () => {
    const { db } = getDatabase();
    const booking = await bookingIn("103", 20);
    await db.updateTable("bookings").set({ depositAmount: 250 }).where("id", "=", booking.id).execute();
    const request = { kind: "booking", id: booking.id } as const;
    await recordPayment(db, request, {
      kind: "payment",
      method: "Mobile Money",
      amount: 250,
      provider: { name: "lenco", reference: `dep-${booking.id}` },
    });
    await changeStayStatus(db, "booking", booking.id, "Confirmed", staff);
    expect((await changeStayStatus(db, "booking", booking.id, "No-show", staff)).kind).toBe("changed");
    expect((await getDepositOutcome(db, request))?.outcome).toMatchObject({
      case: "no-show",
      deposit: 250,
      kept: 250,
      refundDue: 0,
    });
  });

  it("says nothing of a reservation cancelled with nothing paid, nor of an unknown request", async () => {
    const { db } = getDatabase();
    const saved = await reserve(db, "105", addDays(today, 30), addDays(today, 31));
    if (saved.kind !== "saved") throw new Error(`not reserved: ${saved.kind}`);
    const request = { kind: "reservation", id: saved.record.id } as const;
    await changeStayStatus(db, "reservation", saved.record.id, "Cancelled", staff);
    expect(await getDepositOutcome(db, request)).toBeNull();
    await recordPayment(db, request, { kind: "payment", method: "Cash", amount: 100 });
    expect((await getDepositOutcome(db, request))?.outcome).toMatchObject({
      case: "free-cancellation",
      refundDue: 100,
    });
    expect(
      await getDepositOutcome(db, { kind: "booking", id: "00000000-0000-0000-0000-000000000000" }),
    ).toBeNull();
  });
});
