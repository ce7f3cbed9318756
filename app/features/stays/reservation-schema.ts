// The /reservation page (spec sections 2 and 5): every field is required, message included.
import { LIMITS } from "../../shared/forms/form-rules.ts";
import {
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  ROOM_COUNT_RANGE,
  ROOM_COUNT_WHOLE,
} from "../../shared/messages.ts";
import { countField, requiredText, withStayOrder } from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";
import { staySchema } from "./stay-schema.ts";

export function reservationSchema(today: string) {
  return withStayOrder(
    staySchema(today).extend({
      // The form starts at 1 (spec section 9), but every field is required (spec section 5): a
      // cleared field is an error, and the range message says what to enter.
      roomCount: countField({
        ...LIMITS.roomCount,
        required: ROOM_COUNT_RANGE,
        whole: ROOM_COUNT_WHOLE,
        range: ROOM_COUNT_RANGE,
      }),
      message: requiredText(LIMITS.message, MESSAGE_REQUIRED, MESSAGE_TOO_LONG),
    }),
  );
}

export function parseReservationForm(input: FormInput, today: string) {
  return parseForm(reservationSchema(today), input);
}
