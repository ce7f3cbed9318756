import type { Transaction } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";
import type { Booking, Database, Reservation, Room } from "~/shared/db/schema.ts";
import { formatDisplayDate, nightsBetween, stayNights } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { isRoomAlreadyHeld } from "~/shared/db/database-errors.server.ts";
import { toIntegerId } from "~/shared/db/ids.ts";
import { getKeptPrices, loadPricing, priceStay } from "~/features/pricing/rates.server.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { bookRoom } from "~/features/stays/rooms.server.ts";
import { insideTransaction } from "~/features/staff/staff-submissions.server.ts";
import { bookingFacts, reservationFacts } from "~/features/requests/request-mails.server.ts";
import { recordHistory } from "~/features/requests/request-history.server.ts";
import type { ChangeActor, StayKind } from "~/features/requests/request-status.server.ts";
import { roomLabel } from "~/features/requests/room-label.ts";

// Changes during a stay (decisions.md 38, ADR 0027): a move to another room, an extension, a
// shortening. Each is one transaction: the stay's row locked, its room or dates changed (the
// ledger's trigger moves its hold, the exclusion constraint refuses a night another holds), its
// kept nights and tax lines following, a history entry, and the guest's mail in the outbox.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLES = { booking: "bookings", reservation: "reservations" } as const;
/** The statuses a desk change applies to: the stay holds its room and its deposit is not under way. */
const CHANGEABLE = new Set(["Pending", "Confirmed", "Checked in"]);

type Trx = Transaction<Database>;
type StayRow = Booking | Reservation;

export type StayChangeResult =
  | { kind: "changed"; summary: string }
  | { kind: "not-found" }
  /** The stay no longer holds a room (cancelled, checked out…): there is nothing to change. */
  | { kind: "not-holding" }
  /** Another stay, closure or channel holds the room for one of the nights. */
  | { kind: "taken" }
  /** The change asked for does not fit the stay: why, in staff's words. */
  | { kind: "refused"; message: string };

const refused = (message: string) => ({ kind: "refused", message }) as const;

/**
 * The frame every change shares: the stay locked, a change that holds its room, the change
 * itself, its history entry and the guest's mail, or nothing if the database refuses a night.
 */
async function changeStay(
  db: DB,
  kind: StayKind,
  id: string,
  by: ChangeActor,
  change: (trx: Trx, stay: StayRow) => Promise<StayChangeResult>,
): Promise<StayChangeResult> {
  if (!UUID.test(id)) return { kind: "not-found" };
  try {
    return await db.transaction().execute(async (trx) => {
      const stay = await trx
        .selectFrom(TABLES[kind])
        .selectAll()
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!stay) return { kind: "not-found" } as const;
      if (!CHANGEABLE.has(stay.status)) return { kind: "not-holding" } as const;
      const result = await change(trx, stay as StayRow);
      if (result.kind !== "changed") return result;
      await recordHistory(trx, {
        requestKind: kind,
        requestId: id,
        fromStatus: stay.status,
        toStatus: stay.status,
        actor: by.actor,
        staffAccountId: by.staffAccountId,
        note: by.note ?? result.summary,
      });
      await mailStayChanged(trx, kind, id, result.summary);
      return result;
    });
  } catch (error) {
    if (isRoomAlreadyHeld(error)) return { kind: "taken" };
    throw error;
  }
}

/** The guest hears of the change (where they gave an address), with the stay as it now is. */
async function mailStayChanged(trx: Trx, kind: StayKind, id: string, change: string): Promise<void> {
  const row = await trx.selectFrom(TABLES[kind]).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  if (!row.email) return;
  const facts = kind === "booking" ? bookingFacts(row as Booking) : reservationFacts(row as Reservation);
  const { nights, taxes } = await getKeptPrices(trx, kind, id);
  const sent = await trx
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("requestKind", "=", kind)
    .where("requestId", "=", id)
    .where("audience", "=", "guest")
    .executeTakeFirstOrThrow();
  await enqueueMail(trx, {
    audience: "guest",
    recipient: row.email,
    payload: {
      template: "stay-changed",
      request: { ...facts, bill: { nights: nights.map(({ night, price }) => ({ night, price })), taxes } },
      change,
      sequence: Number(sent.n),
    },
    request: { kind, id },
  });
}

/**
 * Replaces the kept nights from `from` on with `nights` (none: they are released), and keeps the
 * stay's total and its tax lines (at the rates it was sold with) equal to the nights' sum.
 */
async function rewriteNights(
  trx: Trx,
  kind: StayKind,
  id: string,
  from: string,
  nights: readonly { night: string; price: number; rule: string | null; supplement?: number }[],
): Promise<{ before: number; after: number }> {
  const column = kind === "booking" ? "bookingId" : "reservationId";
  const { totalPrice: before } = await trx
    .selectFrom(TABLES[kind])
    .select("totalPrice")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom("requestNights").where(column, "=", id).where("night", ">=", from).execute();
  if (nights.length > 0) {
    await trx
      .insertInto("requestNights")
      .values(
        nights.map(({ night, price, rule, supplement }) => ({
          [column]: id,
          night,
          price,
          rule,
          supplement: supplement ?? 0,
        })),
      )
      .execute();
  }
  const kept = await trx
    .selectFrom("requestNights")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("price"), eb.val("0")).as("sum"))
    .where(column, "=", id)
    .executeTakeFirstOrThrow();
  const after = Number(kept.sum);
  await trx.updateTable(TABLES[kind]).set({ totalPrice: after }).where("id", "=", id).execute();
  const lines = await trx
    .selectFrom("requestTaxLines")
    .select(["id", "rateBp"])
    .where(column, "=", id)
    .execute();
  const sumBp = lines.reduce((sum, line) => sum + line.rateBp, 0);
  for (const line of lines) {
    await trx
      .updateTable("requestTaxLines")
      .set({ amount: Math.round((after * line.rateBp) / (10_000 + sumBp)) })
      .where("id", "=", line.id)
      .execute();
  }
  return { before, after };
}

function roomCountOf(stay: StayRow): number {
  return "roomCount" in stay ? stay.roomCount : 1;
}

/** The stay's guests: repriced nights carry their supplements as the booked ones did (ADR 0031). */
function guestsOf(stay: StayRow): { adults: number; children: number } {
  return { adults: stay.adults, children: stay.children };
}

function priceText({ before, after }: { before: number; after: number }): string {
  return before === after ? "" : ` Total ${formatKwacha(before)} → ${formatKwacha(after)}.`;
}

/**
 * Moves a stay to another room: an in-house guest from tonight (the nights already spent stay
 * with the room left, which is free again from tonight), a stay not yet begun for all its nights.
 * `keepPrice`: the nights keep what they were sold at; otherwise the nights in the new room are
 * priced at its rates today.
 */
export function moveStayRoom(
  db: DB,
  kind: StayKind,
  id: string,
  move: { roomId: string | number; keepPrice: boolean; today: string },
  by: ChangeActor,
): Promise<StayChangeResult> {
  const targetId = toIntegerId(move.roomId);
  if (targetId === undefined) return Promise.resolve({ kind: "not-found" });
  return changeStay(db, kind, id, by, async (trx, stay) => {
    const room = await trx.selectFrom("rooms").selectAll().where("id", "=", targetId).executeTakeFirst();
    if (!room) return { kind: "not-found" };
    if (room.id === stay.roomId) return refused(`This stay is already in room ${room.roomNumber}.`);
    const { until } = stayNights(stay.checkIn, stay.checkOut);
    const inHouse = stay.status === "Checked in" && move.today > stay.checkIn;
    const from = inHouse ? move.today : stay.checkIn;
    if (from >= until) return refused("This stay has no nights left to move.");
    let prices = { before: stay.totalPrice, after: stay.totalPrice };
    if (!move.keepPrice) {
      const quote = priceStay(await loadPricing(trx), room, from, until, roomCountOf(stay), guestsOf(stay));
      prices = await rewriteNights(trx, kind, id, from, quote.nights);
    }
    // The nights already spent stay with the room left: the board draws them there.
    const leftFrom = stay.roomFrom ?? stay.checkIn;
    if (inHouse && leftFrom < from) {
      await trx
        .insertInto("stayRooms")
        .values({
          bookingId: kind === "booking" ? id : null,
          reservationId: kind === "reservation" ? id : null,
          roomId: stay.roomId,
          roomNumber: stay.roomNumber,
          startsOn: leftFrom,
          endsOn: from,
        })
        .execute();
    }
    const nightly = move.keepPrice ? stay.price : room.price * roomCountOf(stay);
    await trx
      .updateTable(TABLES[kind])
      .set({
        roomId: room.id,
        roomNumber: room.roomNumber,
        roomType: room.type,
        roomFrom: inHouse ? from : null,
        ...(move.keepPrice || inHouse ? {} : { price: nightly }),
        ...(kind === "booking"
          ? { selectedRoom: roomLabel({ ...room, price: inHouse ? stay.price : nightly }) }
          : {}),
      })
      .where("id", "=", id)
      .execute();
    const when = inHouse ? ` from the night of ${formatDisplayDate(from)}` : "";
    const how = move.keepPrice ? "price kept" : `at room ${room.roomNumber}'s prices`;
    return {
      kind: "changed",
      summary: `Moved from room ${stay.roomNumber} to room ${room.roomNumber}${when}, ${how}.${priceText(prices)}`,
    };
  });
}

/**
 * Extends a stay in its own room to a later check-out: the extra nights are priced at the room's
 * rates today. Refused (`taken`) when another holds the room for one of them.
 */
export function extendStay(
  db: DB,
  kind: StayKind,
  id: string,
  checkOut: string,
  by: ChangeActor,
): Promise<StayChangeResult> {
  return changeStay(db, kind, id, by, async (trx, stay) => {
    const { until } = stayNights(stay.checkIn, stay.checkOut);
    if (checkOut <= until)
      return refused(`Choose a check-out after ${formatDisplayDate(until)} to extend this stay.`);
    await trx.updateTable(TABLES[kind]).set({ checkOut }).where("id", "=", id).execute();
    const room = await currentRoom(trx, stay);
    const quote = priceStay(await loadPricing(trx), room, until, checkOut, roomCountOf(stay), guestsOf(stay));
    const prices = await rewriteNights(trx, kind, id, until, quote.nights);
    const added = nightsBetween(until, checkOut);
    return {
      kind: "changed",
      summary: `Extended by ${added} ${added === 1 ? "night" : "nights"} in room ${stay.roomNumber}: check-out ${formatDisplayDate(stay.checkOut)} → ${formatDisplayDate(checkOut)}.${priceText(prices)}`,
    };
  });
}

function currentRoom(
  trx: Trx,
  stay: StayRow,
): Promise<Pick<Room, "type" | "price" | "coveredAdults" | "adultSupplement" | "childSupplement">> {
  return trx
    .selectFrom("rooms")
    .select(["type", "price", "coveredAdults", "adultSupplement", "childSupplement"])
    .where("id", "=", stay.roomId)
    .executeTakeFirstOrThrow();
}

/**
 * Extends a stay whose room is taken for the extra nights into another room: a room booking of
 * its own for those nights, for the same guest, priced at that room's rates today, named in the
 * stay's history (the guest is told of both). Nothing is written when the room is not free.
 */
export function extendIntoRoom(
  db: DB,
  kind: StayKind,
  id: string,
  extension: { roomId: string | number; checkOut: string; staffAccountId: number },
): Promise<StayChangeResult> {
  const by = { actor: "staff" as const, staffAccountId: extension.staffAccountId };
  return changeStay(db, kind, id, by, async (trx, stay) => {
    const { until } = stayNights(stay.checkIn, stay.checkOut);
    if (extension.checkOut <= until)
      return refused(`Choose a check-out after ${formatDisplayDate(until)} to extend this stay.`);
    // Its own savepoint: a room just taken leaves this transaction usable, to answer so.
    const booked = await bookRoom(insideTransaction(trx), {
      roomId: extension.roomId,
      checkIn: until,
      checkOut: extension.checkOut,
      name: stay.name,
      email: stay.email,
      phone: stay.phone,
      paymentMethod: stay.paymentMethod,
      adults: stay.adults,
      children: stay.children,
      message: `Continues ${stay.reference} (room ${stay.roomNumber}).`,
      submissionId: null,
      channel: stay.channel,
      by: { actor: "staff", staffAccountId: extension.staffAccountId },
      stayRuleOverride: {
        reason: `Extension of ${stay.reference}`,
        staffAccountId: extension.staffAccountId,
      },
    });
    if (booked.kind === "taken") return { kind: "taken" };
    if (booked.kind !== "booked") return { kind: "not-found" };
    return {
      kind: "changed",
      summary: `Extended to ${formatDisplayDate(extension.checkOut)} in room ${booked.booking.roomNumber} (booking ${booked.booking.reference} from ${formatDisplayDate(until)}): room ${stay.roomNumber} is taken those nights.`,
    };
  });
}

/**
 * Shortens a stay to an earlier check-out (`today` for a guest leaving early): the nights from
 * then on are released at once and come off the bill at the prices they were sold at. Nights
 * already past cannot be given back.
 */
export function shortenStay(
  db: DB,
  kind: StayKind,
  id: string,
  change: { checkOut: string; today: string },
  by: ChangeActor,
): Promise<StayChangeResult> {
  return changeStay(db, kind, id, by, async (trx, stay) => {
    const { checkOut, today } = change;
    const { until } = stayNights(stay.checkIn, stay.checkOut);
    if (checkOut >= until)
      return refused(`Choose a check-out before ${formatDisplayDate(until)} to shorten this stay.`);
    if (checkOut <= stay.checkIn)
      return refused(
        `A stay keeps at least its first night: choose a check-out after ${formatDisplayDate(stay.checkIn)}.`,
      );
    if (stay.roomFrom && checkOut <= stay.roomFrom)
      return refused(
        `This stay is in room ${stay.roomNumber} from ${formatDisplayDate(stay.roomFrom)}: choose a check-out after that day, or check the guest out.`,
      );
    if (checkOut < today)
      return refused(`Nights already past cannot be released: choose ${formatDisplayDate(today)} or later.`);
    await trx.updateTable(TABLES[kind]).set({ checkOut }).where("id", "=", id).execute();
    const prices = await rewriteNights(trx, kind, id, checkOut, []);
    const released = nightsBetween(checkOut, until);
    const early = stay.status === "Checked in" && checkOut === today ? "Leaving early" : "Shortened";
    return {
      kind: "changed",
      summary: `${early}: check-out ${formatDisplayDate(stay.checkOut)} → ${formatDisplayDate(checkOut)}, ${released} ${released === 1 ? "night" : "nights"} released.${priceText(prices)}`,
    };
  });
}

/** The first night an extension adds: the stay's own check-out (a same-day stay holds one night). */
export function extensionStart(stay: { checkIn: string; checkOut: string }): string {
  return stayNights(stay.checkIn, stay.checkOut).until;
}
