import { myBookingApi } from "~/features/stays/components/my-booking-request.tsx";
import { answerAction } from "~/shared/islands/island-answers.ts";
import { action as myBookingPage } from "../my-booking.tsx";
import type { Route } from "./+types/my-booking";

// /my-booking's JSON route (ADR 0024): the page's own action, its answer as JSON: a look-up or a
// cancellation. The folio is a page of its own, posted to /my-booking, never asked for here.
const FOLIO_IS_A_PAGE = "The folio and receipts are a page of their own: ask /my-booking for them.";

export function action(args: Route.ActionArgs): Promise<Response> {
  return answerAction(myBookingApi, async () => {
    // The same request and context; the two routes' generated argument types differ only in name.
    const { data, init } = await myBookingPage(args as unknown as Parameters<typeof myBookingPage>[0]);
    if (data.status === "folio") {
      return {
        data: { status: "error" as const, message: FOLIO_IS_A_PAGE, values: {} },
        init: { status: 400 },
      };
    }
    // The page's answer is already the guest's view (guestRequestAnswer): the same here.
    return { data, init };
  });
}
