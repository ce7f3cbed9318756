// The Room Booking dialog (spec sections 2 and 5): every field is required.
import { LIMITS } from "../form-rules.ts";
import { z } from "zod";
import {
  ADULTS_RANGE,
  ADULTS_REQUIRED,
  ADULTS_WHOLE,
  CHILDREN_RANGE,
  CHILDREN_REQUIRED,
  CHILDREN_WHOLE,
  SELECT_ROOM,
} from "../messages.ts";
import {
  countField,
  emailField,
  idField,
  nameField,
  paymentMethodField,
  phoneField,
  stayFields,
  withStayOrder,
} from "./fields.ts";
import { type FormInput, parseForm } from "./form-data.ts";

export function roomBookingSchema(today: string) {
  return withStayOrder(
    z.object({
      name: nameField,
      email: emailField,
      phone: phoneField,
      ...stayFields(today),
      adults: countField({
        ...LIMITS.adults,
        required: ADULTS_REQUIRED,
        whole: ADULTS_WHOLE,
        range: ADULTS_RANGE,
      }),
      children: countField({
        ...LIMITS.children,
        required: CHILDREN_REQUIRED,
        whole: CHILDREN_WHOLE,
        range: CHILDREN_RANGE,
      }),
      roomId: idField(SELECT_ROOM),
      paymentMethod: paymentMethodField,
    }),
  );
}

export type RoomBooking = z.output<ReturnType<typeof roomBookingSchema>>;

export function parseRoomBookingForm(input: FormInput, today: string) {
  return parseForm(roomBookingSchema(today), input);
}
