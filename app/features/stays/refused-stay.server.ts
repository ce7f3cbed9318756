import { createContext, type RouterContextProvider } from "react-router";
import { isIsoDate } from "../../shared/dates.ts";
import type { FormResponse } from "../../shared/forms/form-submission.server.ts";
import type { FreeRoomList } from "./room-choices.ts";
import type { StayDates } from "./rooms.server.ts";
import { datesToAsk } from "./stay-search.ts";

type Context = Readonly<RouterContextProvider>;

interface RefusedStay {
  /** The refused submission's dates, as search parameters. */
  params: Record<string, string>;
  /** The rooms free now for those dates, when the action has just read them (a room taken). */
  freeRooms: (FreeRoomList & StayDates) | null;
}

/**
 * The dates of a stay or venue form that the page's action has just refused (a room taken
 * meanwhile, a field to correct). React Router runs the page's loaders after its action with the
 * same context, so the answer lists what is free for the guest's dates, not for tonight: the
 * form's address carries no dates (decisions.md 8: after a refusal, the fresh list).
 */
const refusedStayContext = createContext<RefusedStay | null>(null);

/**
 * In an action: remembers the dates of a refused submission for the loaders, and the rooms free
 * now when the action has read them (a room taken), so the loaders need not read them again.
 * Returns the answer.
 */
export function rememberRefusedStay(
  context: Context,
  response: FormResponse,
  freeRooms: FreeRoomList | null = null,
): FormResponse {
  const result = response.data;
  if (result.status === "success") return response;
  const values = result.values;
  const dates = datesToAsk(values.checkIn ?? "", values.checkOut ?? "");
  const params: Record<string, string> = { ...dates };
  if (isIsoDate(values.bookingDate)) params.bookingDate = values.bookingDate;
  if (Object.keys(params).length > 0)
    context.set(refusedStayContext, { params, freeRooms: dates && freeRooms && { ...freeRooms, ...dates } });
  return response;
}

/** In a loader: the address's search parameters, with the dates of a stay the action just refused. */
export function stayParams(request: Request, context: Context): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [name, value] of Object.entries(context.get(refusedStayContext)?.params ?? {}))
    params.set(name, value);
  return params;
}

/** In a loader: the rooms free for `stay` that the action has just read, if it has. */
export function refusedFreeRooms(context: Context, stay: StayDates): FreeRoomList | null {
  const free = context.get(refusedStayContext)?.freeRooms;
  return free && free.checkIn === stay.checkIn && free.checkOut === stay.checkOut ? free : null;
}
