import { z } from "zod";
import { isoDate, rowId } from "~/features/staff/staff-schemas.ts";
import { requiredText } from "~/shared/forms/fields.ts";
import { MARKS } from "./housekeeping-rules.ts";

// The housekeeping list's forms, one schema, shared by the page and its action.

const optionalDate = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  isoDate("Please enter a valid date.").nullable(),
);

export const housekeepingFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark"), roomId: rowId(), to: z.enum(MARKS) }),
  z
    .object({
      intent: z.literal("out-of-order"),
      roomId: rowId("Please choose a room."),
      from: isoDate("Please enter the first day out of order."),
      until: optionalDate,
      reason: requiredText(200, "Please say what is wrong.", "That is too long: 200 characters at most."),
    })
    .refine((form) => form.until === null || form.until > form.from, {
      path: ["until"],
      message: "The room must come back after its first day out of order.",
    }),
  z.object({ intent: z.literal("back-in-service"), roomId: rowId() }),
]);
