// fast-check generators shared by the schema tests. They mix valid values, near misses and
// junk so that properties see both accepted and rejected forms. Test-only module.
import { HONEYPOT_FIELD } from "../app/shared/forms/form-rules.ts";
import fc from "fast-check";
import { addDays, addYears, daysBetween, isIsoDate } from "../app/shared/dates.ts";
import * as m from "../app/shared/messages.ts";
import { PAYMENT_METHODS } from "../app/shared/db/schema.ts";

/** Lodge "todays" from 2000 to 2090, leap days included. */
export const todayArb = fc.oneof(
  fc.integer({ min: 0, max: 33_000 }).map((n) => addDays("2000-01-01", n)),
  fc.constantFrom("2028-02-29", "2027-02-28", "2026-12-31", "2026-11-21"),
);

/** Mostly `valid`, sometimes padded with spaces, blank or random text. */
export function messy(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 20, arbitrary: valid },
    { weight: 2, arbitrary: valid.map((v) => `  ${v} `) },
    { weight: 1, arbitrary: fc.constantFrom("", "   ") },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
}

/** Mostly from `likely`, sometimes from `unlikely`. */
function mostly<T>(likely: fc.Arbitrary<T>, unlikely: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 8, arbitrary: likely }, { weight: 1, arbitrary: unlikely });
}

/** A date a few days either side of the bookable window [today, today + 1 year]. */
export function dateNear(today: string): fc.Arbitrary<string> {
  const span = daysBetween(today, addYears(today, 1));
  return messy(
    mostly(
      fc.integer({ min: 0, max: span }).map((n) => addDays(today, n)),
      fc.oneof(
        fc.integer({ min: -3, max: span + 3 }).map((n) => addDays(today, n)),
        fc.constantFrom("2026-02-30", "2026-13-01", "tomorrow"),
      ),
    ),
  );
}

export const nameArb = messy(
  mostly(
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.integer({ min: 95, max: 105 }).map((n) => "N".repeat(n)),
  ),
);

export const emailArb = messy(
  mostly(
    fc
      .tuple(fc.stringMatching(/^[a-zA-Z0-9]{1,20}$/), fc.stringMatching(/^[a-zA-Z0-9]{1,12}$/))
      .map(([local, domain]) => `${local}@${domain}.com`),
    fc.oneof(fc.emailAddress(), fc.constantFrom("no-at-sign", "a@b", `${"x".repeat(250)}@example.com`)),
  ),
);

export const phoneArb = messy(
  mostly(
    fc
      .tuple(
        fc.constantFrom("", "+260 ", "(0211) "),
        fc.stringMatching(/^[0-9]{3}$/),
        fc.constantFrom(" ", "-", ""),
        fc.stringMatching(/^[0-9]{4,9}$/),
      )
      .map((parts) => parts.join("")),
    fc.stringMatching(/^\+?[0-9a-z. ()-]{0,40}$/),
  ),
);

export function countArb(min: number, max: number): fc.Arbitrary<string> {
  return messy(
    mostly(
      fc.integer({ min, max }).map(String),
      fc.oneof(fc.integer({ min: min - 2, max: max + 2 }).map(String), fc.constantFrom("1.5", "two", "1e1")),
    ),
  );
}

export const paymentArb = messy(
  mostly(fc.constantFrom(...PAYMENT_METHODS), fc.constantFrom("cash", "Bitcoin")),
);

export const idArb = messy(
  mostly(fc.oneof(fc.integer({ min: 1, max: 200 }).map(String), fc.uuid()), fc.constantFrom("a b", "1'--")),
);

export function textArb(max: number): fc.Arbitrary<string> {
  return messy(
    mostly(
      fc.string({ minLength: 1, maxLength: 50 }),
      fc.integer({ min: max - 2, max: max + 2 }).map((n) => "m".repeat(n)),
    ),
  );
}

/**
 * What an attacker or a broken client may put in a hidden field or a query parameter: any text,
 * with control characters (a NUL, an escape, C1) often enough to be tried.
 */
export const anyTextArb = fc.string({
  unit: fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom("\u0000", "\u001b", "\u007f", "\u0085", "\n") },
    { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: "binary" }) },
  ),
  maxLength: 80,
});

/** Drops some keys, as a browser form with missing inputs would. */
export function someKeys<T extends Record<string, string>>(
  record: fc.Arbitrary<T>,
): fc.Arbitrary<Partial<T>> {
  const mostlyTrue = fc.oneof(
    { weight: 15, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  );
  return fc
    .tuple(record, fc.func(mostlyTrue))
    .map(
      ([full, keep]) => Object.fromEntries(Object.entries(full).filter(([key]) => keep(key))) as Partial<T>,
    );
}

/** Any record of strings, keyed by the form's fields, the honeypot, or anything else. */
export function anyStringRecord(fields: readonly string[]): fc.Arbitrary<Record<string, string>> {
  return fc.dictionary(
    fc.oneof(
      fc.constantFrom(...fields, HONEYPOT_FIELD),
      fc.string(),
      fc.constantFrom("__proto__", "constructor"),
    ),
    fc.string(),
  );
}

/** Any record of any values: parse must still not throw. */
export function anyValueRecord(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string()), fc.anything());
}

export function toFormData(record: Record<string, string | undefined>): FormData {
  const formData = new FormData();
  for (const [key, value] of Object.entries(record)) if (value !== undefined) formData.append(key, value);
  return formData;
}

/** Invariants every accepted guest contact block must satisfy. */
export function expectGuest(data: { name: string; email: string | null; phone?: string }): void {
  assert(data.name.length >= 1 && data.name.length <= 100, "name length");
  assert(data.name === data.name.trim(), "name trimmed");
  // Only a desk request may lack an address; every form a guest sends carries one.
  assert(data.email !== null, "email given");
  assert(data.email.length <= 254 && data.email.includes("@") && data.email === data.email.trim(), "email");
  if (data.phone !== undefined) {
    assert(data.phone.length <= 30 && /^[\d\s+()-]+$/.test(data.phone), "phone characters");
    assert(data.phone.replace(/\D/g, "").length >= 7, "phone digits");
  }
}

export function expectPayment(method: string): void {
  assert((PAYMENT_METHODS as readonly string[]).includes(method), "payment method");
}

export function expectCount(value: number, min: number, max: number): void {
  assert(Number.isInteger(value) && value >= min && value <= max, `count ${value} in ${min}..${max}`);
}

export function expectStay(today: string, stay: { checkIn: string; checkOut: string }): void {
  const max = addYears(today, 1);
  assert(isIsoDate(stay.checkIn) && isIsoDate(stay.checkOut), "ISO dates");
  assert(today <= stay.checkIn && stay.checkIn <= stay.checkOut && stay.checkOut <= max, "stay in window");
}

function assert(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`invariant failed: ${what}`);
}

// --- Example tables: [what, field overrides, expected field errors ({} = accepted)] ---------

export type Case = [string, Record<string, string | undefined>, Record<string, string>];

export const NAME_CASES: Case[] = [
  ["name of 1 character", { name: "J" }, {}],
  ["name of 100 characters", { name: "N".repeat(100) }, {}],
  ["name of 101 characters", { name: "N".repeat(101) }, { name: m.NAME_TOO_LONG }],
  ["name padded to over 100 but 100 when trimmed", { name: `  ${"N".repeat(100)}  ` }, {}],
  ["blank name", { name: "   " }, { name: m.NAME_REQUIRED }],
  ["missing name", { name: undefined }, { name: m.NAME_REQUIRED }],
];

export const EMAIL_CASES: Case[] = [
  ["plain e-mail", { email: "guest@example.com" }, {}],
  ["e-mail with plus and subdomain", { email: "first.last+lodge@mail.example.co.zm" }, {}],
  [
    "e-mail of 254 characters",
    { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com` },
    {},
  ],
  [
    "e-mail of 255 characters",
    { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com` },
    { email: m.VALID_EMAIL },
  ],
  ["e-mail without @", { email: "guest.example.com" }, { email: m.VALID_EMAIL }],
  ["e-mail without domain", { email: "guest@" }, { email: m.VALID_EMAIL }],
  ["e-mail with a space", { email: "gu est@example.com" }, { email: m.VALID_EMAIL }],
  ["blank e-mail", { email: "" }, { email: m.VALID_EMAIL }],
  ["missing e-mail", { email: undefined }, { email: m.VALID_EMAIL }],
];

export const PHONE_CASES: Case[] = [
  ["international phone", { phone: "+260 97 123 4567" }, {}],
  ["phone with brackets and dashes", { phone: "(0211) 123-456" }, {}],
  ["phone with exactly 7 digits", { phone: "1234567" }, {}],
  ["phone with 6 digits", { phone: "123-456" }, { phone: m.PHONE_INVALID }],
  ["phone of 30 characters", { phone: "1".repeat(30) }, {}],
  ["phone of 31 characters", { phone: "1".repeat(31) }, { phone: m.PHONE_TOO_LONG }],
  ["phone with letters", { phone: "097 CALL NOW" }, { phone: m.PHONE_INVALID }],
  ["phone with a dot", { phone: "097.123.4567" }, { phone: m.PHONE_INVALID }],
  ["blank phone", { phone: " " }, { phone: m.PHONE_REQUIRED }],
  ["missing phone", { phone: undefined }, { phone: m.PHONE_REQUIRED }],
];

export const PAYMENT_CASES: Case[] = [
  ...PAYMENT_METHODS.map((method): Case => [`payment ${method}`, { paymentMethod: method }, {}]),
  ["payment in the wrong case", { paymentMethod: "cash" }, { paymentMethod: m.PAYMENT_METHOD_REQUIRED }],
  ["unknown payment", { paymentMethod: "Bitcoin" }, { paymentMethod: m.PAYMENT_METHOD_REQUIRED }],
  ["missing payment", { paymentMethod: undefined }, { paymentMethod: m.PAYMENT_METHOD_REQUIRED }],
];

export function roomIdCases(): Case[] {
  return [
    ["numeric room id", { roomId: "17" }, {}],
    ["uuid room id", { roomId: "0b6f3c52-5f0e-4a57-9a3e-1f7f0b0a9c11" }, {}],
    ["no room chosen", { roomId: "" }, { roomId: m.SELECT_ROOM }],
    ["missing room", { roomId: undefined }, { roomId: m.SELECT_ROOM }],
    ["junk room id", { roomId: "1' OR 1=1" }, { roomId: m.SELECT_ROOM }],
  ];
}

/** Check-in/check-out rules around the window [today, today + 1 year]. */
export function stayCases(today: string): Case[] {
  const max = addYears(today, 1);
  const day = (n: number) => addDays(today, n);
  return [
    ["check-in today", { checkIn: today, checkOut: day(1) }, {}],
    ["check-in yesterday", { checkIn: day(-1), checkOut: day(1) }, { checkIn: m.CHECK_IN_PAST }],
    ["check-in and out on the last day", { checkIn: max, checkOut: max }, {}],
    [
      "check-in a day too far",
      { checkIn: addDays(max, 1), checkOut: addDays(max, 1) },
      { checkIn: m.CHECK_IN_TOO_LATE, checkOut: m.CHECK_OUT_TOO_LATE },
    ],
    ["check-out equal to check-in", { checkIn: day(3), checkOut: day(3) }, {}],
    [
      "check-out a day before check-in",
      { checkIn: day(3), checkOut: day(2) },
      { checkOut: m.CHECK_OUT_BEFORE_CHECK_IN },
    ],
    ["check-out yesterday", { checkIn: today, checkOut: day(-1) }, { checkOut: m.CHECK_OUT_PAST }],
    ["check-out on the last day", { checkIn: today, checkOut: max }, {}],
    [
      "check-out a day too far",
      { checkIn: today, checkOut: addDays(max, 1) },
      { checkOut: m.CHECK_OUT_TOO_LATE },
    ],
    ["impossible check-in", { checkIn: "2027-02-30" }, { checkIn: m.CHECK_IN_INVALID }],
    ["check-in in another format", { checkIn: "21/11/2026" }, { checkIn: m.CHECK_IN_INVALID }],
    ["impossible check-out", { checkOut: "2027-13-01" }, { checkOut: m.CHECK_OUT_INVALID }],
    ["missing check-in", { checkIn: undefined }, { checkIn: m.CHECK_IN_REQUIRED }],
    ["missing check-out", { checkOut: "" }, { checkOut: m.CHECK_OUT_REQUIRED }],
  ];
}

export function adultsCases(): Case[] {
  return [
    ["0 adults", { adults: "0" }, { adults: m.ADULTS_RANGE }],
    ["1 adult", { adults: "1" }, {}],
    ["20 adults", { adults: "20" }, {}],
    ["21 adults", { adults: "21" }, { adults: m.ADULTS_RANGE }],
    ["-1 adults", { adults: "-1" }, { adults: m.ADULTS_RANGE }],
    ["1.5 adults", { adults: "1.5" }, { adults: m.ADULTS_WHOLE }],
    ["adults as a word", { adults: "two" }, { adults: m.ADULTS_WHOLE }],
    ["a huge number of adults", { adults: "9".repeat(400) }, { adults: m.ADULTS_RANGE }],
    ["missing adults", { adults: "" }, { adults: m.ADULTS_REQUIRED }],
  ];
}

export function childrenCases(blank: Record<string, string>): Case[] {
  return [
    ["0 children", { children: "0" }, {}],
    ["20 children", { children: "20" }, {}],
    ["21 children", { children: "21" }, { children: m.CHILDREN_RANGE }],
    ["-1 children", { children: "-1" }, { children: m.CHILDREN_RANGE }],
    ["0.5 children", { children: "0.5" }, { children: m.CHILDREN_WHOLE }],
    ["missing children", { children: "" }, blank],
  ];
}

/** Overrides the valid base, dropping keys set to undefined. */
export function withOverrides(
  base: Record<string, string>,
  overrides: Record<string, string | undefined>,
): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...base, ...overrides };
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
