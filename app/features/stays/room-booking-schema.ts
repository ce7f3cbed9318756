// The Room Booking dialog (spec sections 2 and 5): every field is required.
import { z } from "zod";
import { SELECT_ROOM } from "../../shared/messages.ts";
import {
  emailField,
  idField,
  nameField,
  paymentMethodField,
  phoneField,
  stayFields,
  withStayOrder,
  adultsField,
  childrenField,
} from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

export function roomBookingSchema(today: string) {
  return withStayOrder(
    z.object({
      name: nameField,
      email: emailField,
      phone: phoneField,
      ...stayFields(today),
      adults: adultsField,
      children: childrenField(),
      roomId: idField(SELECT_ROOM),
      paymentMethod: paymentMethodField,
    }),
  );
}

export type RoomBooking = z.output<ReturnType<typeof roomBookingSchema>>;

export function parseRoomBookingForm(input: FormInput, today: string) {
  return parseForm(roomBookingSchema(today), input);
}
