// Field schemas shared by every form. Input comes from FormData, so everything arrives as a
// string: strings are trimmed, '' counts as "not given", numbers are parsed here.
import { z } from "zod";
import { addYears, isIsoDate } from "../dates.ts";
import { LIMITS, SINGLE_LINE_CONTROLS } from "./form-rules.ts";
import {
  ADULTS_RANGE,
  ADULTS_REQUIRED,
  ADULTS_WHOLE,
  CHILDREN_RANGE,
  CHILDREN_REQUIRED,
  CHILDREN_WHOLE,
  CHECK_IN_INVALID,
  CHECK_IN_PAST,
  CHECK_IN_REQUIRED,
  CHECK_IN_TOO_LATE,
  CHECK_OUT_BEFORE_CHECK_IN,
  CHECK_OUT_INVALID,
  CHECK_OUT_PAST,
  CHECK_OUT_REQUIRED,
  CHECK_OUT_TOO_LATE,
  MESSAGE_TOO_LONG,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  PAYMENT_METHOD_REQUIRED,
  PHONE_INVALID,
  PHONE_REQUIRED,
  PHONE_TOO_LONG,
  VALID_EMAIL,
} from "../messages.ts";
import { PAYMENT_METHODS } from "../db/schema.ts";

// zod compiles object parsers with `new Function` when it can; the site's CSP
// forbids eval (no 'unsafe-eval'), and the browser reports every attempt.
// Every schema imports this module, so this runs before any parse.
// https://zod.dev/packages/core#jitless
z.config({ jitless: true });

/** Trims strings and turns '' into undefined, so a blank field fails as "missing". */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** Shown beside a field that holds a control character (a NUL byte, an escape...). */
export const CONTROL_CHARACTERS =
  "Please remove the invisible control characters from this field (they may come from a copied text).";

// Multi-line fields keep tab, line feed and carriage return.
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

interface TextOptions {
  /** A message box: tab and line breaks are text there. */
  multiline?: boolean;
}

/**
 * Free text as the guest typed it, without control characters: a NUL byte cannot be stored by
 * PostgreSQL (a 500 instead of a message), and the others have no place in a name or a message
 * that staff read and that may be sent on in an e-mail.
 */
function text(error: string, max: number, tooLong: string, { multiline = false }: TextOptions) {
  const controls = multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS;
  return z
    .string({ error })
    .max(max, tooLong)
    .refine((value) => !controls.test(value), CONTROL_CHARACTERS);
}

export function requiredText(max: number, required: string, tooLong: string, options: TextOptions = {}) {
  return z.preprocess(blankToUndefined, text(required, max, tooLong, options));
}

export function optionalText(max: number, tooLong: string, options: TextOptions = {}) {
  return z.preprocess(blankToUndefined, text(tooLong, max, tooLong, options).optional());
}

export const nameField = requiredText(LIMITS.name, NAME_REQUIRED, NAME_TOO_LONG);

// The length check stops the parse before the e-mail pattern runs, so a huge pasted value
// cannot make the regular expression expensive.
const emailAddress = z
  .string({ error: VALID_EMAIL })
  .max(LIMITS.email, VALID_EMAIL)
  .pipe(z.email({ error: VALID_EMAIL }));

export const emailField = z.preprocess(blankToUndefined, emailAddress);

/** An e-mail address that may be left blank (the staff desk: a guest on the phone may have none). */
export const optionalEmailField = z.preprocess(blankToUndefined, emailAddress.optional());

const PHONE_CHARACTERS = /^[\d\s+()-]+$/;

export const phoneField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: PHONE_REQUIRED })
    .max(LIMITS.phone, { error: PHONE_TOO_LONG, abort: true })
    .regex(PHONE_CHARACTERS, { error: PHONE_INVALID, abort: true })
    .refine((phone) => phone.replace(/\D/g, "").length >= LIMITS.phoneMinDigits, PHONE_INVALID),
);

export const paymentMethodField = z.preprocess(
  blankToUndefined,
  z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_REQUIRED }),
);

export const optionalMessageField = optionalText(LIMITS.message, MESSAGE_TOO_LONG, { multiline: true });

// Database ids (serial numbers or UUIDs) as strings; the server looks the id up, so this only
// keeps junk out of queries.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A chosen room or venue; anything missing or malformed reads as "nothing chosen". */
export function idField(required: string) {
  return z.preprocess(blankToUndefined, z.string({ error: required }).regex(ID_PATTERN, required));
}

/** An id that may be left out ('' or missing reads as undefined); anything else must be an id. */
export function optionalIdField(invalid: string) {
  return z.preprocess(blankToUndefined, z.string({ error: invalid }).regex(ID_PATTERN, invalid).optional());
}

type CountOptions = {
  min: number;
  max: number;
  /** Shown when the field is blank (unless `fallback` fills it in). */
  required: string;
  /** Shown for text or fractions. */
  whole: string;
  /** Shown for whole numbers outside min..max. */
  range: string;
  /** Value used when the field is blank. */
  fallback?: number;
};

/** Parses '3' or 3; leaves anything else for the schema to reject with a message. */
function toNumber(value: unknown): unknown {
  const text = blankToUndefined(value);
  if (typeof text !== "string" || !/^[+-]?\d+(\.\d+)?$/.test(text)) return text;
  const number = Number(text);
  // A 400-digit count should read as "out of range", not as "not a whole number".
  return Math.abs(number) > Number.MAX_SAFE_INTEGER ? Math.sign(number) * Number.MAX_SAFE_INTEGER : number;
}

export function countField({ min, max, required, whole, range, fallback }: CountOptions) {
  return z.preprocess(
    (value) => toNumber(value) ?? fallback,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : whole) })
      .int({ error: whole, abort: true })
      .min(min, range)
      .max(max, range),
  );
}

/** Adults on a stay, with the specification's messages. */
export const adultsField = countField({
  ...LIMITS.adults,
  required: ADULTS_REQUIRED,
  whole: ADULTS_WHOLE,
  range: ADULTS_RANGE,
});

/** Children on a stay; `fallback` stands in for a blank field where the form allows one. */
export function childrenField(fallback?: number) {
  return countField({
    ...LIMITS.children,
    required: CHILDREN_REQUIRED,
    whole: CHILDREN_WHOLE,
    range: CHILDREN_RANGE,
    fallback,
  });
}

type DateMessages = { required: string; invalid: string; past: string; tooLate: string };

/** Real calendar dates from `min` through `max`, inclusive. */
export function dateField(min: string, max: string, messages: DateMessages) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: messages.required })
      .refine(isIsoDate, { error: messages.invalid, abort: true })
      .refine((date) => date >= min, messages.past)
      .refine((date) => date <= max, messages.tooLate),
  );
}

/** Bookable dates run from the lodge's today through the same date next year (spec section 9). */
export function bookingWindow(today: string): { min: string; max: string } {
  return { min: today, max: addYears(today, 1) };
}

export function stayFields(today: string) {
  const { min, max } = bookingWindow(today);
  return {
    checkIn: dateField(min, max, {
      required: CHECK_IN_REQUIRED,
      invalid: CHECK_IN_INVALID,
      past: CHECK_IN_PAST,
      tooLate: CHECK_IN_TOO_LATE,
    }),
    checkOut: dateField(min, max, {
      required: CHECK_OUT_REQUIRED,
      invalid: CHECK_OUT_INVALID,
      past: CHECK_OUT_PAST,
      tooLate: CHECK_OUT_TOO_LATE,
    }),
  };
}

/**
 * Adds "check-out not before check-in" to an object schema. Zod skips object-level rules once
 * any field has failed; `when` lets this one run whenever both dates are themselves fine, so the
 * guest sees it together with errors on other fields.
 */
export function withStayOrder<S extends z.ZodType<{ checkIn: string; checkOut: string }, unknown>>(
  schema: S,
): S {
  return schema.superRefine(
    (stay, ctx) => {
      if (stay.checkOut < stay.checkIn) {
        ctx.addIssue({
          code: "custom",
          message: CHECK_OUT_BEFORE_CHECK_IN,
          path: ["checkOut"],
          input: stay.checkOut,
        });
      }
    },
    {
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | null;
        if (typeof value !== "object" || value === null) return false;
        const touched = payload.issues.some(
          (issue) => issue.path?.[0] === "checkIn" || issue.path?.[0] === "checkOut",
        );
        return !touched && isIsoDate(value.checkIn) && isIsoDate(value.checkOut);
      },
    },
  );
}
