// A venue booking's own fields, on /booking's venue tab and at the staff desk.
import { LIMITS } from "../../shared/forms/form-rules.ts";
import {
  BOOKING_DATE_INVALID,
  BOOKING_DATE_PAST,
  BOOKING_DATE_REQUIRED,
  BOOKING_DATE_TOO_LATE,
  PEOPLE_RANGE,
  PEOPLE_REQUIRED,
  PEOPLE_WHOLE,
  SELECT_VENUE,
} from "../../shared/messages.ts";
import { bookingWindow, countField, dateField, idField } from "../../shared/forms/fields.ts";

export function venueBookingShape(today: string) {
  const { min, max } = bookingWindow(today);
  return {
    venueId: idField(SELECT_VENUE),
    bookingDate: dateField(min, max, {
      required: BOOKING_DATE_REQUIRED,
      invalid: BOOKING_DATE_INVALID,
      past: BOOKING_DATE_PAST,
      tooLate: BOOKING_DATE_TOO_LATE,
    }),
    numberOfPeople: countField({
      ...LIMITS.numberOfPeople,
      required: PEOPLE_REQUIRED,
      whole: PEOPLE_WHOLE,
      range: PEOPLE_RANGE,
    }),
  };
}
