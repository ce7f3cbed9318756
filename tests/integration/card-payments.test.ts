import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { paymentProviderContext } from "../../app/features/payments/payment-provider.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { listAttempts } from "../../app/features/payments/online-payments.server.ts";
import { listPayments } from "../../app/features/payments/payments-ledger.server.ts";
import type { Booking } from "../../app/shared/db/schema.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import type { PaymentProvider } from "../../app/features/payments/payment-provider.server.ts";
import type { PayActionData } from "../../app/features/payments/pay-page.server.ts";
import { action as roomsAction } from "~/routes/rooms.tsx";
import { SIMULATOR_CARDS, type LencoSimulator } from "../lenco-simulator.ts";
import { useLencoTestbed } from "./lenco-testbed.ts";
import { loadPayStepAt, payStepOf, postPayStepAt } from "./pay-step-calls.ts";
import { formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

// Card deposits through Lenco's hosted widget (ADR 0018 "Cards"), against the
// simulator's widget (tests/lenco-simulator.ts): the payment step stores the attempt and hands
// the widget our reference and amount; the card goes to the widget only; the widget's callbacks
// make our server ask Lenco's status query, whose amount, currency and reference are checked.

const today = lodgeToday();
let roomCounter = 0;

describeEachEngine("card deposits through Lenco's widget", (getDatabase) => {
  let sim: LencoSimulator;
  let provider: PaymentProvider;
  let withoutCards: PaymentProvider;
  let db: DB;

  const testbed = useLencoTestbed(() => getDatabase().db, { cards: true });
  beforeAll(() => {
    db = getDatabase().db;
    ({ sim, provider, withoutCards } = testbed);
  });
  beforeEach(async () => {
    sim.up();
    sim.sendWebhooks = true;
    await updateLodgeSettings(
      db,
      { depositPolicy: "percent", depositPercent: 30, paymentHoldMinutes: 15 },
      null,
    );
  });

  function context(chosen: PaymentProvider = provider): RouterContextProvider {
    const ctx = getDatabase().context();
    ctx.set(paymentProviderContext, chosen);
    return ctx;
  }

  async function freeRoom(): Promise<{ id: number }> {
    const number = String(101 + (roomCounter++ % 35));
    return db.selectFrom("rooms").select(["id"]).where("roomNumber", "=", number).executeTakeFirstOrThrow();
  }

  function cardBooking(roomId: number) {
    return {
      name: "Mutale Banda",
      email: "mutale@example.com",
      phone: "0961111111",
      checkIn: addDays(today, 10 + roomCounter * 3),
      checkOut: addDays(today, 13 + roomCounter * 3),
      adults: "2",
      children: "0",
      roomId: String(roomId),
      paymentMethod: "Credit Card",
      submissionId: crypto.randomUUID(),
    };
  }

  /** Books from the dialog; the answer (a redirect to the payment step, or the form's result). */
  async function book(fields: Record<string, string>, chosen = provider): Promise<unknown> {
    return roomsAction({
      request: formPost("/rooms?book=Deluxe", fields),
      context: context(chosen),
      params: {},
    } as never).then(
      (value) => value,
      (error: unknown) => error,
    );
  }

  async function bookToPay(): Promise<{ booking: Booking; path: string }> {
    const room = await freeRoom();
    const fields = cardBooking(room.id);
    const { path, reference } = payStepOf(await book(fields));
    const booking = await db
      .selectFrom("bookings")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    return { booking, path };
  }

  const page = async (path: string) => (await loadPayStepAt(path, context())).data;

  /** The card island's request to the pay action; a redirect (Response) or its data. */
  const intent = (path: string, name: string) => postPayStepAt(path, { intent: name }, context());

  async function openWidget(path: string) {
    const answer = await intent(path, "card");
    expect(answer).not.toBeInstanceOf(Response);
    const card = (answer as PayActionData).card;
    expect(card).toBeDefined();
    return card!;
  }

  const reload = (booking: Booking) =>
    db.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();

  it("without the widget's public key a Credit Card booking is confirmed as before, paid at the lodge", async () => {
    const room = await freeRoom();
    const answer = await book(cardBooking(room.id), withoutCards);
    expect(answer).not.toBeInstanceOf(Response);
    const booking = await db
      .selectFrom("bookings")
      .selectAll()
      .where("roomId", "=", room.id)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe("Confirmed");
    expect(booking.depositAmount).toBeNull();
    expect(await listAttempts(db, { kind: "booking", id: booking.id })).toEqual([]);
  });

  it("holds the room Awaiting payment; the status query confirms the card payment, never the browser", async () => {
    const { booking, path } = await bookToPay();
    expect(booking.status).toBe("Awaiting payment");
    const view = await page(path);
    expect(view.ok && view.view).toMatchObject({ state: "pay", card: true, cardFirst: true });

    const card = await openWidget(path);
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    expect(attempt).toMatchObject({ method: "Credit Card", status: "created", phone: null, operator: null });
    expect(card).toMatchObject({
      key: sim.publicKey,
      scriptUrl: sim.widgetUrl,
      reference: attempt!.reference,
      amount: booking.depositAmount,
      currency: "ZMW",
      email: "mutale@example.com",
    });
    // Opened again (the guest closed the widget before paying): the same attempt, no second one.
    expect((await openWidget(path)).reference).toBe(attempt!.reference);

    // The widget says "paid" before anything was paid: the provider has no such payment.
    expect(await intent(path, "card-paid")).toBeInstanceOf(Response);
    expect((await reload(booking)).status).toBe("Awaiting payment");

    // Paid in the widget, the webhook lost: the status query confirms.
    sim.sendWebhooks = false;
    const paid = await sim.payByCard({
      key: card.key,
      reference: card.reference,
      amount: String(card.amount),
      currency: card.currency,
      email: card.email,
      cardNumber: SIMULATOR_CARDS.success,
      expiry: "12/30",
      cvv: "123",
    });
    expect(paid).toMatchObject({ status: "successful", type: "card" });
    expect(await intent(path, "card-paid")).toBeInstanceOf(Response);
    expect((await reload(booking)).status).toBe("Confirmed");
    expect(await listPayments(db, { kind: "booking", id: booking.id })).toMatchObject([
      { kind: "payment", method: "Credit Card", amount: booking.depositAmount, provider: "lenco" },
    ]);
    const done = await page(path);
    expect(done.ok && done.view.state).toBe("paid");

    // The webhook, late: changes nothing twice.
    expect(await sim.deliver(card.reference)).toBe(200);
    expect(await listPayments(db, { kind: "booking", id: booking.id })).toHaveLength(1);
  });

  it("refuses a card payment whose amount or currency differs from ours (a tampered widget call)", async () => {
    for (const tamper of [
      (card: { amount: number; currency: string }) => ({
        amount: String(card.amount - 1),
        currency: card.currency,
      }),
      (card: { amount: number; currency: string }) => ({ amount: String(card.amount), currency: "USD" }),
    ]) {
      const { booking, path } = await bookToPay();
      const card = await openWidget(path);
      const paid = await sim.payByCard({
        key: card.key,
        reference: card.reference,
        email: card.email,
        cardNumber: SIMULATOR_CARDS.success,
        expiry: "12/30",
        cvv: "123",
        ...tamper(card),
      });
      expect(paid).toMatchObject({ status: "successful" });
      // The webhook was refused as a mismatch, and so is the status query's answer.
      expect(sim.deliveries.at(-1)).toMatchObject({ reference: card.reference, status: 200 });
      expect(await intent(path, "card-paid")).toBeInstanceOf(Response);
      expect((await reload(booking)).status).toBe("Awaiting payment");
      expect(await listPayments(db, { kind: "booking", id: booking.id })).toEqual([]);
      const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
      expect(attempt?.status).not.toBe("successful");
    }
  });

  it("a declined card, then the widget closed: the attempt fails and the guest may try again", async () => {
    const { booking, path } = await bookToPay();
    const card = await openWidget(path);
    const declined = await sim.payByCard({
      key: card.key,
      reference: card.reference,
      amount: String(card.amount),
      currency: card.currency,
      email: card.email,
      cardNumber: SIMULATOR_CARDS.declined,
      expiry: "12/30",
      cvv: "123",
    });
    expect(declined).toMatchObject({ status: "failed" });
    expect(await intent(path, "card-closed")).toBeInstanceOf(Response);
    const view = await page(path);
    expect(view.ok && view.view.state).toBe("pay");
    expect(view.ok && view.view.attempt).toMatchObject({
      method: "Credit Card",
      status: "failed",
      reason: "Card declined",
    });
    // A new attempt with a reference of its own.
    const again = await openWidget(path);
    expect(again.reference).not.toBe(card.reference);

    // Closed without paying: Lenco never heard of it, so it was not made.
    expect(await intent(path, "card-closed")).toBeInstanceOf(Response);
    const [latest] = await listAttempts(db, { kind: "booking", id: booking.id });
    expect(latest).toMatchObject({ reference: again.reference, status: "failed" });
  });

  it("keeps no card number or security code anywhere in the database", async () => {
    const { path } = await bookToPay();
    const card = await openWidget(path);
    await sim.payByCard({
      key: card.key,
      reference: card.reference,
      amount: String(card.amount),
      currency: card.currency,
      email: card.email,
      cardNumber: SIMULATOR_CARDS.success,
      expiry: "12/30",
      cvv: "987",
    });
    await intent(path, "card-paid");
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    expect(tables.rows.length).toBeGreaterThan(5);
    for (const { name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(db);
      for (const { row } of rows.rows) {
        expect(row, name).not.toContain(SIMULATOR_CARDS.success);
        expect(row, name).not.toMatch(/\b987\b.*\b12\/30\b/);
      }
    }
  });
});
