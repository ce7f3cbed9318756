// The rules of housekeeping (decisions.md 38, ADR 0026): which state a room may be marked from
// which, which rooms are ready for a guest, and the order of the day's list. Pure: the server,
// the list and the desk's today page share them.
import type { HousekeepingState } from "~/shared/db/schema.ts";

/** What staff mark with one tap on the list; Out of order comes with dates (a room closure). */
export const MARKS = ["Clean", "Inspected", "Dirty"] as const;
export type Mark = (typeof MARKS)[number];

/**
 * From which states each mark may be made. Inspected follows cleaning (a supervisor's look at a
 * clean room); Dirty undoes either (a guest came back, a mark made by mistake). A room out of
 * order leaves that state only by going back in service.
 */
const MARK_FROM: Record<Mark, readonly HousekeepingState[]> = {
  Clean: ["Dirty"],
  Inspected: ["Clean"],
  Dirty: ["Clean", "Inspected"],
};

export function canMark(from: HousekeepingState, to: Mark): boolean {
  return MARK_FROM[to].includes(from);
}

/** The states a mark may be made from (the server's conditional update). */
export function markableFrom(to: Mark): readonly HousekeepingState[] {
  return MARK_FROM[to];
}

/** The marks the list offers a room in `state`. */
export function marksFor(state: HousekeepingState): Mark[] {
  return MARKS.filter((mark) => canMark(state, mark));
}

/** A guest may be checked in to the room without asking. */
export function readyForGuest(state: HousekeepingState): boolean {
  return state === "Clean" || state === "Inspected";
}

/** A room as the day's list orders it. */
export interface RoomOfTheDay {
  roomNumber: string;
  state: HousekeepingState;
  /** A stay is due to arrive in it today. */
  arrivalToday: boolean;
  /** Its guest leaves today (checked in, due out today or earlier, or checked out today). */
  departureToday: boolean;
}

/**
 * Where a room comes on the day's list: first the rooms a guest arrives in today that are not
 * ready, then departures, then every other room to clean, then the clean rooms waiting for
 * inspection, then the rest (ready or out of order).
 */
export function priority(room: RoomOfTheDay): number {
  const toDo = room.state === "Dirty";
  if (room.arrivalToday && !readyForGuest(room.state) && room.state !== "Out of order") return 0;
  if (room.departureToday && room.state !== "Out of order" && room.state !== "Inspected") return 1;
  if (toDo) return 2;
  if (room.state === "Clean") return 3;
  return 4;
}

/** The day's list in order: by priority, then by room number as the lodge numbers them. */
export function orderRooms<R extends RoomOfTheDay>(rooms: readonly R[]): R[] {
  return [...rooms].sort(
    (a, b) => priority(a) - priority(b) || a.roomNumber.localeCompare(b.roomNumber, "en", { numeric: true }),
  );
}
