import { data } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { recordDeskPayment } from "~/features/payments/folios.server.ts";
import { balanceDue } from "./folio-balance.server.ts";
import { markMessageHandled } from "~/features/desk/inbox.server.ts";
import { formatKwacha } from "~/shared/money.ts";
import { parseLedgerEntryForm } from "~/features/desk/desk-schema.ts";
import { formDataToObject } from "~/shared/forms/form-data.ts";
import {
  changeStayStatus,
  changeVenueBookingStatus,
  readStayDates,
} from "~/features/requests/request-status.server.ts";
import { canChangeStay, checkInWindow } from "~/features/requests/stay-lifecycle.ts";
import { stayRoomState } from "~/features/housekeeping/housekeeping.server.ts";
import { askRoomNotReady } from "./room-not-ready.ts";
import { moveStayRoom } from "~/features/desk/stay-changes.server.ts";
import { lowerFirst } from "~/features/desk/stay-change-actions.server.ts";
import { formatDisplayDate } from "~/shared/dates.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { requestActionSchema, type RequestIntent } from "~/features/staff/staff-schemas.ts";
import type { StayStatus } from "~/shared/db/schema.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";

const TO_STATUS: Partial<Record<RequestIntent, StayStatus>> = {
  confirm: "Confirmed",
  decline: "Declined",
  cancel: "Cancelled",
  "check-in": "Checked in",
  "check-out": "Checked out",
  "no-show": "No-show",
};

const KIND_NAMES = {
  booking: "Room booking",
  reservation: "Reservation",
  "venue-booking": "Venue booking",
  "contact-message": "Message",
} as const;

function answer(tone: StaffNotice["tone"], message: string, status = 200) {
  return data<StaffNotice>({ tone, message }, { status });
}

/**
 * Every change staff make to a request, from whichever page the button is on (today, a
 * request's page): one form shape (kind, id, intent, roomId), applied through the lifecycle's
 * data layer, each change one transaction with its history entry naming the staff account.
 * `today` is the lodge's: a stay is checked in on its arrival day (`checkInWindow`).
 */
export async function applyRequestAction(db: DB, staff: SignedInStaff, formData: FormData, today: string) {
  const parsed = requestActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return answer("error", "That action was not understood. Please try again.", 400);
  const { kind, id, intent, roomId } = parsed.data;
  const by = { actor: "staff" as const, staffAccountId: staff.accountId };
  const name = KIND_NAMES[kind];

  if (intent === "handled") {
    if (kind !== "contact-message") return answer("error", "Only a message can be marked handled.", 400);
    const result = await markMessageHandled(db, id, staff.accountId);
    if (result === "not-found") return answer("error", "That message no longer exists.", 404);
    if (result === "not-allowed") return answer("error", "That message was already handled.", 409);
    return answer("success", "Message marked handled.");
  }

  if (intent === "move") {
    if (kind !== "booking" && kind !== "reservation")
      return answer("error", "Only a stay can move room.", 400);
    if (!roomId) return answer("error", "Please choose the room to move to.", 400);
    // A move from a list (Today, the board): the stay keeps its price (ADR 0027).
    const result = await moveStayRoom(db, kind, id, { roomId, keepPrice: true, today }, by);
    if (result.kind === "not-found") return answer("error", "That stay or room does not exist.", 404);
    if (result.kind === "not-holding") return answer("error", "This stay no longer holds a room.", 409);
    if (result.kind === "refused") return answer("error", result.message, 409);
    if (result.kind === "taken")
      return answer(
        "error",
        "That room is no longer free for every night of this stay. Please choose another.",
        409,
      );
    return answer("success", `${name} ${lowerFirst(result.summary)}`);
  }

  // Checking out a guest who still owes money asks for a confirmation first: the page
  // shows the balance and a second button that sends `balanceConfirmed=yes`. Without JavaScript
  // too: the answer is the page itself.
  if (intent === "check-out" && (kind === "booking" || kind === "reservation")) {
    const due = formData.get("balanceConfirmed") === "yes" ? undefined : await balanceDue(db, kind, id);
    if (due && due.balance > 0) {
      return data<StaffNotice>(
        {
          tone: "error",
          message: `${due.guest} still owes ${formatKwacha(due.balance)}. Record the payment first, or check out with the balance due.`,
          confirm: { kind, id, balance: due.balance, who: due.guest },
        },
        { status: 409 },
      );
    }
  }

  if (intent === "check-in" && (kind === "booking" || kind === "reservation")) {
    const early = formData.get("earlyArrival") === "yes";
    const refusal =
      (await refuseEarlyCheckIn(db, kind, id, today, early)) ??
      (await askStayRoomNotReady(db, formData, kind, id, early));
    if (refusal) return refusal;
  }

  const to = TO_STATUS[intent];
  if (!to || kind === "contact-message") return answer("error", "That action does not apply here.", 400);
  if (kind === "venue-booking") {
    if (to !== "Confirmed" && to !== "Declined" && to !== "Cancelled")
      return answer("error", "A venue booking has no check-in or check-out.", 400);
    const result = await changeVenueBookingStatus(db, id, to, by);
    if (result.kind === "not-found") return answer("error", "That venue booking does not exist.", 404);
    if (result.kind === "not-allowed")
      return answer("error", `This venue booking is ${result.from}; it cannot become ${to}.`, 409);
    if (result.kind === "taken")
      return answer("error", "The venue is already booked on that date by another event.", 409);
    return answer("success", `${name}: ${result.from} → ${result.to}.`);
  }
  const result = await changeStayStatus(db, kind, id, to, by);
  if (result.kind === "not-found") return answer("error", `That ${name.toLowerCase()} does not exist.`, 404);
  if (result.kind === "not-allowed")
    return answer("error", `This ${name.toLowerCase()} is ${result.from}; it cannot become ${to}.`, 409);
  if (result.kind === "taken")
    return answer(
      "error",
      "Another stay now holds this room for these nights. Move this stay to a free room.",
      409,
    );
  return answer("success", `${name}: ${result.from} → ${result.to}.`);
}

/**
 * A check-in outside its stay's days, refused (409): before the day before its arrival, or after
 * its last night; the day before (an early arrival) only once staff confirm it, as the page then
 * asks with a second button that sends `earlyArrival=yes`.
 */
async function refuseEarlyCheckIn(
  db: DB,
  kind: "booking" | "reservation",
  id: string,
  today: string,
  earlyConfirmed: boolean,
) {
  const stay = await readStayDates(db, kind, id);
  if (!stay) return undefined;
  const arrival = formatDisplayDate(stay.checkIn);
  switch (checkInWindow(stay, today)) {
    case "too-early":
      return answer("error", `This stay arrives on ${arrival}: it can be checked in from that day.`, 409);
    case "too-late":
      return answer(
        "error",
        `This stay ended on ${formatDisplayDate(stay.checkOut)}: it can no longer be checked in.`,
        409,
      );
    case "day-before":
      if (earlyConfirmed) return undefined;
      return data<StaffNotice>(
        {
          tone: "error",
          message: `This stay arrives tomorrow, ${arrival}. Check the guest in today only if the lodge agrees to an early arrival: tonight is not part of the stay.`,
          earlyCheckIn: { kind, id, arrival },
        },
        { status: 409 },
      );
    default:
      return undefined;
  }
}

/**
 * A check-in to a room housekeeping has not made ready (Dirty, Out of order) asks first (409):
 * the page then offers a second button that sends the check-in again with `roomNotReady=yes` (and
 * the early arrival already confirmed, if it was).
 */
async function askStayRoomNotReady(
  db: DB,
  form: FormData,
  kind: "booking" | "reservation",
  id: string,
  earlyArrival: boolean,
) {
  const room = await stayRoomState(db, kind, id);
  // A stay that cannot be checked in is refused for that below, without the question.
  if (!room || !canChangeStay(room.status, "Checked in")) return undefined;
  const fields = { kind, id, intent: "check-in", ...(earlyArrival ? { earlyArrival: "yes" } : {}) };
  const question = askRoomNotReady(room, form, fields);
  if (!question) return undefined;
  return data<StaffNotice>({ tone: "error", ...question }, { status: 409 });
}

const LEDGER_KINDS = ["booking", "reservation", "venue-booking"] as const;

/**
 * A payment or refund staff record at the desk against a room booking, reservation or venue
 * booking: validated by the form's schema, recorded with the staff account, answered with a
 * receipt link or with messages beside the fields.
 */
export async function applyLedgerEntry(
  db: DB,
  staff: SignedInStaff,
  kind: string,
  id: string,
  formData: FormData,
) {
  const values = Object.fromEntries(
    Object.entries(formDataToObject(formData)).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  const payable = LEDGER_KINDS.find((value) => value === kind);
  if (!payable)
    return answer("error", "Money is recorded only against a booking, reservation or venue booking.", 400);
  const parsed = parseLedgerEntryForm(formData);
  if (!parsed.ok)
    return data<StaffNotice>(
      {
        tone: "error",
        message: "Please correct the payment's details.",
        fieldErrors: parsed.fieldErrors,
        values,
      },
      { status: 400 },
    );
  const entry = parsed.data;
  const payment = await recordDeskPayment(
    db,
    { kind: payable, id },
    {
      kind: entry.entryKind,
      method: entry.method,
      amount: entry.amount,
      transactionId: entry.transactionId ?? null,
      note: entry.note ?? null,
    },
    staff.accountId,
  );
  if (!payment) return answer("error", "That request does not exist.", 404);
  const what = entry.entryKind === "payment" ? "Payment" : "Refund";
  return data<StaffNotice>({
    tone: "success",
    message: `${what} of ${formatKwacha(payment.amount)} (${payment.method}) recorded.`,
    receiptId: payment.id,
  });
}
