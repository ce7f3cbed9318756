import { expect, it } from "vitest";
import { getLodgeSettings, updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { CONTROL_CHARACTERS } from "../../app/shared/forms/fields.ts";
import { MY_BOOKING_CANCELLED, MY_BOOKING_NOT_FOUND, RATE_LIMITED } from "../../app/shared/messages.ts";
import { action, loader } from "~/routes/my-booking.tsx";
import { args, databaseDownContext, formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

interface Body {
  status: string;
  message?: string;
  fieldErrors?: Record<string, string>;
  request: {
    kind: string;
    status: string;
    mayCancel: boolean;
    history: { toStatus: string; actor: string }[];
    deposit: { outcome: { case: string; kept: number; refundDue: number; refunded: number } } | null;
  };
}
type Answer = { data: Body; init?: { status?: number } | null };

const guest = {
  name: "Chanda Mwale",
  email: "chanda@example.com",
  phone: "+260 97 111 2222",
  paymentMethod: "Cash",
} as const;

describeEachEngine("/my-booking", (getDatabase) => {
  const post = async (fields: Record<string, string>, options?: { writeAllowed?: boolean }) => {
    const value = (await action(
      args(formPost("/my-booking", fields), getDatabase().context(options)),
    )) as Answer;
    return { status: value.init?.status ?? 200, body: value.data };
  };

  async function book(roomNumber: string, daysAhead: number) {
    const { db } = getDatabase();
    const room = await db
      .selectFrom("rooms")
      .select("id")
      .where("roomNumber", "=", roomNumber)
      .executeTakeFirstOrThrow();
    const checkIn = addDays(lodgeToday(), daysAhead);
    const result = await bookRoom(db, {
      ...guest,
      roomId: room.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      adults: 1,
      children: 0,
      submissionId: null,
    });
    if (result.kind !== "booked") throw new Error(result.kind);
    return result.booking;
  }

  it("prefills the reference from the mail's link", async () => {
    const answer = await loader(
      args(new Request("http://localhost:3000/my-booking?reference=ldg-abcdef"), getDatabase().context()),
    );
    expect(answer).toEqual({ reference: "LDG-ABCDEF" });
  });

  it("shows a request, its status and its history for its reference and e-mail, in any letter case", async () => {
    const booking = await book("131", 20);
    const { status, body } = await post({
      reference: booking.reference.toLowerCase(),
      email: "CHANDA@example.com",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "found",
      request: {
        kind: "booking",
        reference: booking.reference,
        status: "Confirmed",
        total: booking.totalPrice,
        mayCancel: true,
      },
    });
    expect(body.request.history).toEqual([
      expect.objectContaining({ toStatus: "Confirmed", actor: "guest" }),
    ]);
  });

  it("answers a wrong reference and a wrong e-mail with the same words", async () => {
    const booking = await book("132", 22);
    const wrongEmail = await post({ reference: booking.reference, email: "someone.else@example.com" });
    const wrongReference = await post({ reference: "LDG-ZZZZZZ", email: guest.email });
    for (const answer of [wrongEmail, wrongReference]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: "error", message: MY_BOOKING_NOT_FOUND });
    }
    expect(
      JSON.stringify(wrongEmail.body)
        .replace(booking.reference, "X")
        .replace("someone.else@example.com", "Y"),
    ).toBe(JSON.stringify(wrongReference.body).replace("LDG-ZZZZZZ", "X").replace(guest.email, "Y"));
  });

  it("cancels a stay that has not begun: the room is free again, both sides get a mail", async () => {
    const { db } = getDatabase();
    const booking = await book("133", 25);
    const { status, body } = await post({
      intent: "cancel",
      reference: booking.reference,
      email: guest.email,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "found",
      message: MY_BOOKING_CANCELLED,
      request: { status: "Cancelled", mayCancel: false },
    });
    expect(body.request.history.map((h) => h.toStatus)).toEqual(["Confirmed", "Cancelled"]);
    const holds = await db.selectFrom("roomHolds").select("id").where("bookingId", "=", booking.id).execute();
    expect(holds).toHaveLength(0);
    const mails = await db
      .selectFrom("outbox")
      .select(["template", "audience"])
      .where("requestId", "=", booking.id)
      .orderBy("id")
      .execute();
    expect(mails).toEqual([
      { template: "request-received", audience: "guest" },
      { template: "new-request", audience: "lodge" },
      { template: "status-changed", audience: "guest" },
      { template: "guest-cancelled", audience: "lodge" },
    ]);
    // Twice: nothing more to cancel, and no more mail.
    const again = await post({ intent: "cancel", reference: booking.reference, email: guest.email });
    expect(again.status).toBe(409);
    expect(
      await db.selectFrom("outbox").select("id").where("requestId", "=", booking.id).execute(),
    ).toHaveLength(4);
  });

  it("does not cancel a stay that has begun, a venue booking, or someone else's booking", async () => {
    const { db } = getDatabase();
    const today = await book("134", 0);
    expect((await post({ intent: "cancel", reference: today.reference, email: guest.email })).status).toBe(
      409,
    );
    const venue = await db.selectFrom("venues").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const saved = await insertVenueBooking(db, {
      ...guest,
      submissionId: null,
      message: null,
      venueId: venue.id,
      venueName: venue.venue,
      bookingDate: addDays(lodgeToday(), 90),
      numberOfPeople: 30,
      totalPrice: venue.price,
    });
    if (saved.kind !== "saved") throw new Error("not saved");
    const venueAnswer = await post({
      intent: "cancel",
      reference: saved.record.reference,
      email: guest.email,
    });
    expect(venueAnswer.status).toBe(409);
    expect(venueAnswer.body.request).toMatchObject({
      kind: "venue-booking",
      status: "Pending",
      mayCancel: false,
    });
    const other = await book("135", 30);
    const stranger = await post({
      intent: "cancel",
      reference: other.reference,
      email: "stranger@example.com",
    });
    expect(stranger).toMatchObject({ status: 404, body: { message: MY_BOOKING_NOT_FOUND } });
    const row = await db
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("Confirmed");
  });

  it("is rate-limited, checks its fields and says when the database is down", async () => {
    expect(
      await post({ reference: "LDG-ABCDEF", email: guest.email }, { writeAllowed: false }),
    ).toMatchObject({ status: 429, body: { message: RATE_LIMITED } });
    const invalid = await post({ reference: "", email: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["reference", "email"]),
    );
    const down = (await action(
      args(formPost("/my-booking", { reference: "LDG-ABCDEF", email: guest.email }), databaseDownContext()),
    )) as Answer;
    expect(down.init?.status).toBe(503);
  });

  it("refuses a control character in the reference beside the field, not with a database error", async () => {
    // PostgreSQL cannot take a NUL byte: unchecked, the look-up failed with a 503.
    for (const reference of ["LDG-AB\u0000C", "LDG-AB\u001bC"]) {
      const answer = await post({ reference, email: guest.email });
      expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { reference: CONTROL_CHARACTERS } } });
    }
  });

  it("shows the stay's folio and a receipt per payment, without staff names, for its reference and e-mail", async () => {
    const booking = await book("135", 60);
    await recordPayment(
      getDatabase().db,
      { kind: "booking", id: booking.id },
      { kind: "payment", method: "Mobile Money", amount: 100, transactionId: "MP1234", staffAccountId: null },
    );
    const { status, body } = await post({
      reference: booking.reference,
      email: guest.email,
      intent: "folio",
    });
    expect(status).toBe(200);
    const folio = body as unknown as {
      status: string;
      sheet: {
        folio: { total: number; paid: number; balance: number };
        ledger: { method: string; transactionId: string; staffName: string | null }[];
      };
    };
    expect(folio.status).toBe("folio");
    expect(folio.sheet.folio).toMatchObject({
      total: booking.totalPrice,
      paid: 100,
      balance: booking.totalPrice - 100,
    });
    expect(folio.sheet.ledger).toEqual([
      expect.objectContaining({ method: "Mobile Money", transactionId: "MP1234", staffName: null }),
    ]);
    const stranger = await post({
      reference: booking.reference,
      email: "someone@example.com",
      intent: "folio",
    });
    expect(stranger).toMatchObject({ status: 404, body: { message: MY_BOOKING_NOT_FOUND } });
  });

  it("tells the guest of a cancelled stay what becomes of the deposit: refund due, refunded, or kept", async () => {
    const { db } = getDatabase();
    const before = await getLodgeSettings(db);
    await updateLodgeSettings(
      db,
      { depositPolicy: "percent", depositPercent: 30, freeCancellationDays: 3 },
      null,
    );
    try {
      // Cancelled by the guest 40 days ahead, the deposit paid: nothing is kept, all is refunded.
      const early = await book("128", 40);
      const deposit = Math.ceil((early.totalPrice * 30) / 100);
      await recordPayment(
        db,
        { kind: "booking", id: early.id },
        { kind: "payment", method: "Mobile Money", amount: deposit },
      );
      const found = await post({ intent: "find", reference: early.reference, email: guest.email });
      // Not cancelled: nothing to say about the deposit yet.
      expect(found.body.request.deposit).toBeNull();
      const cancelled = await post({ intent: "cancel", reference: early.reference, email: guest.email });
      expect(cancelled.body.request.deposit?.outcome).toMatchObject({
        case: "free-cancellation",
        kept: 0,
        refundDue: deposit,
        refunded: 0,
      });
      await recordPayment(
        db,
        { kind: "booking", id: early.id },
        { kind: "refund", method: "Mobile Money", amount: deposit },
      );
      const refunded = await post({ intent: "find", reference: early.reference, email: guest.email });
      expect(refunded.body.request.deposit?.outcome).toMatchObject({ refundDue: 0, refunded: deposit });

      // Cancelled by the lodge the day before arrival, paid in full: the deposit is kept, the rest due back.
      const late = await book("129", 1);
      const lateDeposit = Math.ceil((late.totalPrice * 30) / 100);
      await recordPayment(
        db,
        { kind: "booking", id: late.id },
        { kind: "payment", method: "Cash", amount: late.totalPrice },
      );
      await changeStayStatus(db, "booking", late.id, "Cancelled", { actor: "staff", staffAccountId: null });
      const kept = await post({ intent: "find", reference: late.reference, email: guest.email });
      expect(kept.body.request.deposit?.outcome).toMatchObject({
        case: "late-cancellation",
        kept: lateDeposit,
        refundDue: late.totalPrice - lateDeposit,
      });

      // A cancelled stay nobody paid for has no deposit to speak of.
      const unpaid = await book("130", 45);
      await post({ intent: "cancel", reference: unpaid.reference, email: guest.email });
      const nothing = await post({ intent: "find", reference: unpaid.reference, email: guest.email });
      expect(nothing.body.request).toMatchObject({ status: "Cancelled", deposit: null });
    } finally {
      await updateLodgeSettings(
        db,
        {
          depositPolicy: before.depositPolicy,
          depositPercent: before.depositPercent,
          freeCancellationDays: before.freeCancellationDays,
        },
        null,
      );
    }
  });
});
