import { expect, it } from "vitest";
import { recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { action as myBookingJson } from "~/routes/api/my-booking.ts";
import { action as myBookingPage } from "~/routes/my-booking.tsx";
import { args, formPost } from "./route-calls.ts";
import { book } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// /my-booking's summary says what was paid and what is due, and the page's answer carries only
// what the guest is shown: the same as its JSON route's.

/** Every key of the guest's view of a request: nothing the lodge keeps for itself. */
const GUEST_KEYS = [
  "deposit",
  "due",
  "from",
  "history",
  "kind",
  "mayCancel",
  "name",
  "nights",
  "paid",
  "reference",
  "status",
  "taxes",
  "total",
  "until",
  "what",
];

describeEachEngine("/my-booking's summary", (getDatabase) => {
  it("shows what was paid and what is due, and answers the page and its JSON route alike", async () => {
    const { db } = getDatabase();
    const checkIn = addDays(lodgeToday(), 30);
    const booked = await book(db, "104", checkIn, addDays(checkIn, 2));
    if (booked.kind !== "booked") throw new Error(booked.kind);
    const { booking } = booked;
    // A deposit paid online, as the provider's word records it.
    await recordPayment(
      db,
      { kind: "booking", id: booking.id },
      {
        kind: "payment",
        method: "Mobile Money",
        amount: 300,
        transactionId: "MP-300",
        note: "Deposit paid online (MTN mobile money)",
        provider: { name: "lenco", reference: `${booking.reference}-dep` },
      },
    );
    const fields = { reference: booking.reference, email: booking.email ?? "" };

    const page = (await myBookingPage(
      args(formPost("/my-booking", fields), getDatabase().context()),
    )) as unknown as {
      data: { status: string; request: Record<string, unknown> };
    };
    expect(page.data.status).toBe("found");
    expect(page.data.request).toMatchObject({ total: 800, paid: 300, due: 500 });
    expect(Object.keys(page.data.request).sort()).toEqual(GUEST_KEYS);

    const json = await myBookingJson(args(formPost("/api/my-booking", fields), getDatabase().context()));
    const body = (await json.json()) as { request: unknown };
    expect(body.request).toEqual(page.data.request);
  });
});
