// The fields every stay form shares: the Room Booking dialog, /booking's room and reservation tabs,
// /reservation and the staff desk compose their schemas from these, so a field reads and answers
// the same wherever it is asked.
import { z } from "zod";
import { SELECT_ROOM } from "../../shared/messages.ts";
import {
  adultsField,
  childrenField,
  emailField,
  idField,
  nameField,
  paymentMethodField,
  phoneField,
  stayFields,
} from "../../shared/forms/fields.ts";

/** Who is booking and how they will pay. */
export const guestContactShape = {
  name: nameField,
  email: emailField,
  phone: phoneField,
  paymentMethod: paymentMethodField,
};

export interface StayShapeOptions {
  /** Stands in for a blank children field; without it (the dialog, /reservation) it is required. */
  childrenFallback?: number;
}

/** The stay itself: the room, the dates, who stays. */
function stayShape(today: string, { childrenFallback }: StayShapeOptions = {}) {
  return {
    roomId: idField(SELECT_ROOM),
    ...stayFields(today),
    adults: adultsField,
    children: childrenField(childrenFallback),
  };
}

/**
 * A guest's stay: contact fields and the stay. An object schema without refinements, so each form
 * can `.extend` it; the form then adds the date order with `withStayOrder`.
 */
export function staySchema(today: string, options: StayShapeOptions = {}) {
  return z.object({ ...guestContactShape, ...stayShape(today, options) });
}
