import type { DB } from "../../shared/db/client.server.ts";
import { isRoomAlreadyHeld } from "../../shared/db/database-errors.server.ts";
import { saveOnce, type RequestAuthor, type Saved } from "../requests/guest-requests.server.ts";
import { awaitingPaymentColumns, onlineDepositTerms } from "../payments/online-payments.server.ts";
import { enqueueNewRequestMails, reservationFacts } from "../requests/request-mails.server.ts";
import { keepGuestExtras } from "../extras/extras.server.ts";
import { recordHistory } from "../requests/request-history.server.ts";
import {
  keepPrices,
  loadPricing,
  overrideHistory,
  priceStay,
  type StayRuleOverride,
} from "../pricing/rates.server.ts";
import type { NewReservation, Reservation } from "../../shared/db/schema.ts";
import { stayRuleBreach } from "~/features/pricing/rates.ts";

/**
 * Every Reservation field but what the database and this function fill in (the price is the
 * room's rate and the rules in force: decisions.md 31). `source` tells /booking's reservation tab
 * from the /reservation page. `stayRuleOverride` is a staff member's reason for entering a stay
 * that breaks a stay rule; it is recorded in the history.
 */
export type ReservationRequest = Omit<
  NewReservation,
  | "id"
  | "reference"
  | "status"
  | "price"
  | "totalPrice"
  | "paymentDueBy"
  | "paymentExpiredAt"
  | "payTokenHash"
  | "depositAmount"
> & {
  status?: NewReservation["status"];
  stayRuleOverride?: StayRuleOverride | null;
  /**
   * The guest pays the deposit online, as for a room booking (rooms.server.ts `payOnline`, ADR
   * 0018): when the manager's policy asks a deposit, the reservation is stored `Awaiting payment`
   * with the hash of its payment link's token, and its mails wait for the payment.
   */
  payOnline?: { tokenHash: string } | null;
  /** Extras chosen from the catalogue, kept with the reservation (every room of it). */
  extraIds?: readonly number[];
};

export type ReservationResult =
  | ({ kind: "saved" } & Saved<Reservation>)
  /** Another stay (or an out-of-service period) holds the room for one of these nights. */
  | { kind: "taken" }
  /** The stay breaks the stay rule in force on its arrival night: the message says which. */
  | { kind: "stay-rule"; message: string }
  | { kind: "unknown-room" };

/**
 * Saves one reservation record with its own id (decisions.md 9; status Pending unless given),
 * once per submission id. A Pending reservation holds its room (decisions.md 23): its insert
 * writes the held nights to the ledger, whose exclusion constraint refuses an overlap.
 */
type Refusal = { kind: "stay-rule"; message: string } | { kind: "unknown-room" };

export async function insertReservation(
  db: DB,
  row: ReservationRequest,
  by: RequestAuthor = { actor: "guest" },
): Promise<ReservationResult> {
  const find = (submissionId: string) =>
    db.selectFrom("reservations").selectAll().where("submissionId", "=", submissionId).executeTakeFirst();
  try {
    const { stayRuleOverride, payOnline, extraIds, ...values } = row;
    const saved = await saveOnce<Reservation | Refusal>(row.submissionId, find, (reference) =>
      db.transaction().execute(async (trx) => {
        // The room's rate, the rules and the taxes are read in the transaction that keeps them.
        const room = await trx
          .selectFrom("rooms")
          .select(["type", "price", "coveredAdults", "adultSupplement", "childSupplement"])
          .where("id", "=", row.roomId)
          .executeTakeFirst();
        if (!room) return { kind: "unknown-room" } as const;
        const pricing = await loadPricing(trx);
        const breach = stayRuleBreach(pricing.stayRules, room.type, row.checkIn, row.checkOut);
        if (breach && !stayRuleOverride) return { kind: "stay-rule", message: breach } as const;
        const guests = { adults: row.adults, children: row.children };
        const priced = priceStay(pricing, room, row.checkIn, row.checkOut, row.roomCount, guests);
        // The deposit on the stay's first night and total (every room of it), as for a booking.
        const deposit = payOnline
          ? await onlineDepositTerms(trx, { firstNightRate: priced.nights[0]!.price, total: priced.total })
          : null;
        const reservation = await trx
          .insertInto("reservations")
          .values({
            status: "Pending",
            ...values,
            // `price` is the first night's rate of one room, the specification's field (decisions.md 31).
            // With supplements for the party the share may be a fraction: whole kwacha, as every price.
            price: Math.round(priced.nights[0]!.price / row.roomCount),
            totalPrice: priced.total,
            reference,
            ...(deposit && payOnline ? awaitingPaymentColumns(deposit, payOnline.tokenHash) : {}),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await keepPrices(trx, { kind: "reservation", id: reservation.id }, priced.nights, priced.taxes);
        await keepGuestExtras(
          trx,
          { kind: "reservation", id: reservation.id },
          extraIds ?? [],
          { checkIn: row.checkIn, checkOut: row.checkOut, guests: row.numberOfPeople },
          pricing.taxes,
        );
        await recordHistory(trx, {
          requestKind: "reservation",
          requestId: reservation.id,
          fromStatus: null,
          toStatus: reservation.status,
          ...(stayRuleOverride ? overrideHistory(breach, stayRuleOverride) : by),
        });
        // A reservation awaiting its deposit writes its mails when the payment confirms it.
        if (reservation.status !== "Awaiting payment") {
          await enqueueNewRequestMails(trx, reservationFacts(reservation));
        }
        return reservation;
      }),
    );
    if ("kind" in saved.record) return saved.record;
    return { kind: "saved", record: saved.record, repeated: saved.repeated };
  } catch (error) {
    if (!isRoomAlreadyHeld(error)) throw error;
    const existing = row.submissionId ? await find(row.submissionId) : undefined;
    return existing ? { kind: "saved", record: existing, repeated: true } : { kind: "taken" };
  }
}
