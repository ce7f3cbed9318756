// The /booking page: one form with tabs. 'room' and 'reservation' book a stay, 'venue' a venue.
import { LIMITS } from "../../shared/forms/form-rules.ts";
import { z } from "zod";
import {
  BOOKING_DATE_INVALID,
  BOOKING_DATE_PAST,
  BOOKING_DATE_REQUIRED,
  BOOKING_DATE_TOO_LATE,
  BOOKING_TYPE_REQUIRED,
  PEOPLE_RANGE,
  PEOPLE_REQUIRED,
  PEOPLE_WHOLE,
  SELECT_ROOM,
  SELECT_VENUE,
} from "../../shared/messages.ts";
import {
  bookingWindow,
  countField,
  dateField,
  emailField,
  idField,
  nameField,
  optionalMessageField,
  paymentMethodField,
  phoneField,
  stayFields,
  withStayOrder,
  adultsField,
  childrenField,
} from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

const guestFields = {
  name: nameField,
  email: emailField,
  phone: phoneField,
  paymentMethod: paymentMethodField,
  message: optionalMessageField,
};

/** A stay's own fields on /booking (and at the staff desk): the room, the dates, who stays. */
export function stayBookingShape(today: string) {
  return {
    roomId: idField(SELECT_ROOM),
    ...stayFields(today),
    adults: adultsField,
    // The spec asks only "minimum 0" here, so a blank field means no children.
    children: childrenField(0),
  };
}

/** A venue booking's own fields on /booking (and at the staff desk). */
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

export function bookingSchema(today: string) {
  const stay = withStayOrder(
    z.object({ tab: z.enum(["room", "reservation"]), ...guestFields, ...stayBookingShape(today) }),
  );
  const venue = z.object({ tab: z.literal("venue"), ...guestFields, ...venueBookingShape(today) });
  return z.discriminatedUnion("tab", [stay, venue], { error: BOOKING_TYPE_REQUIRED });
}

export type Booking = z.output<ReturnType<typeof bookingSchema>>;
export type StayBooking = Extract<Booking, { tab: "room" | "reservation" }>;
export type VenueBooking = Extract<Booking, { tab: "venue" }>;

export function parseBookingForm(input: FormInput, today: string) {
  return parseForm(bookingSchema(today), input);
}
