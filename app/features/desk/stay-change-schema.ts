import { z } from "zod";
import { addYears } from "~/shared/dates.ts";
import { dateField, idField, optionalIdField } from "~/shared/forms/fields.ts";
import { parseForm, type FormInput } from "~/shared/forms/form-data.ts";

// The desk's changes to a stay (a move, an extension, a shortening): one schema for the three
// forms of a stay's page, read by the page and its action. Dates from the lodge's today.

export const STAY_CHANGE_INTENTS = ["move-room", "extend", "shorten"] as const;

/** Whether the nights in the new room keep the prices they were sold at or take the room's own. */
export const MOVE_PRICES = ["kept", "new"] as const;

function checkOutField(today: string) {
  return dateField(today, addYears(today, 1), {
    required: "Please choose the new check-out date.",
    invalid: "Please choose a real date.",
    past: "The new check-out cannot be before today.",
    tooLate: "Please choose a check-out within a year.",
  });
}

export function stayChangeSchema(today: string) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("move-room"),
      roomId: idField("Please choose the room to move to."),
      price: z.enum(MOVE_PRICES, { error: "Please choose which price the stay keeps." }),
    }),
    z.object({
      intent: z.literal("extend"),
      checkOut: checkOutField(today),
      /** Set when the stay's own room is taken for the extra nights: the room they go in. */
      roomId: optionalIdField("Please choose a room free for the extra nights."),
    }),
    z.object({ intent: z.literal("shorten"), checkOut: checkOutField(today) }),
  ]);
}

export function parseStayChangeForm(input: FormInput, today: string) {
  return parseForm(stayChangeSchema(today), input);
}
