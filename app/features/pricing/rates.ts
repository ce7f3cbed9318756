// Prices that follow the calendar (decisions.md 31, ADR 0017): one pure module for the server's
// quotes, the staff calendar's preview and the tests. No database, no clock: callers pass the
// rules in force.
import { addDays, formatDisplayDate, nightsBetween } from "../../shared/dates.ts";
import { formatKwacha } from "../../shared/money.ts";
import type { RateRuleKind, TaxKind } from "../../shared/db/schema.ts";

/** ISO weekdays: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAY_NAMES = [
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
  "Sundays",
];

/** Fields a rate rule and a stay rule share: where and when it applies. */
export interface CalendarScope {
  id: number;
  name: string;
  /** Room types it applies to; empty: every type. */
  roomTypes: string[];
  /** First night it covers. */
  startsOn: string;
  /** Last night it covers (inclusive). */
  endsOn: string;
}

export interface RateRule extends CalendarScope {
  /** Nights it covers, by ISO weekday; empty: every night. */
  weekdays: number[];
  /**
   * fixed: the night costs `value` kwacha; percent: the price changes by `value` percent (-20 for
   * 20% off); amount: the price changes by `value` kwacha.
   */
  kind: RateRuleKind;
  value: number;
  /** The rule's own supplements a night for an extra adult and a child; null or absent: the room's. */
  adultSupplement?: number | null;
  childSupplement?: number | null;
}

export interface StayRule extends CalendarScope {
  minNights: number | null;
  maxNights: number | null;
  /** Arrival weekdays refused while the rule is in force; empty: arrival any day. */
  closedToArrival: number[];
}

/** One night of a quote and what priced it: `rule` names the rules applied, null for the base rate. */
export interface QuotedNight {
  night: string;
  /** What the night costs in all, supplements for extra guests included. */
  price: number;
  rule: string | null;
  /** The part of `price` that is supplements for extra adults and children; absent: none. */
  supplement?: number;
}

export interface Quote {
  /** The sum of the nights' prices. */
  total: number;
  nights: QuotedNight[];
}

/** ISO weekday of a date, without building a Date per call's locale. */
export function isoWeekday(iso: string): Weekday {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

function covers(rule: CalendarScope, roomType: string, night: string): boolean {
  return (
    night >= rule.startsOn &&
    night <= rule.endsOn &&
    (rule.roomTypes.length === 0 || rule.roomTypes.includes(roomType))
  );
}

/**
 * Precedence (the rates screen and docs/staff-guide.md say the same): of the rules covering a
 * night, the more specific wins: limited to weekdays before every night, fewer room types before
 * more (every type counts as the most), a shorter date range before a longer one, then the latest
 * created (the higher id). A negative result means `a` wins.
 */
export function compareSpecificity(
  a: CalendarScope & { weekdays?: number[] },
  b: CalendarScope & { weekdays?: number[] },
): number {
  const weekdayScope = (rule: { weekdays?: number[] }) => rule.weekdays?.length || 7;
  const typeScope = (rule: CalendarScope) => (rule.roomTypes.length === 0 ? Infinity : rule.roomTypes.length);
  const span = (rule: CalendarScope) => nightsBetween(rule.startsOn, rule.endsOn);
  return (
    weekdayScope(a) - weekdayScope(b) ||
    compareNumbers(typeScope(a), typeScope(b)) ||
    span(a) - span(b) ||
    b.id - a.id
  );
}

function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Rate rules that may touch a room type at all, most specific first (sort once, quote many). */
export function rulesForType<T extends RateRule | StayRule>(rules: readonly T[], roomType: string): T[] {
  return rules
    .filter((rule) => rule.roomTypes.length === 0 || rule.roomTypes.includes(roomType))
    .sort(compareSpecificity);
}

/** The rules that price a night: the winning fixed-price rule and the winning change, if any. */
function winningRules(
  sorted: readonly RateRule[],
  roomType: string,
  night: string,
): { fixed: RateRule | undefined; change: RateRule | undefined } {
  const weekday = isoWeekday(night);
  let fixed: RateRule | undefined;
  let change: RateRule | undefined;
  for (const rule of sorted) {
    if (fixed && change) break;
    if (!covers(rule, roomType, night)) continue;
    if (rule.weekdays.length > 0 && !rule.weekdays.includes(weekday)) continue;
    if (rule.kind === "fixed") fixed ??= rule;
    else change ??= rule;
  }
  return { fixed, change };
}

/**
 * One night's price: the base rate, replaced by the winning fixed-price rule if any, then changed
 * by the winning percent-or-amount rule if any (so a weekend supplement applies on top of a
 * season's price). Percentages round to whole kwacha, half up; a price never goes below 0.
 * `sorted` must be most specific first (rulesForType).
 */
export function priceNight(
  base: number,
  sorted: readonly RateRule[],
  roomType: string,
  night: string,
): QuotedNight {
  return pricedNight(base, winningRules(sorted, roomType, night), night);
}

function pricedNight(base: number, { fixed, change }: ReturnType<typeof winningRules>, night: string) {
  let price = fixed ? fixed.value : base;
  if (change)
    price =
      change.kind === "percent" ? Math.round((price * (100 + change.value)) / 100) : price + change.value;
  const names = [fixed?.name, change?.name].filter((name): name is string => name !== undefined);
  return { night, price: Math.max(0, price), rule: names.length > 0 ? names.join(" + ") : null };
}

// --- Occupancy (ADR 0031) --------------------------------------------------------------------

/** What a room's rate covers, and what each guest beyond it pays a night. */
export interface Occupancy {
  coveredAdults: number;
  adultSupplement: number;
  childSupplement: number;
}

/** What a room has where nothing is set: two adults covered, no supplements (prices as before). */
export const DEFAULT_OCCUPANCY: Occupancy = { coveredAdults: 2, adultSupplement: 0, childSupplement: 0 };

export interface Guests {
  adults: number;
  children: number;
}

/** A night's supplements: for each adult beyond those covered, and for each child. */
export interface NightRates {
  adult: number;
  child: number;
}

/**
 * A night's supplement rates: the room's, each replaced by the winning fixed-price rule's where
 * it sets one, then by the winning change's where it sets one (the order the price is made in).
 */
function ratesOn(occupancy: Occupancy, { fixed, change }: ReturnType<typeof winningRules>): NightRates {
  let adult = occupancy.adultSupplement;
  let child = occupancy.childSupplement;
  for (const rule of [fixed, change]) {
    if (rule?.adultSupplement != null) adult = rule.adultSupplement;
    if (rule?.childSupplement != null) child = rule.childSupplement;
  }
  return { adult, child };
}

/** A count typed into a form, as a whole number of guests (anything else counts none). */
function guestCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** One night's supplement: max(0, adults − covered) × adult rate + children × child rate. */
export function nightSupplement(rates: NightRates, covered: number, guests: Guests): number {
  const extraAdults = Math.max(0, guestCount(guests.adults) - covered);
  return extraAdults * Math.max(0, rates.adult) + guestCount(guests.children) * Math.max(0, rates.child);
}

/**
 * A quote with the guests' supplements added night by night: each night's price includes its
 * supplement and says how much of it that is. `covered` is the adults all the quote's rooms cover.
 */
export function addSupplements(
  quote: Quote,
  rates: readonly NightRates[],
  covered: number,
  guests: Guests,
): Quote {
  let total = 0;
  const nights = quote.nights.map((night, i) => {
    const supplement = nightSupplement(rates[i] ?? { adult: 0, child: 0 }, covered, guests);
    total += night.price + supplement;
    return supplement > 0 ? { ...night, price: night.price + supplement, supplement } : night;
  });
  return { total, nights };
}

/**
 * The quote of a stay of one room: every night from check-in, a same-day stay counting one night
 * (decisions.md 11, 23). With no rule in force it is nights × base rate (decisions.md 31).
 */
export function quoteStay(
  base: number,
  rules: readonly RateRule[],
  roomType: string,
  checkIn: string,
  checkOut: string,
  options: { sorted?: boolean; occupancy?: Occupancy } = {},
): Quote & { rates?: NightRates[] } {
  const sorted = options.sorted ? rules : rulesForType(rules, roomType);
  const count = nightsBetween(checkIn, checkOut);
  const nights: QuotedNight[] = [];
  const rates: NightRates[] = [];
  let total = 0;
  let night = checkIn;
  for (let i = 0; i < count; i++) {
    const winners = winningRules(sorted, roomType, night);
    const priced = pricedNight(base, winners, night);
    nights.push(priced);
    if (options.occupancy) rates.push(ratesOn(options.occupancy, winners));
    total += priced.price;
    night = addDays(night, 1);
  }
  // The supplement rates of each night, asked for with an occupancy: none when all are 0.
  if (!options.occupancy) return { total, nights };
  return { total, nights, rates: rates.some((r) => r.adult > 0 || r.child > 0) ? rates : [] };
}

/** A quote for several identical rooms: each night's price and the total multiplied. */
export function timesRooms(quote: Quote, rooms: number): Quote {
  if (rooms === 1) return { total: quote.total, nights: quote.nights };
  return {
    total: quote.total * rooms,
    nights: quote.nights.map((night) => ({ ...night, price: night.price * rooms })),
  };
}

// --- Stay rules ------------------------------------------------------------------------------

/** The stay rule in force on an arrival night for a room type: the most specific covering it. */
export function stayRuleOn(rules: readonly StayRule[], roomType: string, arrival: string): StayRule | null {
  let best: StayRule | null = null;
  for (const rule of rules) {
    if (!covers(rule, roomType, arrival)) continue;
    if (best === null || compareSpecificity(rule, best) < 0) best = rule;
  }
  return best;
}

function dayMonth(iso: string): string {
  // '20 Dec 2026' → '20 December': the hint reads as a sentence.
  const [day, month] = formatDisplayDate(iso).split(" ");
  return `${day} ${LONG_MONTHS[month ?? ""] ?? month}`;
}

const LONG_MONTHS: Record<string, string> = {
  Jan: "January",
  Feb: "February",
  Mar: "March",
  Apr: "April",
  May: "May",
  Jun: "June",
  Jul: "July",
  Aug: "August",
  Sep: "September",
  Oct: "October",
  Nov: "November",
  Dec: "December",
};

function period(rule: StayRule): string {
  return `from ${dayMonth(rule.startsOn)} to ${dayMonth(rule.endsOn)}`;
}

/** What a stay rule says, for guests: 'Minimum stay 2 nights from 20 December to 5 January'. */
export function stayRuleTexts(rule: StayRule): string[] {
  const texts: string[] = [];
  const nights = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;
  if (rule.minNights !== null && rule.minNights > 1)
    texts.push(`Minimum stay ${nights(rule.minNights)} ${period(rule)}`);
  if (rule.maxNights !== null) texts.push(`Maximum stay ${nights(rule.maxNights)} ${period(rule)}`);
  if (rule.closedToArrival.length === 7) texts.push(`No arrivals ${period(rule)}`);
  else if (rule.closedToArrival.length > 0) {
    const days = [...rule.closedToArrival].sort().map((day) => WEEKDAY_NAMES[day - 1]);
    texts.push(`No arrivals on ${days.join(", ")} ${period(rule)}`);
  }
  return texts;
}

/**
 * Why a stay breaks the rule in force on its arrival night, in the words of the hint, or null when
 * it keeps it. The nights are counted as they are charged (a same-day stay is one night).
 */
export function stayRuleBreach(
  rules: readonly StayRule[],
  roomType: string,
  checkIn: string,
  checkOut: string,
): string | null {
  const rule = stayRuleOn(rules, roomType, checkIn);
  if (!rule) return null;
  const nights = nightsBetween(checkIn, checkOut);
  const texts = stayRuleTexts(rule);
  const find = (prefix: string) => texts.find((text) => text.startsWith(prefix)) ?? null;
  if (rule.closedToArrival.includes(isoWeekday(checkIn))) return find("No arrivals");
  if (rule.minNights !== null && nights < rule.minNights) return find("Minimum stay");
  if (rule.maxNights !== null && nights > rule.maxNights) return find("Maximum stay");
  return null;
}

// --- Taxes -----------------------------------------------------------------------------------

/** A tax contained in a total: its rate in basis points (1600 = 16%) and its amount in kwacha. */
export interface TaxLine {
  kind: TaxKind;
  rateBp: number;
  amount: number;
}

export interface TaxSettings {
  vatRegistered: boolean;
  vatRateBp: number;
  levyRateBp: number;
}

/** Venue bookings carry the tourism levy from this many people (decisions.md 32). */
export const LEVY_MIN_EVENT_PEOPLE = 25;

/**
 * The tax lines contained in a tax-inclusive total. Both taxes are percentages of the same net
 * price, so each line is round(total × rate ÷ (1 + sum of rates)), half up, in whole kwacha:
 * K1,175 with VAT 16% and levy 1.5% → VAT K160, levy K15. VAT only when the lodge is registered;
 * the levy on accommodation, and on events of 25 people or more (`levied`).
 */
export function taxLines(total: number, settings: TaxSettings, levied = true): TaxLine[] {
  const rates: { kind: TaxKind; rateBp: number }[] = [];
  if (settings.vatRegistered && settings.vatRateBp > 0)
    rates.push({ kind: "vat", rateBp: settings.vatRateBp });
  if (levied && settings.levyRateBp > 0) rates.push({ kind: "levy", rateBp: settings.levyRateBp });
  const sumBp = rates.reduce((sum, rate) => sum + rate.rateBp, 0);
  return rates.map((rate) => ({ ...rate, amount: Math.round((total * rate.rateBp) / (10_000 + sumBp)) }));
}

/** 'VAT 16%' / 'Tourism levy 1.5%'. */
export function taxLabel(line: Pick<TaxLine, "kind" | "rateBp">): string {
  const percent = `${(line.rateBp / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
  return `${line.kind === "vat" ? "VAT" : "Tourism levy"} ${percent}`;
}

/** Spreads a new total over a request's nights in proportion to their prices (largest remainder). */
export function spreadTotal(prices: readonly number[], total: number): number[] {
  if (prices.length === 0) return [];
  const sum = prices.reduce((a, b) => a + b, 0);
  const weights = sum > 0 ? prices : prices.map(() => 1);
  const weightSum = sum > 0 ? sum : prices.length;
  const exact = weights.map((weight) => (total * weight) / weightSum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

/** The precedence, as the rates screen and docs/staff-guide.md state it. */
export const RATE_PRECEDENCE = [
  "A night starts at the room's base rate (Rooms and venues).",
  "Of the fixed-price rules covering the night, the most specific sets its price; then, of the rules that change a price by percent or amount, the most specific changes it (so a weekend supplement applies on top of a season's price).",
  "Most specific: limited to weekdays before every night, fewer room types before more (all types counts as the most), a shorter date range before a longer one, then the latest created.",
  "The base rate covers the room type's adults (Occupancy); each adult beyond them and each child adds a supplement a night: the room type's, or the winning rules' where they set their own (the change's over the fixed price's).",
  "A stay's total is the sum of its nights. A request keeps the prices it was made at: changing a rule never reprices it.",
];

export const STAY_RULE_PRECEDENCE =
  "The stay rule in force on the arrival night applies to the whole stay; where several cover it, the most specific (fewer room types, then a shorter range, then the latest created) decides.";

/** What a rule does to a price, for staff: 'K600 a night', '+20%', '-K50'. */
export function rateRuleEffect(rule: Pick<RateRule, "kind" | "value">): string {
  const sign = rule.value < 0 ? "-" : "+";
  if (rule.kind === "fixed") return `${formatKwacha(rule.value)} a night`;
  if (rule.kind === "percent") return `${sign}${Math.abs(rule.value)}%`;
  return `${sign}${formatKwacha(Math.abs(rule.value))}`;
}

/** 'Fridays, Saturdays' or 'every night'. */
export function weekdaysText(days: readonly number[], none = "every night"): string {
  if (days.length === 0 || days.length === 7) return none;
  return [...days]
    .sort()
    .map((day) => WEEKDAY_NAMES[day - 1])
    .join(", ");
}

/**
 * The stay rules a form shows beside its dates: with dates chosen, the rules in force on the
 * arrival night (for the room type when one is chosen); before that, the coming ones (at most
 * three, soonest first). Rules limited to some room types name them.
 */
export function stayRuleHints(
  rules: readonly StayRule[],
  roomType: string | null,
  stay: { checkIn: string; chosen: boolean },
  today: string,
): string[] {
  const forType = rules.filter(
    (rule) => roomType === null || rule.roomTypes.length === 0 || rule.roomTypes.includes(roomType),
  );
  let shown: StayRule[];
  if (stay.chosen && roomType !== null) {
    const rule = stayRuleOn(forType, roomType, stay.checkIn);
    shown = rule ? [rule] : [];
  } else if (stay.chosen) {
    shown = forType.filter((rule) => rule.startsOn <= stay.checkIn && stay.checkIn <= rule.endsOn);
  } else {
    shown = forType
      .filter((rule) => rule.endsOn >= today)
      .sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.id - b.id)
      .slice(0, 3);
  }
  const texts = shown.flatMap((rule) => {
    const prefix = roomType === null && rule.roomTypes.length > 0 ? `${rule.roomTypes.join(", ")}: ` : "";
    return stayRuleTexts(rule).map((text) => prefix + text);
  });
  return [...new Set(texts)];
}

/**
 * A quote as a room list carries it: for which dates, a key shared by rooms priced alike, and
 * what extra guests add, so a form prices the adults and children the guest enters as the
 * booking will (partyQuote) without asking the server again.
 */
export interface ListedQuote extends Quote {
  /** 'checkIn|checkOut': the estimate uses it only while the form's dates are these. */
  dates: string;
  /** Rooms of one type at one base rate and occupancy share a quote (and one night-by-night list). */
  key: string;
  /** Adults one room's rate covers. */
  covered: number;
  /** Each night's supplement rates; empty when no night has any. */
  rates: NightRates[];
}

export function listedQuote(
  quote: Quote & { rates?: NightRates[] },
  room: { type: string; price: number } & Partial<Occupancy>,
  checkIn: string,
  checkOut: string,
): ListedQuote {
  const occupancy = occupancyOf(room);
  const { coveredAdults, adultSupplement, childSupplement } = occupancy;
  return {
    total: quote.total,
    nights: quote.nights,
    dates: `${checkIn}|${checkOut}`,
    key: `${room.type}|${room.price}|${coveredAdults}|${adultSupplement}|${childSupplement}`,
    covered: coveredAdults,
    rates: quote.rates ?? [],
  };
}

/** A room's occupancy, the defaults where a row does not carry it. */
export function occupancyOf(room: Partial<Occupancy>): Occupancy {
  return {
    coveredAdults: room.coveredAdults ?? DEFAULT_OCCUPANCY.coveredAdults,
    adultSupplement: room.adultSupplement ?? DEFAULT_OCCUPANCY.adultSupplement,
    childSupplement: room.childSupplement ?? DEFAULT_OCCUPANCY.childSupplement,
  };
}

/**
 * A listed quote for the guests a form names, in `rooms` rooms of it (their rates cover as many
 * adults together): the nights and total the booking keeps.
 */
export function partyQuote(
  quote: Pick<ListedQuote, "total" | "nights" | "covered" | "rates">,
  guests: Guests,
  rooms = 1,
): Quote {
  return addSupplements(timesRooms(quote, rooms), quote.rates, quote.covered * rooms, guests);
}
