import { roomBookingApi } from "~/features/stays/components/room-booking-dialog.tsx";
import { answerAction, answerLoad } from "~/shared/islands/island-answers.ts";
import { NOT_KEPT } from "~/shared/page-cache/kept-page.server.ts";
import { loadRoomDialog, submitRoomDialog } from "../../features/stays/room-dialog.server.ts";
import type { Route } from "./+types/room-booking";

// The Room Booking dialog's JSON route (ADR 0024), for every page with the dialog: the server
// functions of /rooms' and /details/:id's loader and action, their answers as JSON.

/** The rooms free for `?book=<type>&checkIn=&checkOut=&adults=&children=`. */
export function loader({ request, context }: Route.LoaderArgs) {
  return answerLoad(roomBookingApi, async () => ({ data: await loadRoomDialog(request, context, NOT_KEPT) }));
}

/** Books a room; a deposit to pay online answers `{ redirect }` to the payment step. */
export function action({ request, context }: Route.ActionArgs) {
  return answerAction(roomBookingApi, () => submitRoomDialog(request, context));
}
