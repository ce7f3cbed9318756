import { reservationApi } from "~/features/stays/components/reservation-form.tsx";
import { answerAction, answerLoad } from "~/shared/islands/island-answers.ts";
import { NOT_KEPT } from "~/shared/page-cache/kept-page.server.ts";
import { createReservation, loadReservationPage } from "../../features/stays/reservation-page.server.ts";
import type { Route } from "./+types/reservation";

// /reservation's JSON route (ADR 0024): the page's loader and action functions, their answers as JSON.

/** The rooms free for `?checkIn=&checkOut=`, and a fresh submission id. */
export function loader({ request, context }: Route.LoaderArgs) {
  return answerLoad(reservationApi, async () => ({
    data: await loadReservationPage(request, context, NOT_KEPT),
  }));
}

/** Reserves; a deposit to pay online answers `{ redirect }` to the payment step. */
export function action({ request, context }: Route.ActionArgs) {
  return answerAction(reservationApi, () => createReservation(request, context));
}
