import { data } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { formatDisplayDate } from "~/shared/dates.ts";
import { formDataToObject } from "~/shared/forms/form-data.ts";
import {
  extendIntoRoom,
  extendStay,
  extensionStart,
  moveStayRoom,
  shortenStay,
  type StayChangeResult,
} from "~/features/desk/stay-changes.server.ts";
import { readStayDates } from "~/features/requests/request-status.server.ts";
import { listFreeRooms } from "~/features/stays/rooms.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import { parseStayChangeForm } from "./stay-change-schema.ts";

function answer(tone: StaffNotice["tone"], message: string, status = 200, extra: Partial<StaffNotice> = {}) {
  return data<StaffNotice>({ tone, message, ...extra }, { status });
}

function refusal(result: Exclude<StayChangeResult, { kind: "changed" }>, taken: string) {
  switch (result.kind) {
    case "not-found":
      return answer("error", "That stay or room does not exist.", 404);
    case "not-holding":
      return answer("error", "This stay no longer holds a room: it cannot change.", 409);
    case "taken":
      return answer("error", taken, 409);
    case "refused":
      return answer("error", result.message, 409);
  }
}

/**
 * A move, an extension or a shortening staff make on a stay's page (ADR 0027): the form's
 * schema, then the change, answered with what changed or why not. An extension whose room is
 * taken for the extra nights answers with the rooms that are free for them, for a second post.
 */
export async function applyStayChange(
  db: DB,
  staff: SignedInStaff,
  kind: string,
  id: string,
  form: FormData,
  today: string,
) {
  if (kind !== "booking" && kind !== "reservation")
    return answer("error", "Only a room booking or reservation can change its room or dates.", 400);
  const parsed = parseStayChangeForm(form, today);
  if (!parsed.ok) {
    const values = Object.fromEntries(
      Object.entries(formDataToObject(form)).map(([name, value]) => [name, String(value)]),
    );
    return answer("error", "Please correct the change's details.", 400, {
      fieldErrors: parsed.fieldErrors,
      values,
    });
  }
  const change = parsed.data;
  const by = { actor: "staff" as const, staffAccountId: staff.accountId };
  let result: StayChangeResult;
  switch (change.intent) {
    case "move-room":
      result = await moveStayRoom(
        db,
        kind,
        id,
        { roomId: change.roomId, keepPrice: change.price === "kept", today },
        by,
      );
      if (result.kind !== "changed")
        return refusal(
          result,
          "That room has just been taken for one of these nights. Please choose another.",
        );
      break;
    case "extend":
      result = change.roomId
        ? await extendIntoRoom(db, kind, id, {
            roomId: change.roomId,
            checkOut: change.checkOut,
            staffAccountId: staff.accountId,
          })
        : await extendStay(db, kind, id, change.checkOut, by);
      if (result.kind === "taken") return extensionRooms(db, kind, id, change.checkOut, change.roomId);
      if (result.kind !== "changed") return refusal(result, "");
      break;
    case "shorten":
      result = await shortenStay(db, kind, id, { checkOut: change.checkOut, today }, by);
      if (result.kind !== "changed") return refusal(result, "");
      break;
  }
  return answer(
    "success",
    change.intent === "move-room" ? `${KIND_NAMES[kind]} ${lowerFirst(result.summary)}` : result.summary,
  );
}

const KIND_NAMES = { booking: "Room booking", reservation: "Reservation" } as const;

/** 'Moved from room 101…' as the end of a sentence that names the stay. */
export function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/** The answer to an extension refused for its room: the rooms free for the extra nights. */
async function extensionRooms(
  db: DB,
  kind: "booking" | "reservation",
  id: string,
  checkOut: string,
  triedRoom: string | undefined,
) {
  const stay = await readStayDates(db, kind, id);
  if (!stay) return answer("error", "That stay does not exist.", 404);
  const from = extensionStart(stay);
  const rooms = await listFreeRooms(db, { checkIn: from, checkOut });
  const nights = `from ${formatDisplayDate(from)} to ${formatDisplayDate(checkOut)}`;
  const message = triedRoom
    ? `That room has just been taken ${nights}. Please choose another.`
    : `This stay's room is taken ${nights}.`;
  return answer(
    "error",
    rooms.length > 0
      ? `${message} Choose a room free for those nights below.`
      : `${message} No room is free for those nights.`,
    409,
    {
      extension: {
        checkOut,
        rooms: rooms.map((room) => ({ id: room.id, label: `${room.roomNumber} (${room.type})` })),
      },
    },
  );
}
