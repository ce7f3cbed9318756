import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { listAttempts } from "../../app/features/payments/online-payments.server.ts";
import {
  paymentProviderContext,
  type PaymentProvider,
} from "../../app/features/payments/payment-provider.server.ts";
import { RETRY_INTENT } from "../../app/features/payments/pay-view.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { action as roomsAction } from "~/routes/rooms.tsx";
import type { LencoSimulator } from "../lenco-simulator.ts";
import { useLencoTestbed } from "./lenco-testbed.ts";
import { loadPayStepAt, payStepOf, postPayStepAt } from "./pay-step-calls.ts";
import { formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

// The payment step while the payment service cannot be reached: the page says so plainly at
// once, keeps the room held, and lets the guest try again as soon as the service is back.

describeEachEngine("the payment step during a payment service outage", (getDatabase) => {
  let sim: LencoSimulator;
  let provider: PaymentProvider;
  let db: DB;
  let rooms = 0;

  const testbed = useLencoTestbed(() => getDatabase().db);
  beforeAll(() => {
    db = getDatabase().db;
    ({ sim, provider } = testbed);
  });
  beforeEach(async () => {
    sim.up();
    await updateLodgeSettings(
      db,
      { depositPolicy: "percent", depositPercent: 30, paymentHoldMinutes: 15 },
      null,
    );
  });

  function context(): RouterContextProvider {
    const ctx = getDatabase().context();
    ctx.set(paymentProviderContext, provider);
    return ctx;
  }

  /** Books a room of its own from the dialog with Mobile Money; answers the payment step. */
  async function bookToPay() {
    rooms += 1;
    const room = await db
      .selectFrom("rooms")
      .select("id")
      .where("roomNumber", "=", String(110 + rooms))
      .executeTakeFirstOrThrow();
    const checkIn = addDays(lodgeToday(), 20 + rooms * 3);
    const thrown = await roomsAction({
      request: formPost("/rooms?book=Deluxe", {
        name: "Mutale Banda",
        email: "mutale@example.com",
        phone: "0961111111",
        checkIn,
        checkOut: addDays(checkIn, 2),
        adults: "2",
        children: "0",
        roomId: String(room.id),
        paymentMethod: "Mobile Money",
        submissionId: crypto.randomUUID(),
      }),
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

  const view = async (path: string) => {
    const loaded = await loadPayStepAt(path, context());
    if (!loaded.data.ok) throw new Error(loaded.data.message);
    return loaded.data.view;
  };

  /** The outage began this long ago: the attempt was made then, and its next check is due. */
  async function startedAgo(bookingId: string, seconds: number) {
    await db
      .updateTable("paymentAttempts")
      .set({
        createdAt: sql`now() - make_interval(secs => ${seconds})`,
        nextCheckAt: new Date(0),
      } as never)
      .where("bookingId", "=", bookingId)
      .execute();
  }

  it("says plainly that mobile money cannot be reached, and sends again on 'Try again' once it is back", async () => {
    const { booking, path } = await bookToPay();
    sim.down();
    await postPayStepAt(path, { phone: "0961111111", operator: "mtn" }, context());
    const shown = await view(path);
    expect(shown.state).toBe("unreachable");
    expect(shown.dueBy).not.toBeNull();
    // Asked about again soon while it has not reached the service, not after a growing delay.
    const [unreached] = await listAttempts(db, { kind: "booking", id: booking.id });
    expect(unreached?.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now() + 10_000);

    // A 30-second outage: the guest tries again as soon as the service answers.
    sim.up();
    await startedAgo(booking.id, 31);
    const answer = await postPayStepAt(path, { intent: RETRY_INTENT }, context());
    expect(answer).toBeInstanceOf(Response);
    const attempts = await listAttempts(db, { kind: "booking", id: booking.id });
    expect(attempts.map((attempt) => attempt.status)).toEqual(["pending", "failed"]);
    expect(sim.collections.has(attempts[0]!.reference)).toBe(true);
    expect((await view(path)).state).toBe("waiting");
  });

  it("offers the form again by itself once the service says the request never arrived", async () => {
    const { booking, path } = await bookToPay();
    sim.down();
    await postPayStepAt(path, { phone: "0961111111", operator: "mtn" }, context());
    expect((await view(path)).state).toBe("unreachable");
    sim.up();
    await startedAgo(booking.id, 31);
    const shown = await view(path);
    expect(shown.state).toBe("pay");
    expect(shown.attempt?.status).toBe("failed");
  });
});
