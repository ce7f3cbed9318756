// The staff desk (decisions.md 34): bookings taken by phone or at the door, and the
// money taken for them. The same field rules as the public forms (stay-schema.ts), but the
// e-mail is optional, the phone is required, and the channel is recorded.
import { z } from "zod";
import { LEDGER_METHODS, type RequestChannel } from "~/shared/db/schema.ts";
import { BOOKING_TYPE_REQUIRED } from "../../shared/messages.ts";
import { guestContactShape, staySchema } from "../stays/stay-schema.ts";
import { venueBookingShape } from "../venues/venue-schema.ts";
import {
  optionalEmailField,
  optionalMessageField,
  optionalText,
  withStayOrder,
} from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

export const DESK_CHANNELS = ["phone", "walk-in"] as const;
export type DeskChannel = (typeof DESK_CHANNELS)[number];

export const DESK_CHANNEL_LABELS: Record<DeskChannel, string> = {
  phone: "By phone",
  "walk-in": "At the door (walk-in)",
};

/** Where a request came from, in the console's words everywhere: lists, a request, reports. */
export const REQUEST_SOURCE_LABELS: Record<RequestChannel, string> = {
  web: "The website",
  ...DESK_CHANNEL_LABELS,
};

/** 'walk-in' → 'At the door (walk-in)'; an unknown source as it is stored. */
export function sourceLabel(channel: string): string {
  return Object.hasOwn(REQUEST_SOURCE_LABELS, channel)
    ? REQUEST_SOURCE_LABELS[channel as RequestChannel]
    : channel;
}

const DESK_TABS = ["room", "reservation", "venue"] as const;
export type DeskTab = (typeof DESK_TABS)[number];

/** The desk's tab a value names, or undefined (an address or a post may name anything). */
export function deskTabOf(value: unknown): DeskTab | undefined {
  return DESK_TABS.find((tab) => tab === value);
}

export const CHECK_IN_NOW_NOT_TODAY = "Only a stay that starts today can be checked in now.";
/** The id `StaffForm` renders (the layout's seed and the form's own), letters, digits and dots. */
const SUBMISSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{7,63}$/;

// The public forms' guest fields, but the e-mail may be left blank.
const deskGuestFields = {
  ...guestContactShape,
  email: optionalEmailField,
  message: optionalMessageField,
  channel: z.enum(DESK_CHANNELS, { error: "Please say how the guest reached us." }),
  // One per rendered form, as on the public forms: a double click enters one booking.
  submissionId: z.string().regex(SUBMISSION_ID, "This form has expired. Please reload the page."),
};

const checkbox = z.preprocess((value) => value === "on" || value === "yes" || value === true, z.boolean());

function deskBookingSchema(today: string) {
  const stay = withStayOrder(
    staySchema(today, { childrenFallback: 0 }).extend({
      tab: z.enum(["room", "reservation"]),
      ...deskGuestFields,
      checkInNow: checkbox,
      // Staff may take a stay that breaks a stay rule, saying why: kept in its history.
      overrideReason: optionalText(200, "Please keep the reason under 200 characters."),
    }),
  ).superRefine((stay, ctx) => {
    if (stay.checkInNow && (stay.tab !== "room" || stay.checkIn !== today))
      ctx.addIssue({ code: "custom", path: ["checkInNow"], message: CHECK_IN_NOW_NOT_TODAY, input: true });
  });
  const venue = z.object({ tab: z.literal("venue"), ...deskGuestFields, ...venueBookingShape(today) });
  return z.discriminatedUnion("tab", [stay, venue], { error: BOOKING_TYPE_REQUIRED });
}

export function parseDeskBookingForm(input: FormInput, today: string) {
  return parseForm(deskBookingSchema(today), input);
}

// --- Money at the desk ----------------------------------------------------------------------

const MAX_LEDGER_AMOUNT = 10_000_000;
export const TRANSACTION_ID_REQUIRED = "Please enter the mobile-money transaction id from the guest's SMS.";

/** A payment or refund staff record at the desk; mobile money names its transaction id. */
const ledgerEntrySchema = z
  .object({
    entryKind: z.enum(["payment", "refund"], { error: "Please say whether money came in or went back." }),
    method: z.enum(LEDGER_METHODS, { error: "Please choose how the money was paid." }),
    amount: z.preprocess(
      // 'K1,200' and '1 200' as staff may type them; blank reads as missing.
      (value) => (typeof value === "string" ? value.replace(/[\sK,]/gi, "") || undefined : value),
      z.coerce
        .number({ error: "Please enter the amount in kwacha." })
        .int("Please enter a whole number of kwacha.")
        .min(1, "The amount must be at least K1.")
        .max(MAX_LEDGER_AMOUNT, "That amount is too high."),
    ),
    transactionId: optionalText(100, "That transaction id is too long."),
    note: optionalText(500, "That note is too long.", { multiline: true }),
  })
  .superRefine((entry, ctx) => {
    if (entry.method === "Mobile Money" && !entry.transactionId)
      ctx.addIssue({ code: "custom", path: ["transactionId"], message: TRANSACTION_ID_REQUIRED, input: "" });
  });

export function parseLedgerEntryForm(input: FormInput) {
  return parseForm(ledgerEntrySchema, input);
}
