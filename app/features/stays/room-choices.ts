// What the server hands the stay forms to choose a room from: plain data, so the pages' loaders
// and actions (server) and the forms (browser) share one definition.
import { partyQuote, type Guests, type ListedQuote, type TaxSettings } from "~/features/pricing/rates.ts";
import { roomLabel } from "~/features/requests/room-label.ts";
import type { Room } from "~/shared/db/schema.ts";
import type { FormResult } from "~/shared/forms/form-result.ts";
import { UNKNOWN_NUMBER, UNKNOWN_TYPE } from "~/shared/messages.ts";
import { estimatedStayTotal } from "~/shared/messages.ts";
import { formatKwacha } from "~/shared/money.ts";
import type { StaySearch } from "./stay-search.ts";

/** The rooms free for a stay as the server reads them, each with its quote, and the stay rules beside the dates. */
export interface FreeRoomList {
  rooms: (Room & { quote: ListedQuote })[];
  stayRuleHints: string[];
  /** The lodge's tax settings: the taxes a quote contains are shown under it, as on the bill. */
  taxes: TaxSettings;
}

/** A room as the dialog lists it ('101 - Deluxe - K400'). */
export interface RoomOption {
  id: number;
  roomNumber: string;
  type: string;
  /** The stay's first night by the calendar (decisions.md 31): the price the list shows. */
  price: number;
  /** The stay's price by the calendar, for the dates the list was read for. */
  quote?: ListedQuote;
}

/** The rooms free for a stay (and the stay rules beside the dates), or the error text for the dialog's banner. */
export type AvailableRoomsData =
  | { rooms: RoomOption[]; stayRuleHints?: string[]; taxes?: TaxSettings; error?: undefined }
  | { error: string; rooms?: undefined; stayRuleHints?: undefined; taxes?: undefined };

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

/** A room as /reservation and the desk offer it: 'number - type - K price' and the first night's price. */
export interface RoomChoice {
  id: string;
  label: string;
  price: number;
  /** The stay's price by the calendar for one room, for the list's dates. */
  quote?: ListedQuote;
}

/** The price of a listed room's first night by the calendar, or its rate where it has no quote. */
function firstNight(room: { price: number; quote?: ListedQuote }): number {
  return room.quote?.nights[0]?.price ?? room.price;
}

/** The dialog's and /booking's options, from the rooms the server read. */
export function roomOptions(rooms: readonly FreeRoomList["rooms"][number][]): RoomOption[] {
  return rooms.map((room) => ({
    id: room.id,
    roomNumber: room.roomNumber,
    type: room.type,
    price: firstNight(room),
    quote: room.quote,
  }));
}

/** /reservation's and the desk's choices, labelled as rooms are in lists and mails. */
export function roomChoices(rooms: readonly (Room & { quote?: ListedQuote })[]): RoomChoice[] {
  return rooms.map((room) => {
    const price = firstNight(room);
    return { id: String(room.id), label: roomLabel({ ...room, price }), price, quote: room.quote };
  });
}

/**
 * How a room reads in the room picker: '101 - Deluxe - K400' (the specification's form, at the
 * first night's price), and once the form's dates are those the list was quoted for, the stay's
 * total after it, for the form's guests: '101 - Deluxe - K520 a night, K1,560 for 3 nights'.
 */
export function pickerLabel(
  room: RoomOption | RoomChoice,
  checkIn = "",
  checkOut = "",
  party?: Guests,
): string {
  const label =
    "label" in room
      ? room.label
      : `${room.roomNumber || UNKNOWN_NUMBER} - ${room.type || UNKNOWN_TYPE} - ${formatKwacha(room.price)}`;
  const quote = room.quote;
  if (!quote || !checkIn || quote.dates !== `${checkIn}|${checkOut}`) return label;
  const total = party ? partyQuote(quote, party).total : quote.total;
  return `${label} a night, ${estimatedStayTotal(formatKwacha(total), quote.nights.length)}`;
}
