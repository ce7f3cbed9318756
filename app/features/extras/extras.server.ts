// The catalogue of extras and the charges on a bill (decisions.md 38, ADR 0028). Every write is
// one statement or runs in the caller's transaction; the database keeps the rules (a charge names
// exactly one request, its amount is its unit price × quantity, a void has its reason).
import { NGWEE_PER_KWACHA } from "~/shared/money.ts";
import { sql, type Transaction } from "kysely";
import type { ExtraCharge } from "~/features/pricing/folio.ts";
import type { TaxSettings } from "~/features/pricing/rates.ts";
import { getLodgeSettings } from "~/features/pricing/lodge-settings.server.ts";
import type { DB } from "../../shared/db/client.server.ts";
import type { Database, ExtraRow, FolioChargeRow } from "../../shared/db/schema.ts";
import { LODGE_TIME_ZONE, nightsBetween } from "../../shared/dates.ts";
import {
  chargeLabel,
  chargeTaxLines,
  extraQuantity,
  priceCharge,
  type ChargeLine,
  type PricedExtra,
} from "./extra-pricing.ts";

type Queryable = DB | Transaction<Database>;

/** A request that takes charges: a room booking, a reservation or a venue booking. */
export interface ChargedRequest {
  kind: "booking" | "reservation" | "venue-booking";
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idColumn(kind: ChargedRequest["kind"]) {
  return kind === "booking" ? "bookingId" : kind === "reservation" ? "reservationId" : "venueBookingId";
}

// --- The catalogue ---------------------------------------------------------------------------

/** The catalogue, by name; `activeOnly` for what guests and the desk may choose. */
export function listExtras(db: Queryable, { activeOnly = false } = {}): Promise<ExtraRow[]> {
  let query = db.selectFrom("extras").selectAll().orderBy("name");
  if (activeOnly) query = query.where("active", "=", true);
  return query.execute();
}

export interface ExtraInput {
  name: string;
  /** Whole kwacha, taxes included. */
  price: number;
  basis: ExtraRow["basis"];
  taxCategory: ExtraRow["taxCategory"];
  active: boolean;
}

function extraValues(input: ExtraInput) {
  return {
    name: input.name,
    priceNgwee: input.price * NGWEE_PER_KWACHA,
    basis: input.basis,
    taxCategory: input.taxCategory,
    active: input.active,
  };
}

/** Adds an extra; undefined when one of that name exists (the unique name refuses it). */
export async function createExtra(db: Queryable, input: ExtraInput): Promise<ExtraRow | undefined> {
  return db
    .insertInto("extras")
    .values(extraValues(input))
    .onConflict((conflict) => conflict.column("name").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Changes an extra; what was already sold keeps its price. Undefined when there is no such extra;
 * a name another extra has is refused by the database (23505), answered by the caller.
 */
export async function updateExtra(
  db: Queryable,
  id: number,
  input: ExtraInput,
): Promise<ExtraRow | undefined> {
  return db
    .updateTable("extras")
    .set(extraValues(input))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

function pricedExtra(row: ExtraRow): PricedExtra {
  return {
    id: row.id,
    name: row.name,
    priceNgwee: row.priceNgwee,
    basis: row.basis,
    taxCategory: row.taxCategory,
  };
}

// --- Charges on a bill -------------------------------------------------------------------------

function chargeRow(request: ChargedRequest, extraId: number, line: ChargeLine) {
  return {
    bookingId: request.kind === "booking" ? request.id : null,
    reservationId: request.kind === "reservation" ? request.id : null,
    venueBookingId: request.kind === "venue-booking" ? request.id : null,
    extraId,
    ...line,
  };
}

/**
 * Keeps the extras a guest chose with a new stay, at the catalogue's prices and the tax settings
 * of the moment, in the transaction that inserts the stay. Unknown or inactive extras are left
 * out (the form listed only active ones; one switched off meanwhile is not sold).
 */
export async function keepGuestExtras(
  trx: Queryable,
  request: ChargedRequest,
  extraIds: readonly number[],
  stay: { checkIn: string; checkOut: string; guests: number },
  taxes: TaxSettings,
): Promise<ChargeLine[]> {
  if (extraIds.length === 0) return [];
  const extras = await trx
    .selectFrom("extras")
    .selectAll()
    .where("id", "in", [...extraIds])
    .where("active", "=", true)
    .orderBy("name")
    .execute();
  // Per night is per night of the stay, whatever its rooms; per person counts every guest.
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const lines = extras.map((extra) => ({
    extra,
    line: priceCharge(pricedExtra(extra), extraQuantity(extra.basis, { nights, guests: stay.guests }), taxes),
  }));
  if (lines.length > 0) {
    await trx
      .insertInto("folioCharges")
      .values(
        lines.map(({ extra, line }) => ({ ...chargeRow(request, extra.id, line), source: "guest" as const })),
      )
      .execute();
  }
  return lines.map(({ line }) => line);
}

/** What a posted charge may be refused for. */
export type PostChargeRefusal = "no-extra" | "not-in-house";

/**
 * Posts a charge from the catalogue to an in-house stay (checked in) or a confirmed venue
 * booking. One statement: the insert happens only if the request is in that state at that moment.
 * Without a quantity, the extra is counted over the stay (its nights and guests; 1 per item).
 */
export async function postCharge(
  db: Queryable,
  request: ChargedRequest,
  entry: { extraId: number; quantity?: number; note?: string },
  staffAccountId: number,
): Promise<FolioChargeRow | PostChargeRefusal> {
  const extra = await db
    .selectFrom("extras")
    .selectAll()
    .where("id", "=", entry.extraId)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!extra) return "no-extra";
  if (!UUID.test(request.id)) return "not-in-house";
  const counts = await countsOf(db, request);
  if (!counts) return "not-in-house";
  const quantity = entry.quantity ?? extraQuantity(extra.basis, counts);
  const line = priceCharge(pricedExtra(extra), quantity, await getLodgeSettings(db));
  const table =
    request.kind === "booking"
      ? "bookings"
      : request.kind === "reservation"
        ? "reservations"
        : "venue_bookings";
  const status = request.kind === "venue-booking" ? "Confirmed" : "Checked in";
  const column = {
    booking: "booking_id",
    reservation: "reservation_id",
    "venue-booking": "venue_booking_id",
  }[request.kind];
  // Inserted only while the request is in house: a stay checked out meanwhile takes no charge.
  const inserted = await sql<{ id: string }>`
    insert into folio_charges (${sql.id(column)}, extra_id, name, basis, tax_category,
      unit_price_ngwee, quantity, amount_ngwee, vat_rate_bp, vat_ngwee, levy_rate_bp, levy_ngwee,
      source, note, staff_account_id)
    select r.id, ${extra.id}::integer, ${line.name}::text, ${line.basis}::text, ${line.taxCategory}::text,
      ${line.unitPriceNgwee}::integer, ${line.quantity}::integer, ${line.amountNgwee}::integer,
      ${line.vatRateBp}::integer, ${line.vatNgwee}::integer, ${line.levyRateBp}::integer,
      ${line.levyNgwee}::integer, 'staff', ${entry.note ?? null}::text, ${staffAccountId}::integer
    from ${sql.table(table)} r where r.id = ${request.id}::uuid and r.status = ${status}
    returning id`.execute(db);
  const id = inserted.rows[0]?.id;
  const row =
    id === undefined
      ? undefined
      : await db.selectFrom("folioCharges").selectAll().where("id", "=", id).executeTakeFirst();
  return row ?? "not-in-house";
}

/** The nights and guests a charge is counted over, or undefined for no such request. */
async function countsOf(db: Queryable, request: ChargedRequest) {
  if (request.kind === "venue-booking") {
    const row = await db
      .selectFrom("venueBookings")
      .select("numberOfPeople")
      .where("id", "=", request.id)
      .executeTakeFirst();
    return row && { nights: 1, guests: row.numberOfPeople };
  }
  const row = await db
    .selectFrom(request.kind === "booking" ? "bookings" : "reservations")
    .select(["checkIn", "checkOut", "adults", "children"])
    .where("id", "=", request.id)
    .executeTakeFirst();
  return row && { nights: nightsBetween(row.checkIn, row.checkOut), guests: row.adults + row.children };
}

/**
 * Voids a charge on this request, with the reason; the row stays (the history and the charge
 * itself say who and why). Undefined when there is no such charge standing on it.
 */
export async function voidCharge(
  db: Queryable,
  request: ChargedRequest,
  chargeId: string,
  reason: string,
  staffAccountId: number,
): Promise<FolioChargeRow | undefined> {
  return db
    .updateTable("folioCharges")
    .set({ voidedAt: sql<Date>`now()`, voidReason: reason, voidedBy: staffAccountId })
    .where("id", "=", chargeId)
    .where(idColumn(request.kind), "=", request.id)
    .where("voidedAt", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** A request's charges, voided ones included, oldest first. */
export function listCharges(db: Queryable, request: ChargedRequest): Promise<FolioChargeRow[]> {
  if (!UUID.test(request.id)) return Promise.resolve([]);
  return db
    .selectFrom("folioCharges")
    .selectAll()
    .where(idColumn(request.kind), "=", request.id)
    .orderBy("postedAt")
    .orderBy("id")
    .execute();
}

/** The standing charges as the folio counts them (app/features/pricing/folio.ts). */
export function extraChargesOf(rows: readonly FolioChargeRow[]): ExtraCharge[] {
  return rows
    .filter((row) => row.voidedAt === null)
    .map((row) => ({
      label: chargeLabel(row),
      detail: null,
      amount: row.amountNgwee / NGWEE_PER_KWACHA,
      taxes: chargeTaxLines(row),
    }));
}

/** A request's standing charges for its folio. */
export async function loadExtraCharges(db: Queryable, request: ChargedRequest): Promise<ExtraCharge[]> {
  return extraChargesOf(await listCharges(db, request));
}

// --- Reports -----------------------------------------------------------------------------------

export interface ExtrasRevenueRow {
  taxCategory: ExtraRow["taxCategory"];
  lines: number;
  /** Kwacha, taxes included, and the taxes contained. */
  revenue: number;
  vat: number;
  levy: number;
}

/**
 * Extras and charges by tax category for the nights `from` (inclusive) to `until` (exclusive):
 * a guest's extras on the stay's arrival day (or the event's), a charge posted at the desk on the
 * lodge day it was posted. Voided lines and requests cancelled, declined, not shown or still
 * awaiting their deposit do not count, as for room revenue.
 */
export async function extrasRevenueByCategory(
  db: Queryable,
  range: { from: string; until: string },
): Promise<ExtrasRevenueRow[]> {
  const { rows } = await sql<{
    taxCategory: ExtraRow["taxCategory"];
    lines: string | number;
    revenue: string | number;
    vat: string | number;
    levy: string | number;
  }>`
    select fc.tax_category, count(*) as lines, sum(fc.amount_ngwee) as revenue,
           sum(fc.vat_ngwee) as vat, sum(fc.levy_ngwee) as levy
      from folio_charges fc
      left join bookings b on b.id = fc.booking_id
      left join reservations r on r.id = fc.reservation_id
      left join venue_bookings v on v.id = fc.venue_booking_id
     where fc.voided_at is null
       and coalesce(b.status, r.status, v.status) not in ('Cancelled', 'Declined', 'No-show', 'Awaiting payment')
       and (case when fc.source = 'guest' then coalesce(b.check_in, r.check_in, v.booking_date)
                 else (fc.posted_at at time zone ${LODGE_TIME_ZONE})::date end)
           between ${range.from}::date and ${range.until}::date - 1
     group by fc.tax_category
     order by fc.tax_category`.execute(db);
  return rows.map((row) => ({
    taxCategory: row.taxCategory,
    lines: Number(row.lines),
    revenue: Number(row.revenue) / NGWEE_PER_KWACHA,
    vat: Number(row.vat) / NGWEE_PER_KWACHA,
    levy: Number(row.levy) / NGWEE_PER_KWACHA,
  }));
}
