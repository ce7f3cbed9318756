import { describe, expect, it } from "vitest";
import { addDays } from "../dates.ts";
import { parseBookingForm } from "../../features/stays/booking-schemas.ts";
import { parseContactForm } from "../../features/contact/contact-schema.ts";
import { CONTROL_CHARACTERS } from "./fields.ts";
import { parseForm } from "./form-data.ts";
import { myBookingSchema } from "../../features/stays/my-booking-schema.ts";
import { parseReservationForm } from "../../features/stays/reservation-schema.ts";
import { parseRoomBookingForm } from "../../features/stays/room-booking-schema.ts";
import {
  accountsFormSchema,
  firstManagerSchema,
  requestActionSchema,
  roomsFormSchema,
} from "../../features/staff/staff-schemas.ts";
import { toFormData } from "../../../tests/schema-cases.ts";

// Every text that reaches the database goes through the shared fields (fields.ts),
// which refuse control characters with a message beside the field. A NUL byte that got through
// was refused by PostgreSQL instead: a 503 that no retry can fix.

const TODAY = "2026-11-21";
const stay = { checkIn: addDays(TODAY, 3), checkOut: addDays(TODAY, 5), adults: "2", children: "0" };
const guest = { name: "Bwalya", email: "bwalya@example.com", phone: "+260 97 123 4567" };

/** A parse result's message for `field`, or undefined when the field was accepted. */
type Parsed = { ok: true } | { ok: false; fieldErrors: Record<string, string | undefined> };
const errorOf = (parsed: Parsed, field: string) => (parsed.ok ? undefined : parsed.fieldErrors[field]);

/** [schema, a valid form, the text fields to poison] */
const FORMS: [string, Record<string, string>, (form: Record<string, string>) => Parsed, string[]][] = [
  [
    "contact",
    { ...guest, subject: "Wedding", message: "Is the garden free?" },
    (form) => parseContactForm(toFormData(form)),
    ["name", "subject", "message"],
  ],
  [
    "booking (room tab)",
    { tab: "room", ...guest, paymentMethod: "Cash", roomId: "3", roomCount: "1", ...stay },
    (form) => parseBookingForm(toFormData(form), TODAY),
    ["name", "roomId"],
  ],
  [
    "booking (venue tab)",
    {
      tab: "venue",
      ...guest,
      paymentMethod: "Cash",
      venueId: "2",
      bookingDate: addDays(TODAY, 9),
      numberOfPeople: "40",
    },
    (form) => parseBookingForm(toFormData(form), TODAY),
    ["name", "venueId"],
  ],
  [
    "reservation",
    { ...guest, paymentMethod: "Cash", roomId: "3", roomCount: "1", message: "Late arrival", ...stay },
    (form) => parseReservationForm(toFormData(form), TODAY),
    ["name", "roomId", "message"],
  ],
  [
    "room booking (dialog)",
    { ...guest, paymentMethod: "Cash", roomId: "3", ...stay },
    (form) => parseRoomBookingForm(toFormData(form), TODAY),
    ["name", "roomId"],
  ],
  [
    "my booking",
    { reference: "LDG-7K3QX9", email: "bwalya@example.com" },
    (form) => parseForm(myBookingSchema, toFormData(form)),
    ["reference"],
  ],
  [
    "staff: first manager",
    {
      token: "t",
      name: "Ann Banda",
      email: "ann@example.com",
      password: "a long enough password",
      confirm: "a long enough password",
    },
    (form) => parseForm(firstManagerSchema, toFormData(form)),
    ["name"],
  ],
  [
    "staff: invite an account",
    { intent: "invite", name: "Ann Banda", email: "ann@example.com", role: "reception" },
    (form) => parseForm(accountsFormSchema, toFormData(form)),
    ["name"],
  ],
  [
    "staff: request action",
    { kind: "booking", id: "41", intent: "move", roomId: "7" },
    (form) => parseForm(requestActionSchema, toFormData(form)),
    ["id", "roomId"],
  ],
  [
    "staff: room type price",
    { intent: "type-price", type: "Deluxe Room", price: "950" },
    (form) => parseForm(roomsFormSchema, toFormData(form)),
    ["type"],
  ],
  [
    "staff: new venue",
    { intent: "add-venue", venue: "Garden", price: "3000" },
    (form) => parseForm(roomsFormSchema, toFormData(form)),
    ["venue"],
  ],
  [
    "staff: room out of service",
    { intent: "close-room", roomId: "4", startsOn: addDays(TODAY, 1), endsOn: "", reason: "Painting" },
    (form) => parseForm(roomsFormSchema, toFormData(form)),
    ["reason"],
  ],
];

describe.each(FORMS)("the %s form", (_name, valid, parse, fields) => {
  it("accepts the valid form", () => {
    expect(parse(valid)).toMatchObject({ ok: true });
  });

  it.each(fields)("refuses a NUL byte and an escape in %s beside the field", (field) => {
    for (const poison of ["\u0000", "\u001b[31m", "\u0085"]) {
      const value = valid[field]!;
      const parsed = parse({ ...valid, [field]: `${value.slice(0, 1)}${poison}${value.slice(1)}` });
      expect(parsed.ok).toBe(false);
      // Free text says what is wrong; an id (a hidden field or a list) keeps its own message.
      if (!/id$/i.test(field)) expect(errorOf(parsed, field)).toBe(CONTROL_CHARACTERS);
      else expect(errorOf(parsed, field)).toEqual(expect.any(String));
    }
  });
});

it("keeps tab and line breaks in message boxes", () => {
  const parsed = parseContactForm(toFormData({ ...guest, message: "Two lines:\r\n\tindented" }));
  expect(parsed).toMatchObject({ ok: true, data: { message: "Two lines:\r\n\tindented" } });
});

it("still lets a staff request action leave the room out", () => {
  const parsed = parseForm(
    requestActionSchema,
    toFormData({ kind: "booking", id: "41", intent: "confirm", roomId: "" }),
  );
  expect(parsed.ok).toBe(true);
  // Only "move" needs a room; the action refuses a move without one (request-actions.server.ts).
  expect(parsed.ok && parsed.data.roomId).toBeFalsy();
});
