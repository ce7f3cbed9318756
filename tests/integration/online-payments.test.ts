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
import { reconcilePayments } from "../../app/features/payments/deposits.server.ts";
import type { PaymentProvider } from "../../app/features/payments/payment-provider.server.ts";
import { action as roomsAction } from "~/routes/rooms.tsx";
import type { LencoSimulator } from "../lenco-simulator.ts";
import { useLencoTestbed } from "./lenco-testbed.ts";
import { loadPayStepAt, payStepOf, postPayStepAt } from "./pay-step-calls.ts";
import { formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

// Deposits paid online, end to end against the Lenco simulator (tests/lenco-simulator.ts): the
// booking held Awaiting payment, the payment step, the signed webhook, the status query, the
// reconciler, and everything that must change nothing: duplicates, replays, forgeries,
// reordered events, a provider that is down, a guest who never approves.

const today = lodgeToday();
let roomCounter = 0;

describeEachEngine("online deposits through Lenco", (getDatabase) => {
  let sim: LencoSimulator;
  let provider: PaymentProvider;
  let db: DB;

  const testbed = useLencoTestbed(() => getDatabase().db);
  beforeAll(() => {
    db = getDatabase().db;
    ({ sim, provider } = testbed);
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

  function context(withProvider = true): RouterContextProvider {
    const ctx = getDatabase().context();
    ctx.set(paymentProviderContext, withProvider ? provider : null);
    return ctx;
  }

  /** A room of its own per test (rooms 101-135), for three nights from tomorrow. */
  async function freeRoom(): Promise<{ id: number; price: number }> {
    const number = String(101 + (roomCounter++ % 35));
    return db
      .selectFrom("rooms")
      .select(["id", "price"])
      .where("roomNumber", "=", number)
      .executeTakeFirstOrThrow();
  }

  function bookingFields(roomId: number, paymentMethod = "Mobile Money") {
    return {
      name: "Mutale Banda",
      email: "mutale@example.com",
      phone: "0961111111",
      checkIn: addDays(today, 10 + roomCounter * 3),
      checkOut: addDays(today, 13 + roomCounter * 3),
      adults: "2",
      children: "0",
      roomId: String(roomId),
      paymentMethod,
      submissionId: crypto.randomUUID(),
    };
  }

  /** Books from the dialog; answers the payment step's address (the action's redirect). */
  async function bookToPay(fields: Record<string, string>): Promise<{ booking: Booking; path: string }> {
    const thrown = await roomsAction({
      request: formPost("/rooms?book=Deluxe", fields),
      context: context(),
      params: {},
    } as never).then(
      () => null,
      (error: unknown) => error,
    );
    const { path, reference } = payStepOf(thrown);
    const booking = await db
      .selectFrom("bookings")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    return { booking, path };
  }

  const page = (path: string) => loadPayStepAt(path, context());
  const pay = (path: string, fields: Record<string, string>) => postPayStepAt(path, fields, context());

  async function reload(booking: Booking): Promise<Booking> {
    return db.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
  }

  async function holds(booking: Booking): Promise<number> {
    const row = await db
      .selectFrom("roomHolds")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("bookingId", "=", booking.id)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async function mailsOf(booking: Booking): Promise<number> {
    const row = await db
      .selectFrom("outbox")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("requestId", "=", booking.id)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Makes the reconciler's next pass ask about the booking's attempts under way. */
  async function dueNow(booking: Booking): Promise<void> {
    await db
      .updateTable("paymentAttempts")
      .set({ nextCheckAt: new Date(0) })
      .where("bookingId", "=", booking.id)
      .execute();
  }

  it("holds the room Awaiting payment, sends the prompt, and confirms on the signed webhook", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    expect(booking.status).toBe("Awaiting payment");
    const deposit = Math.ceil((booking.totalPrice * 30) / 100);
    expect(booking.depositAmount).toBe(deposit);
    expect(await holds(booking)).toBe(1);
    // No mail yet: the guest hears once the deposit confirms the booking.
    expect(await mailsOf(booking)).toBe(0);

    const before = await page(path);
    expect(before.data.ok && before.data.view.state).toBe("pay");
    expect(before.headers.get("Cache-Control")).toBe("no-store");
    expect(before.data.ok && before.data.view.depositPolicy).toMatch(/30%/);
    expect(before.data.ok && before.data.view.cancellationPolicy).toMatch(/Free cancellation until 2 days/);

    const sent = await pay(path, { phone: "096 111 1111", operator: "mtn" });
    expect(sent).toBeInstanceOf(Response);
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    expect(attempt).toMatchObject({ status: "pending", phone: "0961111111", amountNgwee: deposit * 100 });
    expect(sim.collections.get(attempt!.reference)?.amount).toBe(`${deposit}.00`);

    const waiting = await page(path);
    expect(waiting.data.ok && waiting.data.view.state).toBe("waiting");
    // No Refresh header (it would reload the page under the progress island): the page refreshes
    // itself only without JavaScript, by a <noscript> meta (tests/e2e/payments.spec.ts).
    expect(waiting.headers.get("Refresh")).toBeNull();
    expect(waiting.headers.get("Cache-Control")).toBe("no-store");

    await sim.settle(attempt!.reference);
    expect(sim.deliveries.at(-1)).toMatchObject({ event: "collection.successful", status: 200 });
    const confirmed = await reload(booking);
    expect(confirmed.status).toBe("Confirmed");
    expect(await holds(booking)).toBe(1);
    const ledger = await listPayments(db, { kind: "booking", id: booking.id });
    expect(ledger).toMatchObject([
      { kind: "payment", method: "Mobile Money", amount: deposit, provider: "lenco" },
    ]);
    expect(await mailsOf(booking)).toBe(2);
    const done = await page(path);
    expect(done.data.ok && done.data.view.state).toBe("paid");
    expect(done.data.ok && done.data.view.paid).toBe(deposit);

    // Delivered again (Lenco resends what it thinks unacknowledged), or replayed: nothing changes.
    expect(await sim.deliver(attempt!.reference)).toBe(200);
    expect(await listPayments(db, { kind: "booking", id: booking.id })).toHaveLength(1);
    expect(await mailsOf(booking)).toBe(2);
    const events = await db
      .selectFrom("paymentWebhookEvents")
      .selectAll()
      .where("reference", "=", attempt!.reference)
      .execute();
    expect(events.map((event) => event.outcome)).toEqual(["confirmed"]);
  });

  it("refuses forged and tampered webhooks, and ignores a signed one whose amount differs", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    await pay(path, { phone: "0971111111", operator: "airtel" });
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    sim.sendWebhooks = false;
    await sim.settle(attempt!.reference);

    // The amount changed after signing: the signature no longer matches.
    expect(
      await sim.deliver(attempt!.reference, undefined, (body) =>
        body.replace(/"amount":"[\d.]+"/, '"amount":"1.00"'),
      ),
    ).toBe(401);
    // No signature at all, or one made with another key.
    const body = JSON.stringify({
      event: "collection.successful",
      data: sim.collections.get(attempt!.reference),
    });
    const unsigned = await fetch(sim.webhookUrl!, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(unsigned.status).toBe(401);
    const otherKey = await fetch(sim.webhookUrl!, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Lenco-Signature": "ab".repeat(64) },
      body,
    });
    expect(otherKey.status).toBe(401);
    // Correctly signed but for another amount than we asked (a provider-side mix-up): not applied.
    const wrongAmount = JSON.stringify({
      event: "collection.successful",
      data: { ...sim.collections.get(attempt!.reference), amount: "1.00" },
    });
    const mismatch = await fetch(sim.webhookUrl!, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Lenco-Signature": sim.sign(wrongAmount) },
      body: wrongAmount,
    });
    expect(await mismatch.json()).toEqual({ status: true, outcome: "mismatch" });

    expect((await reload(booking)).status).toBe("Awaiting payment");
    expect(await listPayments(db, { kind: "booking", id: booking.id })).toHaveLength(0);
    // The genuine webhook still confirms it.
    expect(await sim.deliver(attempt!.reference)).toBe(200);
    expect((await reload(booking)).status).toBe("Confirmed");
  });

  it("applies events delivered out of order once: a stale failure after the success changes nothing", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    await pay(path, { phone: "0961111111", operator: "mtn" });
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    const stale = JSON.stringify({
      event: "collection.failed",
      data: { ...sim.collections.get(attempt!.reference), status: "failed", reasonForFailure: "Failed" },
    });
    await sim.settle(attempt!.reference);
    const late = await fetch(sim.webhookUrl!, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Lenco-Signature": sim.sign(stale) },
      body: stale,
    });
    expect(await late.json()).toEqual({ status: true, outcome: "already-final" });
    expect((await reload(booking)).status).toBe("Confirmed");
    expect((await listAttempts(db, { kind: "booking", id: booking.id }))[0]?.status).toBe("successful");
  });

  it("shows a failed prompt (a sandbox number that times out) and lets the guest try again", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    await pay(path, { phone: "0966666666", operator: "mtn" });
    const [first] = await listAttempts(db, { kind: "booking", id: booking.id });
    await sim.settle(first!.reference);
    const failed = await page(path);
    expect(failed.data.ok && failed.data.view.state).toBe("pay");
    expect(failed.data.ok && failed.data.view.attempt).toMatchObject({
      status: "failed",
      reason: "Transaction Timed Out",
    });
    expect((await reload(booking)).status).toBe("Awaiting payment");

    await pay(path, { phone: "0971111111", operator: "airtel" });
    const attempts = await listAttempts(db, { kind: "booking", id: booking.id });
    expect(attempts).toHaveLength(2);
    await sim.settle(attempts[0]!.reference);
    expect((await reload(booking)).status).toBe("Confirmed");
  });

  it("does not send a second prompt while one waits for the guest", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    const prompts = () => sim.requests.filter((r) => r.path === "/collections/mobile-money").length;
    const before = prompts();
    await Promise.all([
      pay(path, { phone: "0961111111", operator: "mtn" }),
      pay(path, { phone: "0961111111", operator: "mtn" }),
    ]);
    await pay(path, { phone: "0961111111", operator: "mtn" });
    expect(await listAttempts(db, { kind: "booking", id: booking.id })).toHaveLength(1);
    expect(prompts() - before).toBe(1);
  });

  it("releases the room when the guest never approves, and refuses payment after", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    // A number outside the sandbox's list: the prompt is never approved.
    await pay(path, { phone: "0965000001", operator: "mtn" });
    await sim.settle((await listAttempts(db, { kind: "booking", id: booking.id }))[0]!.reference);
    await db
      .updateTable("bookings")
      .set({ paymentDueBy: new Date(Date.now() - 1000) })
      .where("id", "=", booking.id)
      .execute();

    const pass = await reconcilePayments(db, provider);
    expect(pass.released).toEqual([booking.reference]);
    const expired = await reload(booking);
    expect(expired).toMatchObject({ status: "Cancelled" });
    expect(expired.paymentExpiredAt).toBeInstanceOf(Date);
    expect(await holds(booking)).toBe(0);
    const history = await db
      .selectFrom("requestHistory")
      .selectAll()
      .where("requestId", "=", booking.id)
      .orderBy("id")
      .execute();
    expect(history.at(-1)).toMatchObject({
      fromStatus: "Awaiting payment",
      toStatus: "Cancelled",
      actor: "system",
    });
    const shown = await page(path);
    expect(shown.data.ok && shown.data.view.state).toBe("expired");
    // The form no longer starts anything.
    await pay(path, { phone: "0961111111", operator: "mtn" });
    expect(await listAttempts(db, { kind: "booking", id: booking.id })).toHaveLength(1);
    // The room can be booked again.
    const again = await bookToPay({
      ...bookingFields(room.id),
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
    });
    expect(again.booking.status).toBe("Awaiting payment");
  });

  it("confirms a success that came after the hold expired when the room is still free, else marks a refund", async () => {
    for (const taken of [false, true]) {
      const room = await freeRoom();
      const { booking, path } = await bookToPay(bookingFields(room.id));
      await pay(path, { phone: "0961111111", operator: "mtn" });
      const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
      await db
        .updateTable("bookings")
        .set({ paymentDueBy: new Date(Date.now() - 1000) })
        .where("id", "=", booking.id)
        .execute();
      sim.down();
      await reconcilePayments(db, provider);
      sim.up();
      expect((await reload(booking)).status).toBe("Cancelled");
      if (taken) {
        const other = await bookToPay({
          ...bookingFields(room.id, "Mobile Money"),
          checkIn: booking.checkIn,
          checkOut: booking.checkOut,
        });
        expect(other.booking.status).toBe("Awaiting payment");
      }
      await sim.settle(attempt!.reference);
      const after = await reload(booking);
      const [settled] = await listAttempts(db, { kind: "booking", id: booking.id });
      expect(await listPayments(db, { kind: "booking", id: booking.id })).toHaveLength(1);
      if (taken) {
        expect(after.status).toBe("Cancelled");
        expect(settled?.refundDue).toBe(true);
        const shown = await page(path);
        expect(shown.data.ok && shown.data.view.refundDue).toBe(true);
      } else {
        expect(after.status).toBe("Confirmed");
        expect(settled?.refundDue).toBe(false);
      }
    }
  });

  it("re-queries a payment whose webhook never came, and keeps asking while Lenco is down", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    await pay(path, { phone: "0971111111", operator: "airtel" });
    sim.sendWebhooks = false;
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    await sim.settle(attempt!.reference);
    expect((await reload(booking)).status).toBe("Awaiting payment");

    sim.down();
    await dueNow(booking);
    await reconcilePayments(db, provider);
    const waiting = (await listAttempts(db, { kind: "booking", id: booking.id }))[0]!;
    // Scheduled once when the prompt went out, once more after this unanswered question.
    expect(waiting).toMatchObject({ status: "pending", checks: 2 });
    expect(waiting.nextCheckAt.getTime()).toBeGreaterThan(Date.now());

    sim.up();
    await dueNow(booking);
    const pass = await reconcilePayments(db, provider);
    expect(pass.checked).toBeGreaterThanOrEqual(1);
    expect((await reload(booking)).status).toBe("Confirmed");
  });

  it("keeps the attempt when Lenco is down at the prompt, and fails it once Lenco says it never arrived", async () => {
    const room = await freeRoom();
    const { booking, path } = await bookToPay(bookingFields(room.id));
    sim.down();
    await pay(path, { phone: "0961111111", operator: "mtn" });
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    // Our reference was stored before the call; the call did not get through.
    expect(attempt).toMatchObject({ status: "created" });
    expect(sim.collections.has(attempt!.reference)).toBe(false);
    // The page says plainly that the payment service cannot be reached (not "reaching" it).
    const waiting = await page(path);
    expect(waiting.data.ok && waiting.data.view.state).toBe("unreachable");

    sim.up();
    await db
      .updateTable("paymentAttempts")
      .set({ nextCheckAt: new Date(0), createdAt: sql`now() - interval '3 minutes'` } as never)
      .where("id", "=", attempt!.id)
      .execute();
    await reconcilePayments(db, provider);
    const shown = await page(path);
    expect(shown.data.ok && shown.data.view.state).toBe("pay");
    expect(shown.data.ok && shown.data.view.attempt?.reason).toMatch(/did not reach the payment service/);
  });

  it("changes nothing without a provider, or without a deposit policy: the booking is confirmed as before", async () => {
    for (const setup of ["no provider", "no deposit"] as const) {
      if (setup === "no deposit")
        await updateLodgeSettings(db, { depositPolicy: "none", depositPercent: 0 }, null);
      const room = await freeRoom();
      const answer = (await roomsAction({
        request: formPost("/rooms?book=Deluxe", bookingFields(room.id)),
        context: context(setup !== "no provider"),
        params: {},
      } as never)) as { data: { result: { status: string; reference?: string } } };
      expect(answer.data.result.status).toBe("success");
      const booking = await db
        .selectFrom("bookings")
        .selectAll()
        .where("reference", "=", answer.data.result.reference ?? "")
        .executeTakeFirstOrThrow();
      expect(booking).toMatchObject({ status: "Confirmed", depositAmount: null, payTokenHash: null });
    }
  });

  it("answers 404 to a payment link with a wrong token", async () => {
    const room = await freeRoom();
    const { path } = await bookToPay(bookingFields(room.id));
    const wrong = await page(path.replace(/token=.*/, "token=not-the-token"));
    expect(wrong.status).toBe(404);
    expect(wrong.data.ok).toBe(false);
  });
});
