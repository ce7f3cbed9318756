import { z } from "zod";
import { isIsoDate } from "../../shared/dates.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./staff-rules.ts";
import { idField, optionalIdField, requiredText } from "../../shared/forms/fields.ts";

// The staff console's forms, one schema each, shared by the page and its action.

const email = z
  .string()
  .trim()
  .min(1, "Please enter an e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Please enter a valid e-mail address."));

export const signInSchema = z.object({
  email,
  password: z
    .string()
    .min(1, "Please enter your password.")
    .max(PASSWORD_MAX_LENGTH, "That password is too long."),
});

const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Please choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, "That password is too long.");

const personName = requiredText(100, "Please enter a name.", "That name is too long.");

/** A new password is typed twice: a mistyped copy is caught, beside the second field. */
function withPasswordConfirmed<S extends z.ZodType<{ password: string; confirm: string }, unknown>>(
  schema: S,
): S {
  return schema.refine((form) => form.password === form.confirm, {
    path: ["confirm"],
    message: "The two passwords differ.",
  });
}

export const setPasswordSchema = withPasswordConfirmed(
  z.object({ token: z.string().min(1), password, confirm: z.string() }),
);

export const firstManagerSchema = withPasswordConfirmed(
  z.object({ token: z.string().min(1), name: personName, email, password, confirm: z.string() }),
);

const REQUEST_INTENTS = [
  "confirm",
  "decline",
  "cancel",
  "check-in",
  "check-out",
  "no-show",
  "move",
  "handled",
] as const;
export type RequestIntent = (typeof REQUEST_INTENTS)[number];

export const requestActionSchema = z.object({
  kind: z.enum(["booking", "reservation", "venue-booking", "contact-message"]),
  id: idField("That request was not found."),
  intent: z.enum(REQUEST_INTENTS),
  roomId: optionalIdField("Please choose the room to move to."),
});

/** A row's id as PostgreSQL's `integer` holds it: a larger number is no row (and no 500). */
export const rowId = (message?: string) =>
  z.coerce
    .number(message ? { message } : undefined)
    .int(message)
    .positive(message)
    .max(2_147_483_647, message);

const price = z.coerce
  .number({ message: "Please enter a price in kwacha." })
  .int("Please enter a whole number of kwacha.")
  .min(1, "A price must be at least K1.")
  .max(1_000_000, "That price is too high.");

export const isoDate = (message: string) => z.string().refine(isIsoDate, message);

export const roomsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("room-price"), roomId: rowId(), price }),
  z.object({
    intent: z.literal("type-price"),
    type: requiredText(100, "Please choose a room type.", "That room type is too long."),
    price,
  }),
  z.object({ intent: z.literal("venue-price"), venueId: rowId(), price }),
  z.object({
    intent: z.literal("add-venue"),
    venue: requiredText(100, "Please enter the venue's name.", "That name is too long."),
    price,
  }),
  z
    .object({
      intent: z.literal("close-room"),
      roomId: rowId("Please choose a room."),
      startsOn: isoDate("Please enter the first day out of service."),
      endsOn: z.preprocess((v) => (v === "" ? null : v), isoDate("Please enter a valid date.").nullable()),
      reason: requiredText(200, "Please give a reason.", "That reason is too long."),
    })
    .refine((form) => form.endsOn === null || form.endsOn > form.startsOn, {
      path: ["endsOn"],
      message: "The room must come back after the first day out of service.",
    }),
  z.object({ intent: z.literal("reopen"), closureId: rowId() }),
]);

export const accountsFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    name: personName,
    email,
    role: z.enum(["manager", "reception", "housekeeping"], { message: "Please choose a role." }),
  }),
  z.object({ intent: z.literal("disable"), accountId: rowId() }),
  z.object({ intent: z.literal("enable"), accountId: rowId() }),
  z.object({ intent: z.literal("reset"), accountId: rowId() }),
]);
