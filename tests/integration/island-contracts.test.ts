import type { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import routes from "../../app/routes.ts";
import type { IslandApi } from "../../app/shared/islands/island-api.ts";
import { SUBMISSION_ID_FIELD, type FormResult } from "../../app/shared/forms/form-result.ts";
import { HONEYPOT_FIELD } from "../../app/shared/forms/form-rules.ts";
import { EXTRA_BASES, PAYMENT_ATTEMPT_STATUSES, TAX_CATEGORIES } from "../../app/shared/db/schema.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as m from "../../app/shared/messages.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { paymentProviderContext } from "../../app/features/payments/payment-provider.server.ts";
import type { PayActionData } from "../../app/features/payments/pay-page.server.ts";
import type { PayLoaderData } from "../../app/features/payments/pay-view.ts";
import type { ReservationPageData } from "../../app/features/stays/reservation-page.server.ts";
import type { RoomDialogAnswer, RoomDialogData } from "../../app/features/stays/room-choices.ts";
import { contactApi } from "../../app/features/contact/components/contact-form.tsx";
import { newsletterApi } from "../../app/features/newsletter/components/newsletter-form.tsx";
import { payApi } from "../../app/features/payments/components/payment-progress.tsx";
import { bookingApi, type BookingPageData } from "../../app/features/stays/components/booking-form.tsx";
import {
  myBookingApi,
  type MyBookingAnswer,
} from "../../app/features/stays/components/my-booking-request.tsx";
import { reservationApi } from "../../app/features/stays/components/reservation-form.tsx";
import { roomBookingApi } from "../../app/features/stays/components/room-booking-dialog.tsx";
import * as bookingRoute from "~/routes/api/booking.ts";
import * as contactRoute from "~/routes/api/contact.ts";
import * as myBookingRoute from "~/routes/api/my-booking.ts";
import * as newsletterRoute from "~/routes/api/newsletter.ts";
import * as payRoute from "~/routes/api/pay.ts";
import * as reservationRoute from "~/routes/api/reservation.ts";
import * as roomBookingRoute from "~/routes/api/room-booking.ts";
import { useLencoTestbed } from "./lenco-testbed.ts";
import { formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

// The contract between each island and its JSON route (ADR 0024): every answer is checked against
// a strict schema of its shape (no key more, none less), and each schema against the TypeScript
// type the island and the route share, so a change on either side fails here.

/** Compiles only when the schema's output and the shared type accept each other's values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape = <A, B>(same: Same<A, B>) => same;

const values = z.record(z.string(), z.string());
const formResult = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("success"), message: z.string(), reference: z.string().optional() }),
  z.strictObject({
    status: z.literal("invalid"),
    fieldErrors: z.record(z.string(), z.string().optional()),
    values,
  }),
  z.strictObject({
    status: z.literal("error"),
    code: z.enum(["taken", "invalid", "rate-limited", "unavailable", "failed"]),
    message: z.string(),
    values,
  }),
]);
sameShape<z.output<typeof formResult>, FormResult>(true);

const redirect = z.strictObject({ redirect: z.string().regex(/^\/pay\/LDG-[A-Z0-9]{6}\?token=[\w-]+$/) });

const quotedNight = z.strictObject({
  night: z.iso.date(),
  price: z.number(),
  rule: z.string().nullable(),
  supplement: z.number().int().min(0).optional(),
});
// A listed quote carries what extra guests add, so the islands price the guests entered.
const listedQuote = z.strictObject({
  total: z.number(),
  nights: z.array(quotedNight),
  dates: z.string(),
  key: z.string(),
  covered: z.number().int().min(1),
  rates: z.array(z.strictObject({ adult: z.number().int().min(0), child: z.number().int().min(0) })),
});
const roomOption = z.strictObject({
  id: z.number().int(),
  roomNumber: z.string(),
  type: z.string(),
  price: z.number(),
  quote: listedQuote.optional(),
});
const taxSettings = z.strictObject({
  vatRegistered: z.boolean(),
  vatRateBp: z.number().int(),
  levyRateBp: z.number().int(),
});
const availableRooms = z.union([
  z.strictObject({
    rooms: z.array(roomOption),
    stayRuleHints: z.array(z.string()).optional(),
    taxes: taxSettings.optional(),
  }),
  z.strictObject({ error: z.string() }),
]);
const roomDialogData = z.strictObject({
  roomType: z.string(),
  stay: z.strictObject({
    checkIn: z.iso.date(),
    checkOut: z.iso.date(),
    adults: z.number().int(),
    children: z.number().int(),
    chosen: z.boolean(),
  }),
  rooms: availableRooms,
  values,
  submissionId: z.uuid(),
});
sameShape<z.output<typeof roomDialogData>, RoomDialogData>(true);
const roomDialogAnswer = z.strictObject({ result: formResult, rooms: availableRooms.nullable() });
sameShape<z.output<typeof roomDialogAnswer>, RoomDialogAnswer>(true);

const bookingPageData = z.strictObject({
  rooms: z.array(roomOption),
  stayRuleHints: z.array(z.string()),
  taxes: taxSettings.optional(),
  extras: z
    .array(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        priceNgwee: z.number().int(),
        basis: z.enum(EXTRA_BASES),
        taxCategory: z.enum(TAX_CATEGORIES),
      }),
    )
    .optional(),
  venues: z.array(z.strictObject({ id: z.number().int(), venue: z.string(), price: z.number() })),
  errors: z.array(z.string()),
  submissionId: z.uuid(),
});
sameShape<Required<z.output<typeof bookingPageData>>, Required<BookingPageData>>(true);

const reservationPageData = z.strictObject({
  rooms: z.array(
    z.strictObject({ id: z.string(), label: z.string(), price: z.number(), quote: listedQuote.optional() }),
  ),
  stayRuleHints: z.array(z.string()),
  taxes: taxSettings.optional(),
  values,
  loadError: z.string().nullable(),
  today: z.iso.date(),
  submissionId: z.uuid(),
});
sameShape<z.output<typeof reservationPageData>, ReservationPageData>(true);

const myBookingAnswer = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("found"),
    request: z.strictObject({
      kind: z.enum(["booking", "reservation", "venue-booking"]),
      reference: z.string(),
      status: z.string(),
      name: z.string(),
      what: z.string(),
      from: z.iso.date(),
      until: z.iso.date(),
      total: z.number(),
      paid: z.number(),
      due: z.number().nullable(),
      history: z.array(
        z.strictObject({ toStatus: z.string().nullable(), actor: z.string(), at: z.iso.datetime() }),
      ),
      mayCancel: z.boolean(),
      nights: z.array(quotedNight),
      taxes: z.array(
        z.strictObject({ kind: z.enum(["vat", "levy"]), rateBp: z.number(), amount: z.number() }),
      ),
      deposit: z
        .strictObject({
          outcome: z.strictObject({
            case: z.enum(["no-show", "late-cancellation", "free-cancellation"]),
            daysBefore: z.number().nullable(),
            deposit: z.number(),
            paid: z.number(),
            kept: z.number(),
            refundDue: z.number(),
            refunded: z.number(),
          }),
        })
        .nullable(),
    }),
    email: z.string(),
    message: z.string().optional(),
    tone: z.enum(["success", "error"]).optional(),
  }),
  z.strictObject({
    status: z.literal("error"),
    message: z.string(),
    values,
    fieldErrors: z.record(z.string(), z.string().optional()).optional(),
  }),
]);
sameShape<z.output<typeof myBookingAnswer>, MyBookingAnswer>(true);

const payView = z.strictObject({
  state: z.enum(["pay", "waiting", "unreachable", "otp", "paid", "expired", "closed"]),
  kind: z.enum(["booking", "reservation"]),
  reference: z.string(),
  token: z.string(),
  guestName: z.string(),
  room: z.string(),
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
  nights: z.number().int(),
  total: z.number(),
  deposit: z.number(),
  paid: z.number(),
  dueBy: z.iso.datetime().nullable(),
  depositPolicy: z.string(),
  cancellationPolicy: z.string(),
  sandbox: z.boolean(),
  attempt: z
    .strictObject({
      status: z.enum(PAYMENT_ATTEMPT_STATUSES),
      method: z.enum(["Mobile Money", "Credit Card"]),
      operator: z.string(),
      phone: z.string(),
      reason: z.string().nullable(),
    })
    .nullable(),
  refundDue: z.boolean(),
  phone: z.string(),
  card: z.boolean(),
  cardFirst: z.boolean(),
  lodgePhone: z.string(),
});
const payLoaderData = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), view: payView }),
  z.strictObject({ ok: z.literal(false), message: z.string() }),
]);
sameShape<z.output<typeof payLoaderData>, PayLoaderData>(true);
const payActionData = z.strictObject({
  message: z.string().optional(),
  card: z
    .strictObject({
      key: z.string(),
      scriptUrl: z.url(),
      reference: z.string(),
      email: z.string(),
      amount: z.number(),
      currency: z.string(),
      label: z.string(),
      customer: z.strictObject({ firstName: z.string(), lastName: z.string(), phone: z.string() }),
    })
    .optional(),
  values,
  fieldErrors: z.record(z.string(), z.string().optional()).optional(),
});
sameShape<z.output<typeof payActionData>, PayActionData>(true);

// --- Calling a JSON route over its real handler -------------------------------------------------

type Handler = (args: never) => Promise<Response>;

/** What the route answered: its status and JSON, after checking that it is one of ours. */
async function answered(pending: Promise<Response>): Promise<{ status: number; body: unknown }> {
  const response = await pending;
  expect(response).toBeInstanceOf(Response);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return { status: response.status, body: await response.json() };
}

function get(handler: Handler, path: string, context: RouterContextProvider) {
  const request = new Request(`http://localhost:3000${path}`);
  return answered(handler({ request, context, params: {} } as never));
}

function post(
  handler: Handler,
  path: string,
  fields: Record<string, string>,
  context: RouterContextProvider,
) {
  return answered(handler({ request: formPost(path, fields), context, params: {} } as never));
}

const numbers = (list: z.output<typeof availableRooms> | null) =>
  list && "rooms" in list ? list.rooms.map((room) => room.roomNumber) : [];

const today = lodgeToday();
let sequence = 0;
/** A guest's stay of two nights on days no other test of the suite uses. */
function stayFields(roomId: number | string, extra: Record<string, string> = {}) {
  sequence += 1;
  const checkIn = addDays(today, 20 + sequence * 3);
  return {
    name: "Island Contract",
    email: "contract@example.com",
    phone: "0977 123456",
    checkIn,
    checkOut: addDays(checkIn, 2),
    adults: "2",
    children: "0",
    roomId: String(roomId),
    paymentMethod: "Cash",
    [SUBMISSION_ID_FIELD]: crypto.randomUUID(),
    ...extra,
  };
}

describe("each island's JSON route", () => {
  it("is declared in app/routes.ts at the address its island asks", () => {
    const declared = new Map(routes.map((entry) => [`/${entry.path}`, entry.file]));
    const apis: [IslandApi<unknown, unknown>, string][] = [
      [roomBookingApi, "routes/api/room-booking.ts"],
      [bookingApi, "routes/api/booking.ts"],
      [reservationApi, "routes/api/reservation.ts"],
      [contactApi, "routes/api/contact.ts"],
      [newsletterApi, "routes/api/newsletter.ts"],
      [myBookingApi, "routes/api/my-booking.ts"],
      [payApi, "routes/api/pay.ts"],
    ];
    for (const [api, file] of apis) expect(declared.get(api.path)).toBe(file);
  });
});

describeEachEngine("the islands' JSON routes", (getDatabase) => {
  const context = (options?: { writeAllowed?: boolean }) => getDatabase().context(options);
  const roomIdOf = async (roomNumber: string) =>
    (
      await getDatabase()
        .db.selectFrom("rooms")
        .select("id")
        .where("roomNumber", "=", roomNumber)
        .executeTakeFirstOrThrow()
    ).id;

  describe("room-booking (the dialog)", () => {
    it("lists the rooms for a stay, and null without ?book=", async () => {
      const stay = stayFields(0);
      const listed = await get(
        roomBookingRoute.loader,
        `/api/room-booking?book=Deluxe&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2&children=0`,
        context(),
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const dialog = roomDialogData.parse(listed.body);
      expect(dialog).toMatchObject({ roomType: "Deluxe", stay: { checkIn: stay.checkIn, chosen: true } });
      expect(numbers(dialog.rooms)[0]).toBe("101");
      expect((await get(roomBookingRoute.loader, "/api/room-booking", context())).body).toBeNull();
    });

    it("books, refuses with the page's statuses and the fresh list, and saves a repeated post once", async () => {
      const fields = stayFields(await roomIdOf("102"));
      const booked = await post(roomBookingRoute.action, "/api/room-booking?book=Deluxe", fields, context());
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      expect(roomDialogAnswer.parse(booked.body)).toMatchObject({
        result: { status: "success", message: m.BOOKING_SUCCESSFUL },
        rooms: null,
      });
      // The same submission again (a double click, a retry): the same booking, nothing new.
      const again = await post(roomBookingRoute.action, "/api/room-booking?book=Deluxe", fields, context());
      expect(again.body).toEqual(booked.body);
      const rows = await getDatabase()
        .db.selectFrom("bookings")
        .select("reference")
        .where("submissionId", "like", `${fields[SUBMISSION_ID_FIELD]}.%`)
        .execute();
      expect(rows).toHaveLength(1);

      const other = { ...fields, [SUBMISSION_ID_FIELD]: crypto.randomUUID(), name: "Second Guest" };
      const taken = await post(roomBookingRoute.action, "/api/room-booking?book=Deluxe", other, context());
      expect(taken.status, JSON.stringify(taken.body)).toBe(409);
      const refused = roomDialogAnswer.parse(taken.body);
      expect(refused.result).toMatchObject({ status: "error", code: "taken", message: m.ROOM_JUST_BOOKED });
      expect(numbers(refused.rooms)).not.toContain("102");

      const invalid = await post(
        roomBookingRoute.action,
        "/api/room-booking?book=Deluxe",
        { ...other, name: "" },
        context(),
      );
      expect(invalid.status, JSON.stringify(invalid.body)).toBe(400);
      expect(roomDialogAnswer.parse(invalid.body).result).toMatchObject({
        status: "invalid",
        fieldErrors: { name: m.NAME_REQUIRED },
      });
    });

    it("answers the rate limit and the honeypot as the page does", async () => {
      const fields = stayFields(await roomIdOf("103"));
      const limited = await post(
        roomBookingRoute.action,
        "/api/room-booking?book=Deluxe",
        fields,
        context({ writeAllowed: false }),
      );
      expect(limited.status, JSON.stringify(limited.body)).toBe(429);
      expect(roomDialogAnswer.parse(limited.body).result).toMatchObject({
        status: "error",
        code: "rate-limited",
        message: m.RATE_LIMITED,
      });
      const bot = await post(
        roomBookingRoute.action,
        "/api/room-booking?book=Deluxe",
        { ...fields, [HONEYPOT_FIELD]: "https://spam.example" },
        context(),
      );
      expect(roomDialogAnswer.parse(bot.body).result).toMatchObject({ status: "success" });
      const stored = await getDatabase()
        .db.selectFrom("bookings")
        .select("id")
        .where("submissionId", "like", `${fields[SUBMISSION_ID_FIELD]}.%`)
        .execute();
      expect(stored).toHaveLength(0);
    });
  });

  describe("booking (/booking's tabs)", () => {
    it("lists a tab's rooms and venues with a fresh submission id", async () => {
      const stay = stayFields(0);
      const first = await get(
        bookingRoute.loader,
        `/api/booking?tab=room&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
        context(),
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const lists = bookingPageData.parse(first.body);
      expect(lists.rooms.length).toBeGreaterThan(0);
      expect(lists.errors).toEqual([]);
      const venues = bookingPageData.parse(
        (await get(bookingRoute.loader, `/api/booking?tab=venue&bookingDate=${stay.checkIn}`, context()))
          .body,
      );
      expect(venues.venues.length).toBeGreaterThan(0);
      expect(venues.submissionId).not.toBe(lists.submissionId);
    });

    it("books a room, and answers a refusal with its status", async () => {
      const fields = { tab: "room", ...stayFields(await roomIdOf("104")) };
      const booked = await post(bookingRoute.action, "/api/booking?tab=room", fields, context());
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      expect(formResult.parse(booked.body)).toMatchObject({ status: "success" });
      const invalid = await post(
        bookingRoute.action,
        "/api/booking?tab=room",
        { ...fields, email: "not-an-address", [SUBMISSION_ID_FIELD]: crypto.randomUUID() },
        context(),
      );
      expect(invalid.status, JSON.stringify(invalid.body)).toBe(400);
      expect(formResult.parse(invalid.body)).toMatchObject({ status: "invalid" });
    });
  });

  describe("reservation", () => {
    it("lists the rooms for the dates", async () => {
      const stay = stayFields(0);
      const listed = await get(
        reservationRoute.loader,
        `/api/reservation?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
        context(),
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(reservationPageData.parse(listed.body).rooms.length).toBeGreaterThan(0);
    });

    it("reserves, and answers a refusal with its status", async () => {
      const fields = { ...stayFields(await roomIdOf("105")), roomCount: "1", message: "Late arrival" };
      const reserved = await post(reservationRoute.action, "/api/reservation", fields, context());
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      expect(formResult.parse(reserved.body)).toMatchObject({
        status: "success",
        message: m.RESERVATION_SUCCESSFUL,
      });
      const invalid = await post(
        reservationRoute.action,
        "/api/reservation",
        { ...fields, roomCount: "0", [SUBMISSION_ID_FIELD]: crypto.randomUUID() },
        context(),
      );
      expect(invalid.status, JSON.stringify(invalid.body)).toBe(400);
      expect(formResult.parse(invalid.body)).toMatchObject({
        status: "invalid",
        fieldErrors: { roomCount: m.ROOM_COUNT_RANGE },
      });
    });
  });

  describe("contact", () => {
    const message = () => ({
      name: "Mwila Banda",
      email: "mwila@example.com",
      subject: "Wedding",
      message: "Is the garden free on 14 March?",
      [SUBMISSION_ID_FIELD]: crypto.randomUUID(),
    });

    it("sends a message once per submission, and answers refusals with their statuses", async () => {
      const fields = message();
      const sent = await post(contactRoute.action, "/api/contact", fields, context());
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(formResult.parse(sent.body)).toEqual({ status: "success", message: m.CONTACT_SENT });
      await post(contactRoute.action, "/api/contact", fields, context());
      const rows = await getDatabase()
        .db.selectFrom("contactMessages")
        .select("id")
        .where("submissionId", "like", `${fields[SUBMISSION_ID_FIELD]}.%`)
        .execute();
      expect(rows).toHaveLength(1);

      const invalid = await post(
        contactRoute.action,
        "/api/contact",
        { ...message(), message: "" },
        context(),
      );
      expect(invalid.status, JSON.stringify(invalid.body)).toBe(400);
      expect(formResult.parse(invalid.body)).toMatchObject({
        status: "invalid",
        fieldErrors: { message: m.MESSAGE_REQUIRED },
      });
      const limited = await post(
        contactRoute.action,
        "/api/contact",
        message(),
        context({ writeAllowed: false }),
      );
      expect(limited.status, JSON.stringify(limited.body)).toBe(429);
      expect(formResult.parse(limited.body)).toMatchObject({ code: "rate-limited" });
    });
  });

  describe("newsletter", () => {
    it("subscribes, and answers a bad address with its status", async () => {
      const subscribed = await post(
        newsletterRoute.action,
        "/api/newsletter",
        { email: `reader.${crypto.randomUUID()}@example.com` },
        context(),
      );
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
      expect(formResult.parse(subscribed.body)).toEqual({ status: "success", message: m.NEWSLETTER_THANKS });
      const invalid = await post(newsletterRoute.action, "/api/newsletter", { email: "guest@" }, context());
      expect(invalid.status, JSON.stringify(invalid.body)).toBe(400);
      expect(formResult.parse(invalid.body)).toMatchObject({
        status: "invalid",
        fieldErrors: { email: m.VALID_EMAIL },
      });
    });
  });

  describe("my-booking", () => {
    it("finds and cancels a request, answers a wrong one 404, and leaves the folio to the page", async () => {
      const fields = stayFields(await roomIdOf("106"));
      const booked = roomDialogAnswer.parse(
        (await post(roomBookingRoute.action, "/api/room-booking?book=Deluxe", fields, context())).body,
      );
      const reference = booked.result.status === "success" ? (booked.result.reference ?? "") : "";
      const ask = (extra: Record<string, string>) =>
        post(
          myBookingRoute.action,
          "/api/my-booking",
          { reference, email: fields.email, ...extra },
          context(),
        );

      const found = await ask({});
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(myBookingAnswer.parse(found.body)).toMatchObject({
        status: "found",
        request: { reference, mayCancel: true },
      });
      const cancelled = await ask({ intent: "cancel" });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(myBookingAnswer.parse(cancelled.body)).toMatchObject({
        status: "found",
        tone: "success",
        message: m.MY_BOOKING_CANCELLED,
        request: { status: "Cancelled" },
      });
      const wrong = await ask({ email: "someone.else@example.com" });
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(404);
      expect(myBookingAnswer.parse(wrong.body)).toMatchObject({
        status: "error",
        message: m.MY_BOOKING_NOT_FOUND,
      });
      const folio = await ask({ intent: "folio" });
      expect(folio.status, JSON.stringify(folio.body)).toBe(400);
      expect(myBookingAnswer.parse(folio.body)).toMatchObject({ status: "error" });
    });
  });

  describe("pay (the payment step's islands)", () => {
    const testbed = useLencoTestbed(() => getDatabase().db, { cards: true });
    const payContext = (withProvider = true) => {
      const ctx = context();
      ctx.set(paymentProviderContext, withProvider ? testbed.provider : null);
      return ctx;
    };
    beforeAll(async () => {
      await updateLodgeSettings(
        getDatabase().db,
        { depositPolicy: "percent", depositPercent: 30, paymentHoldMinutes: 15 },
        null,
      );
    });
    beforeEach(() => testbed.sim.up());

    /** Books from the dialog with a deposit to pay online: the action answers where the step is. */
    async function bookToPay(paymentMethod: string) {
      const fields = stayFields(await roomIdOf("107"), { paymentMethod });
      sequence += 1;
      const answer = await post(
        roomBookingRoute.action,
        "/api/room-booking?book=Deluxe",
        fields,
        payContext(),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { redirect: path } = redirect.parse(answer.body);
      const url = new URL(path, "http://localhost:3000");
      const query = new URLSearchParams({
        reference: decodeURIComponent(url.pathname.split("/")[2] ?? ""),
        token: url.searchParams.get("token") ?? "",
      });
      return `/api/pay?${query}`;
    }

    it("answers a Mobile Money deposit's booking with { redirect } to its payment step, a reservation's too", async () => {
      await bookToPay("Mobile Money");
      const reserved = await post(
        reservationRoute.action,
        "/api/reservation",
        {
          ...stayFields(await roomIdOf("108"), { paymentMethod: "Mobile Money" }),
          roomCount: "1",
          message: "Late arrival",
        },
        payContext(),
      );
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      redirect.parse(reserved.body);
    });

    it("shows the step, nothing for a wrong token, and 404 without a provider", async () => {
      const address = await bookToPay("Mobile Money");
      const shown = await get(payRoute.loader, address, payContext());
      expect(shown.status, JSON.stringify(shown.body)).toBe(200);
      expect(payLoaderData.parse(shown.body)).toMatchObject({ ok: true, view: { state: "pay" } });
      const wrong = await get(payRoute.loader, address.replace(/token=[^&]*/, "token=wrong"), payContext());
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(404);
      expect(payLoaderData.parse(wrong.body)).toEqual({ ok: false, message: expect.any(String) });
      const off = await get(payRoute.loader, address, payContext(false));
      expect(off).toEqual({ status: 404, body: null });
    });

    it("sends the prompt and answers { redirect } back to the step; refusals and the card as data", async () => {
      const address = await bookToPay("Mobile Money");
      const invalid = await post(payRoute.action, address, { phone: "12", operator: "mtn" }, payContext());
      expect(invalid.status, JSON.stringify(invalid.body)).toBe(400);
      expect(payActionData.parse(invalid.body).fieldErrors?.phone).toBeTruthy();
      const sent = await post(
        payRoute.action,
        address,
        { phone: "0961111111", operator: "mtn" },
        payContext(),
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(redirect.parse(sent.body).redirect).toMatch(/^\/pay\/LDG-/);
      const waiting = payLoaderData.parse((await get(payRoute.loader, address, payContext())).body);
      expect(waiting.ok && waiting.view.state).toBe("waiting");

      const card = await post(
        payRoute.action,
        await bookToPay("Credit Card"),
        { intent: "card" },
        payContext(),
      );
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      expect(payActionData.parse(card.body).card).toMatchObject({ currency: "ZMW" });
    });
  });
});
