import type { Transaction } from "kysely";
import { lodgeToday } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import {
  addSupplements,
  LEVY_MIN_EVENT_PEOPLE,
  listedQuote,
  occupancyOf,
  type Guests,
  type NightRates,
  type Occupancy,
  stayRuleHints,
  type ListedQuote,
  quoteStay,
  rulesForType,
  taxLines,
  timesRooms,
  type Quote,
  type QuotedNight,
  type RateRule,
  type StayRule,
  type TaxLine,
  type TaxSettings,
} from "~/features/pricing/rates.ts";
import type { RequestKind } from "~/shared/db/schema.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { getLodgeSettings } from "./lodge-settings.server.ts";
import type { KeptPrices } from "./folio.ts";
import type { Database, RateRuleRow, StayRuleRow } from "../../shared/db/schema.ts";
import { recordAudit } from "../staff/staff-audit.server.ts";

// Rates, stay rules and the prices each request keeps (decisions.md 31-32, ADR 0017). The rules
// are small tables read whole: a quote is computed in memory (app/features/pricing/rates.ts).

type Queryable = DB | Transaction<Database>;

function toRateRule(row: RateRuleRow): RateRule {
  const { id, name, roomTypes, startsOn, endsOn, weekdays, kind, value, adultSupplement, childSupplement } =
    row;
  return {
    id,
    name,
    roomTypes,
    startsOn,
    endsOn,
    weekdays,
    kind,
    value,
    adultSupplement,
    childSupplement,
  };
}

function toStayRule(row: StayRuleRow): StayRule {
  const { id, name, roomTypes, startsOn, endsOn, minNights, maxNights, closedToArrival } = row;
  return { id, name, roomTypes, startsOn, endsOn, minNights, maxNights, closedToArrival };
}

export async function listRateRules(db: Queryable): Promise<RateRule[]> {
  return (await db.selectFrom("rateRules").selectAll().orderBy("startsOn").orderBy("id").execute()).map(
    toRateRule,
  );
}

export async function listStayRules(db: Queryable): Promise<StayRule[]> {
  return (await db.selectFrom("stayRules").selectAll().orderBy("startsOn").orderBy("id").execute()).map(
    toStayRule,
  );
}

/** Everything a quote needs, read once per page or per write. */
export interface Pricing {
  rateRules: RateRule[];
  stayRules: StayRule[];
  taxes: TaxSettings;
}

export async function loadPricing(db: Queryable): Promise<Pricing> {
  const [rateRules, stayRules, settings] = await Promise.all([
    listRateRules(db),
    listStayRules(db),
    getLodgeSettings(db),
  ]);
  const { vatRegistered, vatRateBp, levyRateBp } = settings;
  return { rateRules, stayRules, taxes: { vatRegistered, vatRateBp, levyRateBp } };
}

/** A stay's quote for `rooms` rooms of one type at its base rate, with the taxes it contains. */
export interface PricedStay extends Quote {
  taxes: TaxLine[];
}

/** A room as it is priced: its type, base rate and (where the row has them) its occupancy. */
type PricedRoom = { type: string; price: number } & Partial<Occupancy>;

/**
 * The quote a stay keeps: its nights at the room's rates with the supplements of `guests` (the
 * rooms' covered adults together), and the taxes the total contains. Without guests: the
 * rates alone, as for guests the rates cover.
 */
export function priceStay(
  pricing: Pricing,
  room: PricedRoom,
  checkIn: string,
  checkOut: string,
  rooms = 1,
  guests?: Guests,
): PricedStay {
  const occupancy = occupancyOf(room);
  const base = quoteStay(room.price, pricing.rateRules, room.type, checkIn, checkOut, { occupancy });
  const rated = timesRooms(base, rooms);
  const quote = guests
    ? addSupplements(rated, base.rates ?? [], occupancy.coveredAdults * rooms, guests)
    : rated;
  return { ...quote, taxes: taxLines(quote.total, pricing.taxes) };
}

/** Quotes for many rooms of the same stay, the rules sorted once per room type. */
export function quoteRooms<R extends PricedRoom>(
  pricing: Pricing,
  rooms: readonly R[],
  checkIn: string,
  checkOut: string,
): Map<R, Quote & { rates?: NightRates[] }> {
  const sortedByType = new Map<string, RateRule[]>();
  const quotes = new Map<R, Quote & { rates?: NightRates[] }>();
  for (const room of rooms) {
    let sorted = sortedByType.get(room.type);
    if (!sorted) {
      sorted = rulesForType(pricing.rateRules, room.type);
      sortedByType.set(room.type, sorted);
    }
    quotes.set(
      room,
      quoteStay(room.price, sorted, room.type, checkIn, checkOut, {
        sorted: true,
        occupancy: occupancyOf(room),
      }),
    );
  }
  return quotes;
}

/** The taxes a venue's price contains: the levy only for 25 people or more. */
export function venueTaxes(taxes: TaxSettings, total: number, people: number): TaxLine[] {
  return taxLines(total, taxes, people >= LEVY_MIN_EVENT_PEOPLE);
}

/** Staff entering a stay that breaks a stay rule say why; the history keeps who and why. */
export interface StayRuleOverride {
  reason: string;
  staffAccountId: number;
}

/** The history's actor and note for a new stay: a staff override of a stay rule names who and why. */
export function overrideHistory(breach: string | null, override: StayRuleOverride | null | undefined) {
  if (!override) return { actor: "guest" as const };
  return {
    actor: "staff" as const,
    staffAccountId: override.staffAccountId,
    note: breach ? `Stay rule overridden (${breach}): ${override.reason}`.slice(0, 500) : null,
  };
}

// --- The prices a request keeps ----------------------------------------------------------------

export type RequestRef = { kind: RequestKind; id: string };

export function idColumn(kind: RequestKind) {
  return kind === "booking" ? "bookingId" : kind === "reservation" ? "reservationId" : "venueBookingId";
}

/** Stores a new request's nights and tax lines, in the transaction that inserts it. */
export async function keepPrices(
  trx: Transaction<Database>,
  request: RequestRef,
  nights: readonly QuotedNight[],
  taxes: readonly TaxLine[],
): Promise<void> {
  const column = idColumn(request.kind);
  if (nights.length > 0 && column !== "venueBookingId") {
    await trx
      .insertInto("requestNights")
      .values(
        nights.map(({ night, price, rule, supplement }) => ({
          [column]: request.id,
          night,
          price,
          rule,
          supplement: supplement ?? 0,
        })),
      )
      .execute();
  }
  if (taxes.length > 0) {
    await trx
      .insertInto("requestTaxLines")
      .values(taxes.map(({ kind, rateBp, amount }) => ({ [column]: request.id, kind, rateBp, amount })))
      .execute();
  }
}

/** A request's nights (stays only) and tax lines as kept. */
export async function getKeptPrices(db: Queryable, kind: RequestKind, id: string): Promise<KeptPrices> {
  const column = idColumn(kind);
  const [nights, taxes] = await Promise.all([
    column === "venueBookingId"
      ? Promise.resolve([])
      : db
          .selectFrom("requestNights")
          .select(["night", "price", "rule", "supplement"])
          .where(column, "=", id)
          .orderBy("night")
          .execute()
          // A night without supplements reads as a quote's does: no `supplement`.
          .then((rows) =>
            rows.map(({ supplement, ...night }) => (supplement > 0 ? { ...night, supplement } : night)),
          ),
    db
      .selectFrom("requestTaxLines")
      .select(["kind", "rateBp", "amount"])
      .where(column, "=", id)
      .orderBy("kind", "desc") // VAT before the levy
      .execute(),
  ]);
  return { nights, taxes };
}

// --- Managing the rules (manager, staff console) ----------------------------------------------
// Adding, changing and removing a rule never touches what a request keeps: its nights and tax
// lines are stored when it is made (keepPrices), so a later change of rules never reprices it.

export type NewRateRule = Omit<RateRule, "id">;
export type NewStayRule = Omit<StayRule, "id">;
export type RuleKind = "rate-rule" | "stay-rule";

function describeScope(rule: NewRateRule | NewStayRule): string {
  const types = rule.roomTypes.length > 0 ? rule.roomTypes.join(", ") : "all room types";
  return `'${rule.name}' ${rule.startsOn} to ${rule.endsOn}, ${types}`;
}

function describeRateRule(rule: NewRateRule): string {
  const days = rule.weekdays.length > 0 ? `, weekdays ${rule.weekdays.join(",")}` : "";
  const own = (value: number | null | undefined) => (value == null ? "room's" : formatKwacha(value));
  const supplements =
    rule.adultSupplement == null && rule.childSupplement == null
      ? ""
      : `, supplements adult ${own(rule.adultSupplement)} child ${own(rule.childSupplement)}`;
  return `${describeScope(rule)}${days}, ${rule.kind} ${rule.value}${supplements}`;
}

function describeStayRule(rule: NewStayRule): string {
  return `${describeScope(rule)}, min ${rule.minNights ?? "-"}, max ${rule.maxNights ?? "-"}, closed to arrival ${rule.closedToArrival.join(",") || "-"}`;
}

/** One rule as it is now, or undefined when there is none with that id. */
export async function getRateRule(db: Queryable, id: number): Promise<RateRule | undefined> {
  const row = await db.selectFrom("rateRules").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRateRule(row);
}

export async function getStayRule(db: Queryable, id: number): Promise<StayRule | undefined> {
  const row = await db.selectFrom("stayRules").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toStayRule(row);
}

export async function createRateRule(
  db: DB,
  rule: NewRateRule,
  staffAccountId: number | null,
): Promise<RateRule> {
  const [created] = await createRateRules(db, [rule], staffAccountId);
  return created!;
}

/** Several rate rules at once (a season's price per room type): all of them or none. */
export async function createRateRules(
  db: DB,
  rules: readonly NewRateRule[],
  staffAccountId: number | null,
): Promise<RateRule[]> {
  return db.transaction().execute(async (trx) => {
    const created: RateRule[] = [];
    for (const rule of rules) {
      const row = await trx
        .insertInto("rateRules")
        .values({ ...rule, staffAccountId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        staffAccountId,
        subject: "rates",
        subjectId: `rate-rule:${row.id}`,
        change: `Rate rule added: ${describeRateRule(rule)}`,
      });
      created.push(toRateRule(row));
    }
    return created;
  });
}

export async function createStayRule(
  db: DB,
  rule: NewStayRule,
  staffAccountId: number | null,
): Promise<StayRule> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("stayRules")
      .values({ ...rule, staffAccountId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      staffAccountId,
      subject: "rates",
      subjectId: `stay-rule:${row.id}`,
      change: `Stay rule added: ${describeStayRule(rule)}`,
    });
    return toStayRule(row);
  });
}

/**
 * Changes a rule in place (its id, so its place in the precedence, stays); the audit keeps what
 * it was and what it is. Undefined when the rule no longer exists.
 */
export async function updateRateRule(
  db: DB,
  id: number,
  rule: NewRateRule,
  staffAccountId: number | null,
): Promise<RateRule | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("rateRules")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const row = await trx
      .updateTable("rateRules")
      .set(rule)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      staffAccountId,
      subject: "rates",
      subjectId: `rate-rule:${id}`,
      change: `Rate rule changed: ${describeRateRule(rule)} (was ${describeRateRule(toRateRule(before))})`,
    });
    return toRateRule(row);
  });
}

export async function updateStayRule(
  db: DB,
  id: number,
  rule: NewStayRule,
  staffAccountId: number | null,
): Promise<StayRule | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("stayRules")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const row = await trx
      .updateTable("stayRules")
      .set(rule)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      staffAccountId,
      subject: "rates",
      subjectId: `stay-rule:${id}`,
      change: `Stay rule changed: ${describeStayRule(rule)} (was ${describeStayRule(toStayRule(before))})`,
    });
    return toStayRule(row);
  });
}

/** Removes a rule; requests already made keep their prices (they are stored, not derived). */
export async function deleteRule(
  db: DB,
  kind: RuleKind,
  id: number,
  staffAccountId: number | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const table = kind === "rate-rule" ? "rateRules" : "stayRules";
    const row = await trx.deleteFrom(table).where("id", "=", id).returning(["name"]).executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, {
      staffAccountId,
      subject: "rates",
      subjectId: `${kind}:${id}`,
      change: `${kind === "rate-rule" ? "Rate" : "Stay"} rule removed: '${row.name}'`,
    });
    return true;
  });
}

// --- Quotes for the public room lists ------------------------------------------------------------

/**
 * Rooms with their quote for a stay (the dialog, /booking, /reservation: decisions.md 31), and the
 * stay rules to show beside the dates. One read of the rules for the whole list.
 */
export async function quoteRoomList<R extends PricedRoom>(
  db: Queryable,
  rooms: readonly R[],
  stay: { checkIn: string; checkOut: string; chosen: boolean },
  roomType: string | null,
): Promise<{ rooms: (R & { quote: ListedQuote })[]; stayRuleHints: string[] }> {
  const pricing = await loadPricing(db);
  const quotes = quoteRooms(pricing, rooms, stay.checkIn, stay.checkOut);
  return {
    rooms: rooms.map((room) => ({
      ...room,
      quote: listedQuote(quotes.get(room)!, room, stay.checkIn, stay.checkOut),
    })),
    stayRuleHints: stayRuleHints(pricing.stayRules, roomType, stay, lodgeToday()),
  };
}

/** Each request's total and the tax lines it contains, by 'kind:id' (the staff CSV). */
export async function billsFor(
  db: Queryable,
  requests: readonly { kind: string; id: string }[],
): Promise<Map<string, { total: number; vat: number | null; levy: number | null }>> {
  const bills = new Map<string, { total: number; vat: number | null; levy: number | null }>();
  const kinds = [
    ["booking", "bookings", "bookingId"],
    ["reservation", "reservations", "reservationId"],
    ["venue-booking", "venueBookings", "venueBookingId"],
  ] as const;
  for (const [kind, table, column] of kinds) {
    const ids = requests.filter((request) => request.kind === kind).map((request) => request.id);
    if (ids.length === 0) continue;
    const [totals, lines] = await Promise.all([
      db.selectFrom(table).select(["id", "totalPrice"]).where("id", "in", ids).execute(),
      db.selectFrom("requestTaxLines").select([column, "kind", "amount"]).where(column, "in", ids).execute(),
    ]);
    for (const row of totals)
      bills.set(`${kind}:${row.id}`, { total: row.totalPrice, vat: null, levy: null });
    for (const line of lines) {
      const bill = bills.get(`${kind}:${String(line[column])}`);
      if (bill) bill[line.kind] = line.amount;
    }
  }
  return bills;
}

// --- Occupancy: what a room type's rate covers (ADR 0031) -----------------------------------------

export interface TypeOccupancy extends Occupancy {
  type: string;
}

/** Each room type's occupancy, by type (its first room's: the form sets every room of a type alike). */
export async function listTypeOccupancy(db: Queryable): Promise<TypeOccupancy[]> {
  const rows = await db
    .selectFrom("rooms")
    .select(["type", "coveredAdults", "adultSupplement", "childSupplement"])
    .orderBy("type")
    .orderBy("id")
    .execute();
  const byType = new Map<string, TypeOccupancy>();
  for (const row of rows) if (!byType.has(row.type)) byType.set(row.type, row);
  return [...byType.values()];
}

function describeOccupancy(occupancy: Occupancy): string {
  return `${occupancy.coveredAdults} adults covered, extra adult ${formatKwacha(occupancy.adultSupplement)}, child ${formatKwacha(occupancy.childSupplement)}`;
}

/**
 * Sets what every room of a type covers and its supplements; the number of rooms changed (0: no
 * such type). Stays already made keep their prices: their nights are kept, not derived.
 */
export async function setTypeOccupancy(
  db: DB,
  type: string,
  occupancy: Occupancy,
  staffAccountId: number | null,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { coveredAdults, adultSupplement, childSupplement } = occupancy;
    const result = await trx
      .updateTable("rooms")
      .set({ coveredAdults, adultSupplement, childSupplement })
      .where("type", "=", type)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed > 0) {
      await recordAudit(trx, {
        staffAccountId,
        subject: "rates",
        subjectId: `occupancy:${type}`.slice(0, 100),
        change: `Occupancy of ${type}: ${describeOccupancy(occupancy)}`,
      });
    }
    return changed;
  });
}
