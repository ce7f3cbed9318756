import { describe, expect, it } from "vitest";
import type { Booking, Reservation } from "../../shared/db/schema.ts";
import type { FormResult } from "../../shared/forms/form-result.ts";
import * as m from "../../shared/messages.ts";
import type { StayEntry, StayOutcome } from "./place-stay.server.ts";
import { OVERRIDE_HINT, stayResponse } from "./stay-answer.server.ts";

const values = { name: "Mutale Banda", checkIn: "2026-12-01", checkOut: "2026-12-03" };
const booking = { id: "b-1", reference: "LDG-7K3QX9" } as Booking;
const reservation = { id: "r-1", reference: "LDG-2M4PQR" } as Reservation;

/** The answer as the action sends it: its result and status, or the address of a redirect. */
function answer(outcome: StayOutcome, entry: StayEntry) {
  try {
    const response = stayResponse(outcome, entry, values);
    return { result: response.data as FormResult, status: response.init?.status ?? 200 };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

const GUEST_ENTRIES = ["dialog", "booking-room", "booking-reservation", "reservation"] as const;
const ALL_ENTRIES = [...GUEST_ENTRIES, "desk-room", "desk-reservation"] as const;

describe("what a stay form answers", () => {
  it.each([
    ["dialog", { kind: "booked", stay: booking, repeated: false }, m.BOOKING_SUCCESSFUL],
    ["booking-room", { kind: "booked", stay: booking, repeated: true }, m.ROOM_VENUE_BOOKING_SUCCESSFUL],
    [
      "booking-reservation",
      { kind: "reserved", stay: reservation, repeated: false },
      m.RESERVATION_BOOKING_SUCCESSFUL,
    ],
    ["reservation", { kind: "reserved", stay: reservation, repeated: false }, m.RESERVATION_SUCCESSFUL],
  ] satisfies [StayEntry, StayOutcome, string][])(
    "%s: a stored stay is its success message",
    (entry, outcome, message) => {
      const stay = outcome.stay;
      expect(answer(outcome, entry)).toEqual({
        status: 200,
        result: { status: "success", message, reference: stay.reference },
      });
    },
  );

  it("the desk goes on to the new request's page", () => {
    expect(answer({ kind: "booked", stay: booking, repeated: false }, "desk-room")).toEqual({
      status: 302,
      location: "/staff/requests/booking/b-1?entered=1",
    });
    expect(answer({ kind: "reserved", stay: reservation, repeated: false }, "desk-reservation")).toEqual({
      status: 302,
      location: "/staff/requests/reservation/r-1?entered=1",
    });
  });

  it.each(GUEST_ENTRIES)("%s: a stay awaiting its deposit goes on to the payment step", (entry) => {
    const payAt = "/pay/LDG-7K3QX9?token=abc";
    expect(answer({ kind: "awaiting-payment", stay: booking, payAt }, entry)).toEqual({
      status: 302,
      location: payAt,
    });
  });

  it.each(ALL_ENTRIES)("%s: a room just taken is 409 'taken' with the specification's message", (entry) => {
    expect(answer({ kind: "taken", freeRooms: null }, entry)).toEqual({
      status: 409,
      result: { status: "error", code: "taken", message: m.ROOM_JUST_BOOKED, values },
    });
  });

  it.each(ALL_ENTRIES)(
    "%s: a room that does not exist is 'Please select a room' beside the Room field",
    (entry) => {
      expect(answer({ kind: "unknown-room" }, entry)).toEqual({
        status: 400,
        result: { status: "invalid", fieldErrors: { roomId: m.SELECT_ROOM }, values },
      });
    },
  );

  it.each(GUEST_ENTRIES)("%s: a stay rule answers beside the dates", (entry) => {
    expect(answer({ kind: "stay-rule", message: "Minimum stay 2 nights." }, entry)).toEqual({
      status: 400,
      result: { status: "invalid", fieldErrors: { checkOut: "Minimum stay 2 nights." }, values },
    });
  });

  it.each(["desk-room", "desk-reservation"] as const)(
    "%s: a stay rule answers beside the dates, and staff are told how to override it",
    (entry) => {
      expect(answer({ kind: "stay-rule", message: "Minimum stay 2 nights." }, entry)).toEqual({
        status: 400,
        result: {
          status: "invalid",
          fieldErrors: { checkOut: "Minimum stay 2 nights.", overrideReason: OVERRIDE_HINT },
          values,
        },
      });
    },
  );

  const unavailable = m.REASON_DATABASE_UNAVAILABLE;
  const unexpected = m.REASON_UNEXPECTED;
  it.each([
    ["dialog", unavailable, false, m.failedToCreateBooking(unavailable)],
    ["dialog", unexpected, true, m.failedToCreateBooking(unexpected)],
    ["booking-room", unavailable, false, m.BOOKING_SAVE_FAILED],
    ["booking-room", unexpected, true, m.BOOKING_SAVE_FAILED],
    ["booking-reservation", unavailable, true, m.RESERVATION_SAVE_FAILED],
    ["reservation", unavailable, false, m.failedToCreateReservation(m.DB_NOT_CONNECTED)],
    ["reservation", unavailable, true, m.failedToCreateReservation(unavailable)],
    ["reservation", unexpected, true, m.failedToCreateReservation(unexpected)],
    ["desk-room", unavailable, true, m.failedToCreateBooking(unavailable)],
    ["desk-reservation", unexpected, true, m.failedToCreateReservation(unexpected)],
  ] satisfies [StayEntry, string, boolean, string][])(
    "%s: a database failure (%s, connected: %s) is 503 with the form's own text",
    (entry, reason, connected, message) => {
      const code = reason === unavailable ? "unavailable" : "failed";
      expect(answer({ kind: "failed", reason, connected }, entry)).toEqual({
        status: 503,
        result: { status: "error", code, message, values },
      });
    },
  );
});
