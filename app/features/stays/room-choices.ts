// What the server hands the stay forms to choose a room from: plain data, so the pages' loaders
// and actions (server) and the forms (browser) share one definition.
import type { ListedQuote } from "~/features/pricing/rates.ts";
import { roomLabel } from "~/features/requests/room-label.ts";
import type { Room } from "~/shared/db/schema.ts";
import type { FormResult } from "~/shared/forms/form-result.ts";
import { UNKNOWN_NUMBER, UNKNOWN_TYPE } from "~/shared/messages.ts";
import { formatKwacha } from "~/shared/money.ts";
import type { StaySearch } from "./stay-search.ts";

/** The rooms free for a stay as the server reads them, each with its quote, and the stay rules beside the dates. */
export interface FreeRoomList {
  rooms: (Room & { quote: ListedQuote })[];
  stayRuleHints: string[];
}

/** A room as the dialog lists it ('101 - Deluxe - K400'). */
export interface RoomOption {
  id: number;
  roomNumber: string;
  type: string;
  price: number;
  /** The stay's price by the calendar, for the dates the list was read for. */
  quote?: ListedQuote;
}

/** The rooms free for a stay (and the stay rules beside the dates), or the error text for the dialog's banner. */
export type AvailableRoomsData =
  | { rooms: RoomOption[]; stayRuleHints?: string[]; error?: undefined }
  | { error: string; rooms?: undefined; stayRuleHints?: undefined };

/** What a page with the dialog gets from its loader when the address opens it (`?book=`). */
export interface RoomDialogData {
  /** The room type the guest clicked (preselected), from `?book=`. */
  roomType: string;
  stay: StaySearch;
  rooms: AvailableRoomsData;
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  values: Record<string, string>;
  /** One per rendered dialog: a double click or a retried request finds the first booking. */
  submissionId: string;
}

/** The page action's answer to the dialog: the result and, after a refusal, the rooms free now. */
export interface RoomDialogAnswer {
  result: FormResult;
  rooms: AvailableRoomsData | null;
}

/** A room as /reservation and the desk offer it: 'number - type - K price' and the nightly rate. */
export interface RoomChoice {
  id: string;
  label: string;
  price: number;
  /** The stay's price by the calendar for one room, for the list's dates. */
  quote?: ListedQuote;
}

/** The dialog's and /booking's options, from the rooms the server read. */
export function roomOptions(rooms: readonly FreeRoomList["rooms"][number][]): RoomOption[] {
  return rooms.map(({ id, roomNumber, type, price, quote }) => ({ id, roomNumber, type, price, quote }));
}

/** /reservation's and the desk's choices, labelled as rooms are in lists and mails. */
export function roomChoices(rooms: readonly (Room & { quote?: ListedQuote })[]): RoomChoice[] {
  return rooms.map((room) => ({
    id: String(room.id),
    label: roomLabel(room),
    price: room.price,
    quote: room.quote,
  }));
}

/** How a room reads in the room picker: its label, or '101 - Deluxe - K400' from its parts. */
export function pickerLabel(room: RoomOption | RoomChoice): string {
  if ("label" in room) return room.label;
  return `${room.roomNumber || UNKNOWN_NUMBER} - ${room.type || UNKNOWN_TYPE} - ${formatKwacha(room.price)}`;
}
