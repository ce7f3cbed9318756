// The /booking page: one form with tabs. 'room' and 'reservation' book a stay, 'venue' a venue.
import { z } from "zod";
import { BOOKING_TYPE_REQUIRED } from "../../shared/messages.ts";
import { optionalMessageField, withStayOrder } from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";
import { venueBookingShape } from "../venues/venue-schema.ts";
import { guestContactShape, staySchema } from "./stay-schema.ts";
import { chosenExtraIds } from "../extras/extra-pricing.ts";

export function bookingSchema(today: string) {
  // The spec asks only "minimum 0" for children here, so a blank field means none.
  const stay = withStayOrder(
    staySchema(today, { childrenFallback: 0 }).extend({
      tab: z.enum(["room", "reservation"]),
      message: optionalMessageField,
      // The extras ticked (`extra-<id>` checkboxes, gathered below); the server prices them.
      extras: z.array(z.number().int().positive()).max(50).default([]),
    }),
  );
  const venue = z.object({
    tab: z.literal("venue"),
    ...guestContactShape,
    message: optionalMessageField,
    ...venueBookingShape(today),
  });
  return z.preprocess(
    (fields) =>
      fields && typeof fields === "object"
        ? { ...fields, extras: chosenExtraIds(fields as Record<string, unknown>) }
        : fields,
    z.discriminatedUnion("tab", [stay, venue], { error: BOOKING_TYPE_REQUIRED }),
  );
}

export function parseBookingForm(input: FormInput, today: string) {
  return parseForm(bookingSchema(today), input);
}
