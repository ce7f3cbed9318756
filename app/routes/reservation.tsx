import type { RouteHandle } from "~/shared/page-cache/route-handle.ts";
import { keptPageLoader } from "~/shared/page-cache/kept-page.server.ts";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { ReservationForm } from "~/features/stays/components/reservation-form.tsx";
import { Notice } from "~/shared/ui/notice.tsx";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import type { Route } from "./+types/reservation";
import { createReservation, loadReservationPage } from "../features/stays/reservation-page.server.ts";

const TITLE = "Reservation";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: TITLE,
    description:
      "Reserve a room at the lodge: choose your dates, guests and room, see the estimated total, and get a booking reference at once.",
    path: "/reservation",
    origin: originFromMatches(matches),
  });
}

// Kept by the server per data version and lodge day (ADR 0013): it shows the rooms free tonight.
export const handle = { keepPerDataVersion: true } satisfies RouteHandle;

export const loader = keptPageLoader(({ request, context }: Route.LoaderArgs, page) => {
  return loadReservationPage(request, context, page);
});

export function action({ request, context }: Route.ActionArgs) {
  return createReservation(request, context);
}

export default function ReservationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rooms, loadError, today, submissionId, values } = loaderData;
  return (
    <>
      <PageHeader title={TITLE} />
      <section className="section">
        <div className="container">
          {loadError ? <Notice tone="error">{loadError}</Notice> : null}
          <ReservationForm
            rooms={rooms}
            stayRuleHints={loaderData.stayRuleHints}
            taxes={loaderData.taxes}
            today={today}
            submissionId={submissionId}
            result={actionData}
            initialValues={values}
          />
        </div>
      </section>
    </>
  );
}
