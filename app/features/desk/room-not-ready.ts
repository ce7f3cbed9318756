import { readyForGuest } from "~/features/housekeeping/housekeeping-rules.ts";
import type { HousekeepingState } from "~/shared/db/schema.ts";

// Every check-in into a room housekeeping has not made ready (Dirty, Out of order) asks staff
// first, the same way wherever it starts (a stay's Check in button, the desk's "check in now",
// Today's walk-in): an answer carrying this question, and on the page one button that sends the
// same form again with `roomNotReady=yes`.

/** The question, and the fields the confirming button sends again (besides `roomNotReady=yes`). */
export interface RoomNotReady {
  roomNumber: string;
  /** The form to send again, as it was sent (its submission id left out: the button has its own). */
  fields: Record<string, string>;
}

/** The field the confirming button adds: the room's state is known and accepted. */
export const ROOM_NOT_READY_FIELD = "roomNotReady";

/**
 * The question to ask for a check-in into a room in `state`, or undefined when the room is ready
 * or staff have already confirmed (the form carries `roomNotReady=yes`).
 */
export function askRoomNotReady(
  room: { roomNumber: string; state: HousekeepingState },
  form: FormData,
  fields: Record<string, string>,
): { message: string; roomNotReady: RoomNotReady } | undefined {
  if (readyForGuest(room.state) || form.get(ROOM_NOT_READY_FIELD) === "yes") return undefined;
  const { submissionId: _submissionId, ...resend } = fields;
  return {
    message: `Room ${room.roomNumber} is ${room.state}: it is not ready for a guest. Check the guest in only if they will wait for it, or choose a clean room.`,
    roomNotReady: { roomNumber: room.roomNumber, fields: resend },
  };
}
