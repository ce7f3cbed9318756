import { describe, expect, it } from "vitest";
import type { VenueBooking } from "../../shared/db/schema.ts";
import * as m from "../../shared/messages.ts";
import { venueResponse, type VenueEntry, type VenueOutcome } from "./place-venue-booking.server.ts";

const values = { name: "Mutale Banda", bookingDate: "2026-12-20" };
const venueBooking = { id: "v-1", reference: "LDG-7K3QX9" } as VenueBooking;

function answer(outcome: VenueOutcome, entry: VenueEntry) {
  try {
    const response = venueResponse(outcome, entry, values);
    return { result: response.data, status: response.init?.status ?? 200 };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

describe("what a venue booking form answers", () => {
  it("a booked venue: /booking's success message, the desk's new request", () => {
    const booked = { kind: "booked", venueBooking, repeated: false } as const;
    expect(answer(booked, "booking-venue")).toEqual({
      status: 200,
      result: { status: "success", message: m.ROOM_VENUE_BOOKING_SUCCESSFUL, reference: "LDG-7K3QX9" },
    });
    expect(answer(booked, "desk-venue")).toEqual({
      status: 302,
      location: "/staff/requests/venue-booking/v-1?entered=1",
    });
  });

  it.each(["booking-venue", "desk-venue"] as const)("%s: refusals and failures", (entry) => {
    expect(answer({ kind: "taken" }, entry)).toEqual({
      status: 409,
      result: { status: "error", code: "taken", message: m.VENUE_ALREADY_BOOKED, values },
    });
    expect(answer({ kind: "unknown-venue" }, entry)).toEqual({
      status: 400,
      result: { status: "invalid", fieldErrors: { venueId: m.SELECT_VENUE }, values },
    });
    const reason = m.REASON_DATABASE_UNAVAILABLE;
    expect(answer({ kind: "failed", reason, connected: false }, entry)).toEqual({
      status: 503,
      result: {
        status: "error",
        code: "unavailable",
        message: entry === "desk-venue" ? m.failedToCreateBooking(reason) : m.BOOKING_SAVE_FAILED,
        values,
      },
    });
  });
});
