// Prices are whole Zambian kwacha, shown with the 'K' prefix (spec section 9, decisions 11).
import { nightsBetween } from "./dates.ts";

/** Amounts kept to the ngwee (charges, taxes on them, payments) are stored as whole ngwee. */
export const NGWEE_PER_KWACHA = 100;

const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 400 → 'K400', 1200 → 'K1,200'. Non-numbers show as 'K0' (the spec's "missing price 0"). */
export function formatKwacha(amount: number): string {
  const whole = Number.isFinite(amount) ? Math.round(amount) : 0;
  const sign = whole < 0 ? "-" : "";
  return `${sign}K${grouping.format(Math.abs(whole))}`;
}

/** A price as stored or sent (number, or a numeric string such as PostgreSQL's '400.00'); anything else is 0. */
export function toAmount(value: unknown): number {
  const amount = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof amount === "number" && Number.isFinite(amount) ? amount : 0;
}

/** Total for a stay: nights × nightly rate, with at least one night. */
export function stayTotal(rate: number, checkIn: string, checkOut: string): number {
  return nightsBetween(checkIn, checkOut) * rate;
}
