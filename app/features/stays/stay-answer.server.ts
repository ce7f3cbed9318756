// What a stay form answers for each outcome of placing the stay (place-stay.server.ts): one mapping
// for every form, so a room just taken, a stay rule or a database outage reads the same wherever
// the guest or staff placed the stay. Only the success and failure texts are the form's own.
import { redirect } from "react-router";
import {
  formError,
  formInvalid,
  formSuccess,
  type FormResponse,
} from "~/shared/forms/form-submission.server.ts";
import {
  BOOKING_SAVE_FAILED,
  BOOKING_SUCCESSFUL,
  DB_NOT_CONNECTED,
  failedToCreateBooking,
  failedToCreateReservation,
  REASON_DATABASE_UNAVAILABLE,
  RESERVATION_BOOKING_SUCCESSFUL,
  RESERVATION_SAVE_FAILED,
  RESERVATION_SUCCESSFUL,
  ROOM_JUST_BOOKED,
  ROOM_VENUE_BOOKING_SUCCESSFUL,
  SELECT_ROOM,
} from "~/shared/messages.ts";
import type { StayEntry, StayOutcome } from "./place-stay.server.ts";

/** Beside the reason field when a stay rule refuses a stay staff entered: the way round it. */
export const OVERRIDE_HINT = "To take this stay all the same, give the reason here and save again.";

interface EntryAnswers {
  /** A stored stay: the form's success message with its reference, or a redirect (thrown). */
  placed: (stay: { id: string; reference: string }) => FormResponse;
  /** The form's text for a stay the database could not store. */
  failed: (reason: string, connected: boolean) => string;
  /** Staff may take a stay that breaks a stay rule, giving a reason. */
  overridable?: boolean;
}

const success = (message: string) => (stay: { reference: string }) => formSuccess(message, stay.reference);

/** The desk goes on to the new request's page. */
const enteredAt = (kind: "booking" | "reservation") => (stay: { id: string }) => {
  throw redirect(`/staff/requests/${kind}/${stay.id}?entered=1`);
};

// The specification's texts per form (section 8): /booking's failures name no reason.
const ANSWERS: Record<StayEntry, EntryAnswers> = {
  dialog: { placed: success(BOOKING_SUCCESSFUL), failed: (reason) => failedToCreateBooking(reason) },
  "booking-room": { placed: success(ROOM_VENUE_BOOKING_SUCCESSFUL), failed: () => BOOKING_SAVE_FAILED },
  "booking-reservation": {
    placed: success(RESERVATION_BOOKING_SUCCESSFUL),
    failed: () => RESERVATION_SAVE_FAILED,
  },
  reservation: {
    placed: success(RESERVATION_SUCCESSFUL),
    failed: (reason, connected) => failedToCreateReservation(connected ? reason : DB_NOT_CONNECTED),
  },
  "desk-room": {
    placed: enteredAt("booking"),
    failed: (reason) => failedToCreateBooking(reason),
    overridable: true,
  },
  "desk-reservation": {
    placed: enteredAt("reservation"),
    failed: (reason) => failedToCreateReservation(reason),
    overridable: true,
  },
};

/**
 * The form's answer to a placed stay: its result with the HTTP status that fits it. A redirect
 * (the payment step, the desk's new request) is thrown, as actions do.
 */
export function stayResponse(
  outcome: StayOutcome,
  entry: StayEntry,
  values: Record<string, string>,
): FormResponse {
  const answers = ANSWERS[entry];
  switch (outcome.kind) {
    case "booked":
    case "reserved":
      return answers.placed(outcome.stay);
    case "awaiting-payment":
      throw redirect(outcome.payAt);
    case "taken":
      return formError(ROOM_JUST_BOOKED, values, 409, "taken");
    case "unknown-room":
      return formInvalid({ roomId: SELECT_ROOM }, values);
    case "stay-rule":
      // Beside the dates, as the hint beside them said it.
      return formInvalid(
        answers.overridable
          ? { checkOut: outcome.message, overrideReason: OVERRIDE_HINT }
          : { checkOut: outcome.message },
        values,
      );
    case "failed": {
      // An unreachable database is worth a retry later; anything else is a failure.
      const code = outcome.reason === REASON_DATABASE_UNAVAILABLE ? "unavailable" : "failed";
      return formError(answers.failed(outcome.reason, outcome.connected), values, 503, code);
    }
  }
}
