import { data } from "react-router";
import type { Route } from "./+types/api.available-rooms";
import { loadAvailableRooms } from "./booking.server.ts";

/**
 * The Room Booking dialog's room list (spec section 7: rooms whose status is
 * Available). JSON `{ rooms: [{ id, roomNumber, type, price }] }`, or 503 with
 * `{ error }` — the text the dialog shows in its error banner.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await loadAvailableRooms(context);
  return data(result, {
    status: "error" in result ? 503 : 200,
    // Availability changes with every booking: never serve it from a cache.
    headers: { "Cache-Control": "no-store" },
  });
}
