import type { Route } from "./+types/api.room-booking";
import { readSubmission } from "~/lib/form-submission.server.ts";
import { lodgeToday } from "~/lib/dates.ts";
import { BOOKING_SUCCESSFUL, failedToCreateBooking } from "~/lib/messages.ts";
import { roomBookingSchema } from "~/lib/schemas/room-booking.ts";
import { failureReason } from "~/db/failures.server.ts";
import { answerRoomBooking, redirectBack, safeReturnTo } from "./booking.server.ts";

/**
 * POST: the Room Booking dialog's form.
 *
 * With JavaScript the dialog submits through a fetcher and gets a FormResult
 * back as data. Without JavaScript the browser posts the form itself; the
 * form then carries `returnTo` (the page it sits on, which the script removes
 * before submitting), and the answer is a 303 back to that page with the
 * outcome in the query string (see redirectBack). This keeps the route
 * stateless — no session is needed to carry a message across the redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await request.clone().formData();
  const returnTo = safeReturnTo(fields.get("returnTo"));
  const roomType = String(fields.get("roomType") ?? "").slice(0, 50);

  const response = await bookFromForm(request, context);
  if (!returnTo) return response;
  return redirectBack(returnTo, roomType, response.data, response.init?.status ?? 200);
}

async function bookFromForm(request: Request, context: Route.ActionArgs["context"]) {
  const parsed = await readSubmission(request, context, roomBookingSchema(lodgeToday()), BOOKING_SUCCESSFUL);
  if (parsed.kind === "answered") return parsed.response;
  return answerRoomBooking(context, { ...parsed.data, submissionId: parsed.submissionId }, parsed.values, {
    success: BOOKING_SUCCESSFUL,
    failed: (error) => failedToCreateBooking(failureReason(error)),
  });
}
