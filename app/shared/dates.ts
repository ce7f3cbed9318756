// Calendar dates for the lodge, as ISO 'YYYY-MM-DD' strings (what <input type="date"> gives).
// All arithmetic happens on UTC midnights so the machine's own time zone can never shift a day.

export const LODGE_TIME_ZONE = "Africa/Lusaka";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// Built once: constructing Intl formatters is comparatively slow.
const lodgeDateParts = new Intl.DateTimeFormat("en-US", {
  timeZone: LODGE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The lodge's current calendar date, the same on the server and in any browser. */
export function lodgeToday(now: Date = new Date()): string {
  const parts = lodgeDateParts.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** UTC milliseconds of the date's midnight, or NaN. setUTCFullYear avoids Date.UTC's 0-99 → 1900s quirk. */
function toUtcMs(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function parseIso(iso: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(iso);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Round-trip: Date rolls 2026-02-30 over to March, which tells us the day does not exist.
  const date = new Date(toUtcMs(year, month, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

function requireIso(iso: string): { year: number; month: number; day: number } {
  const parsed = parseIso(iso);
  if (!parsed) throw new RangeError(`Not an ISO calendar date: ${JSON.stringify(iso)}`);
  return parsed;
}

function fromUtcMs(ms: number): string {
  const date = new Date(ms);
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

/** True only for a strict 'YYYY-MM-DD' string naming a real calendar day. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === "string" && parseIso(value) !== undefined;
}

/**
 * The days the lodge's filters, lists, boards and reports accept: 2000 through 2100. Beyond them
 * a date is no day the lodge can have records for, and year 0 (and before) is no date the
 * database or these functions can use at all, so such a date is refused with a message.
 */
export const LODGE_DATE_RANGE = { first: "2000-01-01", last: "2100-12-31" } as const;

/** The message beside a date field whose day is real but outside `LODGE_DATE_RANGE`. */
export const DATE_OUT_OF_RANGE = "Please choose a date from the year 2000 to 2100.";

/** A real calendar day within `LODGE_DATE_RANGE`. */
export function isLodgeDate(value: unknown): value is string {
  return isIsoDate(value) && value >= LODGE_DATE_RANGE.first && value <= LODGE_DATE_RANGE.last;
}

export function addDays(iso: string, days: number): string {
  const { year, month, day } = requireIso(iso);
  return fromUtcMs(toUtcMs(year, month, day) + days * DAY_MS);
}

/** Same calendar date n years later; 29 February falls back to 28 February in a common year. */
export function addYears(iso: string, years: number): string {
  const { year, month, day } = requireIso(iso);
  const target = year + years;
  const lastDayOfMonth = new Date(toUtcMs(target, month + 1, 0)).getUTCDate();
  return fromUtcMs(toUtcMs(target, month, Math.min(day, lastDayOfMonth)));
}

/** Whole days from a to b (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  const from = requireIso(a);
  const to = requireIso(b);
  return Math.round((toUtcMs(to.year, to.month, to.day) - toUtcMs(from.year, from.month, from.day)) / DAY_MS);
}

/** Nights charged for a stay: a same-day stay still counts as one night (decisions 11). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.max(1, daysBetween(checkIn, checkOut));
}

/** '2026-11-21' → '21 Nov 2026'. Month names are fixed so output never varies with ICU data. */
export function formatDisplayDate(iso: string): string {
  const { year, month, day } = requireIso(iso);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

const LODGE_TIME = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: LODGE_TIME_ZONE,
});

/** A moment as the lodge's clock shows it, for staff: '24 Nov 2026, 09:15'. */
export function formatLodgeTime(at: Date | string): string {
  return LODGE_TIME.format(new Date(at));
}

/**
 * The nights a stay holds, as a half-open range [from, until) (decisions.md 23): the check-out day
 * is free for the next guest, and a stay whose check-out equals its check-in holds one night.
 * The database computes the same range (migration 2026-11-23-1-stays).
 */
export function stayNights(checkIn: string, checkOut: string): { from: string; until: string } {
  return { from: checkIn, until: addDays(checkIn, nightsBetween(checkIn, checkOut)) };
}
