import type { RouteHandle } from "~/shared/page-cache/route-handle.ts";
import { keptPageLoader } from "~/shared/page-cache/kept-page.server.ts";
import type { Route } from "./+types/booking";
import { BookingForm, isBookingTab } from "~/features/stays/components/booking-form.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { BOOKING_PAGE_TITLE } from "~/shared/messages.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { echoedFields } from "~/shared/forms/echoed-fields.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { readStaySearch } from "~/features/stays/stay-search.ts";
import { stayParams } from "~/features/stays/refused-stay.server.ts";
import { loadBookingPage, submitBookingPage } from "../features/stays/booking-page.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Booking",
    description: "Book a room, reserve a stay or book a venue for your event at the lodge in Lusaka West.",
    path: "/booking",
    origin: originFromMatches(matches),
  });
}

// Kept by the server per data version and lodge day (ADR 0013): it shows the rooms and venues free tonight.
export const handle = { keepPerDataVersion: true } satisfies RouteHandle;

/**
 * Rooms (Available ones) and venues for the form. When the database is
 * unreachable the page still renders (decisions.md 17) and says why.
 */
export const loader = keptPageLoader(async ({ request, context }: Route.LoaderArgs, page) => {
  const params = stayParams(request, context);
  const tab = params.get("tab");
  // The rooms free for the dates in the address ('Check availability', or the script as the
  // guest types), tonight's before that; the venues free on the chosen date (decisions.md 23, 24).
  const stay = readStaySearch(params, lodgeToday());
  const lists = await loadBookingPage(context, page, stay, params.get("bookingDate"));
  return {
    ...lists,
    stay,
    // What the guest had typed when 'Check availability' reloaded the page without JavaScript.
    values: echoedFields(params),
    tab: isBookingTab(tab) ? tab : "room",
    // A fresh id per rendered form: a repeated POST of it saves nothing new.
    submissionId: page.submissionId(),
  };
});

export function action({ request, context }: Route.ActionArgs) {
  return submitBookingPage(request, context);
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={BOOKING_PAGE_TITLE} crumb={BOOKING_PAGE_TITLE} />
      <section className="section booking-page">
        <div className="container">
          <BookingForm
            rooms={loaderData.rooms}
            stayRuleHints={loaderData.stayRuleHints}
            taxes={loaderData.taxes}
            extras={loaderData.extras}
            venues={loaderData.venues}
            errors={loaderData.errors}
            submissionId={loaderData.submissionId}
            initialTab={loaderData.tab}
            initialValues={loaderData.values}
            result={actionData ?? null}
          />
        </div>
      </section>
    </>
  );
}
