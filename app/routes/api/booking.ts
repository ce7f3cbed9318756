import { bookingApi } from "~/features/stays/components/booking-form.tsx";
import { readStaySearch } from "~/features/stays/stay-search.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { answerAction, answerLoad } from "~/shared/islands/island-answers.ts";
import { NOT_KEPT } from "~/shared/page-cache/kept-page.server.ts";
import { loadBookingPage, submitBookingPage } from "../../features/stays/booking-page.server.ts";
import type { Route } from "./+types/booking";

// /booking's JSON route (ADR 0024): the server functions of the page's loader and action, their
// answers as JSON.

/** A tab's lists for `?checkIn=&checkOut=` (rooms) or `?bookingDate=` (venues), and a fresh submission id. */
export function loader({ request, context }: Route.LoaderArgs) {
  return answerLoad(bookingApi, async () => {
    const params = new URL(request.url).searchParams;
    const stay = readStaySearch(params, lodgeToday());
    const lists = await loadBookingPage(context, NOT_KEPT, stay, params.get("bookingDate"));
    return { data: { ...lists, submissionId: NOT_KEPT.submissionId() } };
  });
}

/** Books by tab (`?tab=`); a deposit to pay online answers `{ redirect }` to the payment step. */
export function action({ request, context }: Route.ActionArgs) {
  return answerAction(bookingApi, () => submitBookingPage(request, context));
}
