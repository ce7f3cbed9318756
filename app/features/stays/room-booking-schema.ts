// The Room Booking dialog (spec sections 2 and 5): every field is required.
import { withStayOrder } from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";
import { staySchema } from "./stay-schema.ts";

export function roomBookingSchema(today: string) {
  return withStayOrder(staySchema(today));
}

export function parseRoomBookingForm(input: FormInput, today: string) {
  return parseForm(roomBookingSchema(today), input);
}
