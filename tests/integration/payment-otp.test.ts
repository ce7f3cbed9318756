import type { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { paymentProviderContext } from "../../app/features/payments/payment-provider.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { listAttempts } from "../../app/features/payments/online-payments.server.ts";
import type { Booking } from "../../app/shared/db/schema.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { logger } from "../../app/shared/logger.server.ts";
import { OTP_INVALID } from "../../app/features/payments/payment-otp-schema.ts";
import { reconcilePayments } from "../../app/features/payments/deposits.server.ts";
import type { PayLoaderData } from "../../app/features/payments/pay-view.ts";
import type { PaymentProvider } from "../../app/features/payments/payment-provider.server.ts";
import { action as payAction, loader as payLoader } from "~/routes/pay.tsx";
import { OTP_REFUSED, OTP_UNREACHABLE } from "../../app/features/payments/pay-page.server.ts";
import { action as roomsAction } from "~/routes/rooms.tsx";
import { SANDBOX_OTP, type LencoSimulator } from "../lenco-simulator.ts";
import { useLencoTestbed } from "./lenco-testbed.ts";
import { formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

// Lenco's one-time code step (ADR 0018, "Submit OTP for mobile money collection"), end to end
// against the simulator on both engines: a number Lenco verifies first leaves the attempt
// `otp-required`; the payment step asks for the code (one zod schema with the form), passes it
// to Lenco, and the usual prompt, webhook and confirmation follow. A wrong code is refused beside
// its field, and the code is never stored or logged. Set up as online-payments.test.ts is.

const today = lodgeToday();
/** The simulator's number that asks for a one-time code first (tests/lenco-simulator.ts). */
const OTP_NUMBER = "0969999999";
let roomCounter = 0;

describeEachEngine("the one-time code of a mobile-money deposit", (getDatabase) => {
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
    await updateLodgeSettings(
      db,
      { depositPolicy: "percent", depositPercent: 30, paymentHoldMinutes: 15 },
      null,
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function context(): RouterContextProvider {
    const ctx = getDatabase().context();
    ctx.set(paymentProviderContext, provider);
    return ctx;
  }

  /** Books a room of its own (101-135) by Mobile Money; answers the booking and its payment step. */
  async function bookToPay(): Promise<{ booking: Booking; path: string }> {
    const room = await db
      .selectFrom("rooms")
      .select("id")
      .where("roomNumber", "=", String(101 + (roomCounter++ % 35)))
      .executeTakeFirstOrThrow();
    const thrown = await roomsAction({
      request: formPost("/rooms?book=Deluxe", {
        name: "Mutale Banda",
        email: "mutale@example.com",
        phone: OTP_NUMBER,
        checkIn: addDays(today, 10 + roomCounter * 3),
        checkOut: addDays(today, 12 + roomCounter * 3),
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
    const path = (thrown as Response).headers.get("Location") ?? "";
    const reference = decodeURIComponent(path.split("/")[2]?.split("?")[0] ?? "");
    const booking = await db
      .selectFrom("bookings")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    return { booking, path };
  }

  function routeArgs(path: string, request?: Request) {
    const url = new URL(path, "http://localhost:3000");
    return {
      request: request ?? new Request(url),
      context: context(),
      params: { reference: decodeURIComponent(url.pathname.split("/")[2] ?? "") },
    } as never;
  }

  async function page(path: string): Promise<PayLoaderData> {
    const answer = (await payLoader(routeArgs(path))) as unknown as { data: PayLoaderData };
    return answer.data;
  }

  /** Posts the payment step's form; answers its redirect, or its data and status. */
  async function post(path: string, fields: Record<string, string>) {
    const answer = (await payAction(routeArgs(path, formPost(path, fields)))) as unknown;
    if (answer instanceof Response)
      return { redirect: answer.headers.get("Location"), status: answer.status };
    const { data, init } = answer as {
      data: { message?: string; values: Record<string, string>; fieldErrors?: Record<string, string> };
      init: ResponseInit | null;
    };
    return { status: init?.status ?? 200, data };
  }

  const otpCalls = () => sim.requests.filter((r) => r.path === "/collections/mobile-money/submit-otp").length;

  it("asks for the code Lenco texted, refuses a wrong one beside its field, and goes on with 000000", async () => {
    const logged = [vi.spyOn(logger, "info"), vi.spyOn(logger, "warn"), vi.spyOn(logger, "error")];
    const { booking, path } = await bookToPay();
    await post(path, { phone: OTP_NUMBER, operator: "mtn" });
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    expect(attempt).toMatchObject({ status: "pending", otpRequired: true });
    expect(sim.collections.get(attempt!.reference)?.status).toBe("otp-required");
    const asked = await page(path);
    expect(asked.ok && asked.view.state).toBe("otp");

    // Nothing settles while Lenco waits for the code: the guest has no prompt to approve yet.
    await sim.settle(attempt!.reference);
    const again = await page(path);
    expect(again.ok && again.view.state).toBe("otp");

    // Not six digits: the schema says so beside the field, and Lenco is not asked.
    const before = otpCalls();
    expect(await post(path, { intent: "otp", otp: "12345" })).toEqual({
      status: 400,
      data: { values: {}, fieldErrors: { otp: OTP_INVALID } },
    });
    expect(otpCalls()).toBe(before);

    // A wrong code: Lenco refuses it, the guest may type it again; nothing of it is echoed back.
    expect(await post(path, { intent: "otp", otp: "123 456" })).toEqual({
      status: 400,
      data: { values: {}, fieldErrors: { otp: OTP_REFUSED } },
    });
    expect(otpCalls()).toBe(before + 1);
    expect((await listAttempts(db, { kind: "booking", id: booking.id }))[0]).toMatchObject({
      status: "pending",
      otpRequired: true,
    });

    // The sandbox's code: the prompt follows, the page waits for it, the webhook confirms.
    expect(await post(path, { intent: "otp", otp: SANDBOX_OTP })).toEqual({ status: 302, redirect: path });
    expect(sim.collections.get(attempt!.reference)?.status).toBe("pay-offline");
    expect((await listAttempts(db, { kind: "booking", id: booking.id }))[0]).toMatchObject({
      status: "pending",
      otpRequired: false,
    });
    const waiting = await page(path);
    expect(waiting.ok && waiting.view.state).toBe("waiting");
    await sim.settle(attempt!.reference);
    const paid = await page(path);
    expect(paid.ok && paid.view.state).toBe("paid");
    expect(
      (
        await db
          .selectFrom("bookings")
          .select("status")
          .where("id", "=", booking.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("Confirmed");

    // The codes are in no row and no log line.
    const rows = JSON.stringify([
      await db.selectFrom("paymentAttempts").selectAll().where("bookingId", "=", booking.id).execute(),
      await db.selectFrom("requestHistory").selectAll().where("requestId", "=", booking.id).execute(),
    ]);
    expect(rows).not.toMatch(/123 ?456|000000/);
    const lines = JSON.stringify(logged.flatMap((spy) => spy.mock.calls));
    expect(lines).toContain("one-time code");
    expect(lines).not.toMatch(/123 ?456|000000/);
  });

  it("keeps the code step when Lenco is down or asked again, and sends no code when none is awaited", async () => {
    const { booking, path } = await bookToPay();
    // No attempt waits for a code: the page shows where things stand, Lenco is not asked.
    const before = otpCalls();
    expect(await post(path, { intent: "otp", otp: SANDBOX_OTP })).toEqual({ status: 302, redirect: path });
    expect(otpCalls()).toBe(before);

    await post(path, { phone: OTP_NUMBER, operator: "mtn" });
    sim.down();
    expect(await post(path, { intent: "otp", otp: SANDBOX_OTP })).toMatchObject({
      status: 503,
      data: { message: OTP_UNREACHABLE, values: {} },
    });
    sim.up();
    // The reconciler's status query finds it still waiting for the code: the step stays.
    await db
      .updateTable("paymentAttempts")
      .set({ nextCheckAt: new Date(0) })
      .where("bookingId", "=", booking.id)
      .execute();
    await reconcilePayments(db, provider);
    const still = await page(path);
    expect(still.ok && still.view.state).toBe("otp");
    expect(await post(path, { intent: "otp", otp: SANDBOX_OTP })).toEqual({ status: 302, redirect: path });
    const [attempt] = await listAttempts(db, { kind: "booking", id: booking.id });
    await sim.settle(attempt!.reference);
    const paid = await page(path);
    expect(paid.ok && paid.view.state).toBe("paid");
  });

  it("takes no code once the hold has ended: the room is released and Lenco is not asked", async () => {
    const { booking, path } = await bookToPay();
    await post(path, { phone: OTP_NUMBER, operator: "mtn" });
    await db
      .updateTable("bookings")
      .set({ paymentDueBy: new Date(Date.now() - 60_000) })
      .where("id", "=", booking.id)
      .execute();
    const before = otpCalls();
    expect(await post(path, { intent: "otp", otp: SANDBOX_OTP })).toEqual({ status: 302, redirect: path });
    expect(otpCalls()).toBe(before);
    const ended = await page(path);
    expect(ended.ok && ended.view.state).toBe("expired");
  });
});
