// What the server hands the stay forms to choose a room from: plain data, so the pages' loaders
// and actions (server) and the forms (browser) share one definition.
import type { ListedQuote } from "~/features/pricing/rates.ts";
import type { FormResult } from "~/shared/forms/form-result.ts";
import type { StaySearch } from "./stay-search.ts";

/** A room as the dialog lists it ('101 - Deluxe - K400'). */
export interface RoomOption {
  id: number;
  roomNumber: string;
  type: string;
  price: number;
  /** The stay's price by the calendar (issue 16), for the dates the list was read for. */
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

/** A room as /reservation offers it: 'number - type - K price' and the nightly rate. */
export interface RoomChoice {
  id: string;
  label: string;
  price: number;
  /** The stay's price by the calendar for one room (issue 16), for the list's dates. */
  quote?: ListedQuote;
}
