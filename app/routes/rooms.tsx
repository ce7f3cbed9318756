import type { RouteHandle } from "~/shared/page-cache/route-handle.ts";
import { keptPageLoader } from "~/shared/page-cache/kept-page.server.ts";
import type { Route } from "./+types/rooms";
import { InputField } from "~/shared/forms/form-fields.tsx";
import { Notice } from "~/shared/ui/notice.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { RoomBookingDialogHost } from "~/features/stays/components/room-booking-dialog.tsx";
import { RoomsList } from "~/features/stays/components/rooms-list.tsx";
import { SectionTitle } from "~/shared/ui/section-title.tsx";
import { rooms } from "~/content/rooms.ts";
import { site } from "~/content/site.ts";
import { addYears, lodgeToday } from "~/shared/dates.ts";
import { CHECK_AVAILABILITY, ERROR_PREFIX, FIELD_LABELS } from "~/shared/messages.ts";
import { roomTypesPriceRange } from "~/features/pricing/price-range.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { readStaySearch } from "~/features/stays/stay-search.ts";
import { hotelWithRooms } from "~/features/site/structured-data.ts";
import {
  loadRoomDialog,
  loadRoomTypeOffers,
  submitRoomDialog,
} from "../features/stays/room-dialog.server.ts";
import "./rooms.css";

// Kept by the server per data version and lodge day (ADR 0013): it shows rates and free rooms.
export const handle = { keepPerDataVersion: true } satisfies RouteHandle;

/**
 * The room types with their rates from the database and, for the stay in the address
 * (`?checkIn=&checkOut=&adults=&children=`), how many rooms of each are free; and the dialog's
 * rooms when `?book=` opens it.
 */
export const loader = keptPageLoader(async ({ request, context }: Route.LoaderArgs, page) => {
  const today = lodgeToday();
  const stay = readStaySearch(new URL(request.url).searchParams, today);
  const [offers, bookingDialog] = await Promise.all([
    loadRoomTypeOffers(context, page, stay),
    loadRoomDialog(request, context, page),
  ]);
  return { today, stay, ...offers, bookingDialog };
});

/** The Room Booking dialog's form (ADR 0010). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitRoomDialog(request, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  // The database's rates, the one source of prices; none while it cannot be read.
  const priceRange = roomTypesPriceRange(loaderData?.offers);
  return pageMeta({
    title: `Our Rooms | ${site.brandName}`,
    description: `Deluxe rooms, Executive and Mini suites${priceRange ? ` from ${priceRange} a night` : ""}, with DSTV, Wi-Fi and the pool.`,
    path: "/rooms",
    origin: originFromMatches(matches),
    structuredData: [
      hotelWithRooms(
        originFromMatches(matches),
        rooms,
        loaderData?.offers
          ? Object.fromEntries(Object.entries(loaderData.offers).map(([type, offer]) => [type, offer.price]))
          : null,
        priceRange,
      ),
    ],
  });
};

export default function Rooms({ loaderData, actionData }: Route.ComponentProps) {
  const { today, stay, offers, error } = loaderData;
  return (
    <>
      <PageHeader title="Our Rooms" crumb="Rooms" />
      <section className="section" aria-labelledby="rooms-title">
        <div className="container">
          <SectionTitle eyebrow="Our Rooms" subtitle="Explore Our" highlight="Rooms" id="rooms-title" />
          {/* A GET form: works without JavaScript, and the address can be shared. */}
          <form method="get" className="rooms-search" aria-label="Check availability">
            <InputField
              name="checkIn"
              label={FIELD_LABELS.checkIn}
              type="date"
              min={today}
              max={addYears(today, 1)}
              defaultValue={stay.chosen ? stay.checkIn : ""}
            />
            <InputField
              name="checkOut"
              label={FIELD_LABELS.checkOut}
              type="date"
              min={today}
              max={addYears(today, 1)}
              defaultValue={stay.chosen ? stay.checkOut : ""}
            />
            <InputField
              name="adults"
              label={FIELD_LABELS.adults}
              type="number"
              inputMode="numeric"
              min={1}
              max={20}
              defaultValue={String(stay.adults)}
            />
            <InputField
              name="children"
              label={FIELD_LABELS.children}
              type="number"
              inputMode="numeric"
              min={0}
              max={20}
              defaultValue={String(stay.children)}
            />
            <button type="submit" className="btn btn--primary rooms-search__submit">
              {CHECK_AVAILABILITY}
            </button>
          </form>
          {error ? (
            <Notice tone="error">
              {ERROR_PREFIX}
              {error}
            </Notice>
          ) : null}
          <RoomsList rooms={rooms} offers={offers} stay={stay} />
        </div>
      </section>
      <RoomBookingDialogHost
        pathname="/rooms"
        routeId="routes/rooms"
        dialog={loaderData.bookingDialog}
        answer={actionData}
      />
    </>
  );
}
