import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { paymentProviderContext } from "../../app/features/payments/payment-provider.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { listAttempts, listRefundsDue } from "../../app/features/payments/online-payments.server.ts";
import { getDepositOutcome, listPayments } from "../../app/features/payments/payments-ledger.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import type { Reservation } from "../../app/shared/db/schema.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { SUBMISSION_ID_FIELD } from "../../app/shared/forms/form-result.ts";
import { reconcilePayments } from "../../app/features/payments/deposits.server.ts";
import type { PaymentProvider } from "../../app/features/payments/payment-provider.server.ts";
import type { PayActionData } from "../../app/features/payments/pay-page.server.ts";
import { action as bookingAction } from "~/routes/booking.tsx";
import { action as reservationAction } from "~/routes/reservation.tsx";
import * as deposits from "~/routes/staff/deposits.tsx";
import * as requestDetail from "~/routes/staff/request-detail.tsx";
import { SIMULATOR_CARDS, type LencoSimulator } from "../lenco-simulator.ts";
import { useLencoTestbed } from "./lenco-testbed.ts";
import { loadPayStepAt, payStepOf, postPayStepAt } from "./pay-step-calls.ts";
import { createStaff, outcome, routeArgs, signedIn, staffGet } from "./staff-support.ts";
import { formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

// Deposits paid online for room reservations ("a stay whose guest chooses Mobile Money … is
// stored `Awaiting payment`"), through the same payment step, webhook, status query and
// reconciler as room bookings (online-payments.test.ts), against the Lenco simulator: from
// /reservation and from /booking's reservation tab.

const today = lodgeToday();
let slot = 0;

describeEachEngine("online deposits for reservations", (getDatabase) => {
  let sim: LencoSimulator;
  let provider: PaymentProvider;
  let db: DB;

  const testbed = useLencoTestbed(() => getDatabase().db, { cards: true });
  beforeAll(() => {
    db = getDatabase().db;
    ({ sim, provider } = testbed);
  });
  beforeEach(async () => {
    sim.up();
    sim.sendWebhooks = true;
    await updateLodgeSettings(
      db,
      { depositPolicy: "percent", depositPercent: 30, paymentHoldMinutes: 15, freeCancellationDays: 2 },
      null,
    );
  });

  function context(withProvider = true): RouterContextProvider {
    const ctx = getDatabase().context();
    ctx.set(paymentProviderContext, withProvider ? provider : null);
    return ctx;
  }

  /** A room and nights of their own per call (rooms 101-135, three nights each). */
  async function stayFields(paymentMethod = "Mobile Money") {
    slot += 1;
    const room = await db
      .selectFrom("rooms")
      .select("id")
      .where("roomNumber", "=", String(101 + (slot % 35)))
      .executeTakeFirstOrThrow();
    const checkIn = addDays(today, 20 + slot * 3);
    return {
      name: "Chanda Mulenga",
      email: "chanda@example.com",
      phone: "+260 97 555 0101",
      checkIn,
      checkOut: addDays(checkIn, 3),
      adults: "2",
      children: "0",
      roomId: String(room.id),
      paymentMethod,
      message: "Late arrival, around 21:00.",
      [SUBMISSION_ID_FIELD]: crypto.randomUUID(),
    };
  }

  /** Posts the form; answers the payment step's address from the action's redirect. */
  async function reserveToPay(
    where: "/reservation" | "/booking?tab=reservation",
    fields: Record<string, string>,
  ): Promise<{ reservation: Reservation; path: string }> {
    const action = where === "/reservation" ? reservationAction : bookingAction;
    const body = where === "/reservation" ? { ...fields, roomCount: "1" } : { ...fields, tab: "reservation" };
    const thrown = await action({
      request: formPost(where, body),
      context: context(),
      params: {},
    } as never).then(
      () => null,
      (error: unknown) => error,
    );
    const { path, reference } = payStepOf(thrown);
    const reservation = await db
      .selectFrom("reservations")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    return { reservation, path };
  }

  const page = async (path: string) => (await loadPayStepAt(path, context())).data;
  const pay = (path: string, fields: Record<string, string>) => postPayStepAt(path, fields, context());

  const stayOf = (reservation: Reservation) => ({ kind: "reservation" as const, id: reservation.id });
  const reload = (reservation: Reservation) =>
    db.selectFrom("reservations").selectAll().where("id", "=", reservation.id).executeTakeFirstOrThrow();

  async function count(table: "roomHolds" | "outbox", reservation: Reservation): Promise<number> {
    const row = await db
      .selectFrom(table as "roomHolds")
      .select(sql<number>`count(*)::int`.as("n"))
      .where(table === "roomHolds" ? "reservationId" : ("requestId" as "reservationId"), "=", reservation.id)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  it("holds a reservation from /reservation Awaiting payment and confirms it on the signed webhook", async () => {
    const { reservation, path } = await reserveToPay("/reservation", await stayFields());
    expect(reservation.status).toBe("Awaiting payment");
    const deposit = Math.ceil((reservation.totalPrice * 30) / 100);
    expect(reservation.depositAmount).toBe(deposit);
    expect(reservation.paymentDueBy).toBeInstanceOf(Date);
    expect(await count("roomHolds", reservation)).toBe(1);
    // No mail while the deposit is unpaid: the guest hears once it confirms the reservation.
    expect(await count("outbox", reservation)).toBe(0);

    const before = await page(path);
    expect(before.ok && before.view).toMatchObject({
      state: "pay",
      kind: "reservation",
      reference: reservation.reference,
      deposit,
    });
    expect(before.ok && before.view.room).toContain(reservation.roomNumber);

    expect(await pay(path, { phone: "096 111 1111", operator: "mtn" })).toBeInstanceOf(Response);
    const [attempt] = await listAttempts(db, stayOf(reservation));
    expect(attempt).toMatchObject({
      status: "pending",
      reservationId: reservation.id,
      bookingId: null,
      amountNgwee: deposit * 100,
    });
    expect(attempt!.reference.startsWith(`${reservation.reference}-`)).toBe(true);
    expect(sim.collections.get(attempt!.reference)?.amount).toBe(`${deposit}.00`);
    const waiting = await page(path);
    expect(waiting.ok && waiting.view.state).toBe("waiting");

    await sim.settle(attempt!.reference);
    expect(sim.deliveries.at(-1)).toMatchObject({ event: "collection.successful", status: 200 });
    expect((await reload(reservation)).status).toBe("Confirmed");
    expect(await count("roomHolds", reservation)).toBe(1);
    expect(await listPayments(db, stayOf(reservation))).toMatchObject([
      { kind: "payment", method: "Mobile Money", amount: deposit, provider: "lenco", bookingId: null },
    ]);
    expect(await count("outbox", reservation)).toBe(2);
    const history = await db
      .selectFrom("requestHistory")
      .select(["fromStatus", "toStatus", "actor"])
      .where("requestKind", "=", "reservation")
      .where("requestId", "=", reservation.id)
      .orderBy("id")
      .execute();
    expect(history).toEqual([
      { fromStatus: null, toStatus: "Awaiting payment", actor: "guest" },
      { fromStatus: "Awaiting payment", toStatus: "Confirmed", actor: "system" },
    ]);
    const done = await page(path);
    expect(done.ok && done.view).toMatchObject({ state: "paid", kind: "reservation", paid: deposit });

    // Delivered again, or replayed: acknowledged, nothing changes twice.
    expect(await sim.deliver(attempt!.reference)).toBe(200);
    expect(await listPayments(db, stayOf(reservation))).toHaveLength(1);
    expect(await count("outbox", reservation)).toBe(2);

    // Cancelled inside the policy's free days before arrival? No: 20+ days ahead, so the deposit
    // is owed back, reckoned from the deposit fixed at booking (what /my-booking shows).
    await changeStayStatus(db, "reservation", reservation.id, "Cancelled", { actor: "guest" });
    const outcome = await getDepositOutcome(db, stayOf(reservation));
    expect(outcome?.outcome).toMatchObject({ refundDue: deposit });
  });

  it("refuses forged and tampered webhooks for a reservation from /booking's tab; the genuine one confirms", async () => {
    const { reservation, path } = await reserveToPay("/booking?tab=reservation", await stayFields());
    expect(reservation).toMatchObject({ status: "Awaiting payment", source: "booking-page" });
    await pay(path, { phone: "0971111111", operator: "airtel" });
    const [attempt] = await listAttempts(db, stayOf(reservation));
    sim.sendWebhooks = false;
    await sim.settle(attempt!.reference);

    expect(
      await sim.deliver(attempt!.reference, undefined, (body) =>
        body.replace(/"amount":"[\d.]+"/, '"amount":"1.00"'),
      ),
    ).toBe(401);
    const body = JSON.stringify({
      event: "collection.successful",
      data: sim.collections.get(attempt!.reference),
    });
    const forged = await fetch(sim.webhookUrl!, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Lenco-Signature": "ab".repeat(64) },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await reload(reservation)).status).toBe("Awaiting payment");
    expect(await listPayments(db, stayOf(reservation))).toHaveLength(0);

    expect(await sim.deliver(attempt!.reference)).toBe(200);
    expect((await reload(reservation)).status).toBe("Confirmed");
    // Twice: changes nothing twice.
    expect(await sim.deliver(attempt!.reference)).toBe(200);
    expect(await listPayments(db, stayOf(reservation))).toHaveLength(1);
    const events = await db
      .selectFrom("paymentWebhookEvents")
      .select("outcome")
      .where("reference", "=", attempt!.reference)
      .execute();
    expect(events.map((event) => event.outcome)).toEqual(["confirmed"]);
  });

  it("releases a reservation's room when the hold runs out; a late payment then is a refund due", async () => {
    const fields = await stayFields();
    const { reservation, path } = await reserveToPay("/reservation", fields);
    await pay(path, { phone: "0961111111", operator: "mtn" });
    const [attempt] = await listAttempts(db, stayOf(reservation));
    await db
      .updateTable("reservations")
      .set({ paymentDueBy: new Date(Date.now() - 1000) })
      .where("id", "=", reservation.id)
      .execute();
    // Lenco cannot be asked at the last moment: the hold ends unpaid.
    sim.down();
    const pass = await reconcilePayments(db, provider);
    sim.up();
    expect(pass.released).toContain(reservation.reference);
    const expired = await reload(reservation);
    expect(expired.status).toBe("Cancelled");
    expect(expired.paymentExpiredAt).toBeInstanceOf(Date);
    expect(await count("roomHolds", reservation)).toBe(0);
    const shownExpired = await page(path);
    expect(shownExpired.ok && shownExpired.view.state).toBe("expired");
    // An expired hold is not a cancellation: no deposit outcome on /my-booking.
    expect(await getDepositOutcome(db, stayOf(reservation))).toBeNull();

    // Someone else takes the room, then the first guest's payment succeeds after all.
    const other = await reserveToPay("/reservation", {
      ...fields,
      [SUBMISSION_ID_FIELD]: crypto.randomUUID(),
    });
    expect(other.reservation.status).toBe("Awaiting payment");
    await sim.settle(attempt!.reference);
    expect((await reload(reservation)).status).toBe("Cancelled");
    const [settled] = await listAttempts(db, stayOf(reservation));
    expect(settled).toMatchObject({ status: "successful", refundDue: true });
    expect(await listPayments(db, stayOf(reservation))).toHaveLength(1);
    const refunds = await listRefundsDue(db);
    expect(refunds.find((refund) => refund.reference === attempt!.reference)).toMatchObject({
      stay: stayOf(reservation),
      stayReference: reservation.reference,
      status: "Cancelled",
    });
    const shown = await page(path);
    expect(shown.ok && shown.view).toMatchObject({ state: "expired", refundDue: true });

    // The manager sees it under "Payments to refund", linked to the reservation's page, which
    // lists the attempt paid online with its refund due.
    const manager = await createStaff(db, "manager");
    const { cookie } = await signedIn(db, manager.id);
    const refundsPage = await outcome(
      deposits.loader(routeArgs(staffGet("/staff/deposits", cookie), getDatabase().context())),
    );
    const listed = (refundsPage.data as Awaited<ReturnType<typeof deposits.loader>>).refunds;
    expect(listed.find((refund) => refund.reference === attempt!.reference)?.stay).toEqual(
      stayOf(reservation),
    );
    const detail = await outcome(
      requestDetail.loader(
        routeArgs(
          staffGet(`/staff/requests/reservation/${reservation.id}`, cookie),
          getDatabase().context(),
          {
            kind: "reservation",
            id: reservation.id,
          },
        ),
      ),
    );
    expect((detail.data as Awaited<ReturnType<typeof requestDetail.loader>>).attempts).toMatchObject([
      { reference: attempt!.reference, method: "Mobile Money", status: "Paid", refundDue: true },
    ]);
  });

  it("takes a reservation's deposit by card, confirmed by the status query", async () => {
    const { reservation, path } = await reserveToPay("/reservation", await stayFields("Credit Card"));
    const before = await page(path);
    expect(before.ok && before.view).toMatchObject({ state: "pay", card: true, cardFirst: true });
    const opened = await pay(path, { intent: "card" });
    const card = (opened as PayActionData).card!;
    expect(card).toMatchObject({
      amount: reservation.depositAmount,
      label: `Deposit for reservation ${reservation.reference}`,
    });
    sim.sendWebhooks = false;
    await sim.payByCard({
      key: card.key,
      reference: card.reference,
      amount: String(card.amount),
      currency: card.currency,
      email: card.email,
      cardNumber: SIMULATOR_CARDS.success,
      expiry: "12/30",
      cvv: "123",
    });
    expect(await pay(path, { intent: "card-paid" })).toBeInstanceOf(Response);
    expect((await reload(reservation)).status).toBe("Confirmed");
    expect(await listPayments(db, stayOf(reservation))).toMatchObject([
      { method: "Credit Card", amount: reservation.depositAmount },
    ]);
  });

  it("changes nothing without a provider: the reservation is Pending and asks no deposit", async () => {
    for (const where of ["/reservation", "/booking?tab=reservation"] as const) {
      const fields = await stayFields();
      const body =
        where === "/reservation" ? { ...fields, roomCount: "1" } : { ...fields, tab: "reservation" };
      const action = where === "/reservation" ? reservationAction : bookingAction;
      const answer = (await action({
        request: formPost(where, body),
        context: context(false),
        params: {},
      } as never)) as { data: { status: string; reference?: string } };
      expect(answer.data.status).toBe("success");
      const reservation = await db
        .selectFrom("reservations")
        .selectAll()
        .where("reference", "=", answer.data.reference ?? "")
        .executeTakeFirstOrThrow();
      expect(reservation).toMatchObject({ status: "Pending", depositAmount: null, payTokenHash: null });
      expect(await count("outbox", reservation)).toBe(2);
    }
  });

  it("answers 404 to a reservation's payment link with a wrong token", async () => {
    const { path } = await reserveToPay("/reservation", await stayFields());
    const wrong = await page(path.replace(/token=.*/, "token=not-the-token"));
    expect(wrong.ok).toBe(false);
  });
});
