import { createContext, type RouterContextProvider } from "react-router";
import { isIsoDate } from "../../shared/dates.ts";
import type { FormResponse } from "../../shared/forms/form-submission.server.ts";
import { datesToAsk } from "./stay-search.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The dates of a stay or venue form that the page's action has just refused (a room taken
 * meanwhile, a field to correct). React Router runs the page's loaders after its action with the
 * same context, so the answer lists what is free for the guest's dates, not for tonight: the
 * form's address carries no dates (decisions.md 8: after a refusal, the fresh list).
 */
const refusedStayContext = createContext<Record<string, string> | null>(null);

/** In an action: remembers the dates of a refused submission for the loaders; returns the answer. */
export function rememberRefusedStay(context: Context, response: FormResponse): FormResponse {
  const result = response.data;
  if (result.status === "success") return response;
  const values = result.values;
  const dates: Record<string, string> = { ...datesToAsk(values.checkIn ?? "", values.checkOut ?? "") };
  if (isIsoDate(values.bookingDate)) dates.bookingDate = values.bookingDate;
  if (Object.keys(dates).length > 0) context.set(refusedStayContext, dates);
  return response;
}

/** In a loader: the address's search parameters, with the dates of a stay the action just refused. */
export function stayParams(request: Request, context: Context): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [name, value] of Object.entries(context.get(refusedStayContext) ?? {})) params.set(name, value);
  return params;
}
