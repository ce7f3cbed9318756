// /my-booking: the guest names a request by its reference and the e-mail it was made with.
import { z } from "zod";
import { BOOKING_REFERENCE_PREFIX } from "../../shared/booking-reference.ts";
import { MY_BOOKING_REFERENCE_REQUIRED } from "../../shared/messages.ts";
import { emailField, requiredText } from "../../shared/forms/fields.ts";

/** 'ldg-7k3qx9', ' LDG 7K3QX9 ' and '7K3QX9' all name 'LDG-7K3QX9'. */
export function normalizeReference(value: string): string {
  const code = value
    .toUpperCase()
    .replace(/\s+/g, "")
    .replace(new RegExp(`^${BOOKING_REFERENCE_PREFIX.replace("-", "")}-?`), "");
  return `${BOOKING_REFERENCE_PREFIX}${code}`;
}

export const myBookingSchema = z.object({
  // A shared text field, so a control character (a NUL byte PostgreSQL cannot take) is refused
  // beside the field rather than failing the lookup.
  reference: requiredText(20, MY_BOOKING_REFERENCE_REQUIRED, MY_BOOKING_REFERENCE_REQUIRED).transform(
    normalizeReference,
  ),
  email: emailField,
  // "folio": the stay's folio and receipts on a page of their own, to print.
  intent: z.enum(["find", "cancel", "folio"]).default("find"),
});

export type MyBookingQuery = z.output<typeof myBookingSchema>;
