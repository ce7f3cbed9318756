import type { Route } from "./+types/rooms";
import { PageHeader } from "~/components/page-header.tsx";
import { RoomBookingDialogHost } from "~/components/room-booking-dialog.tsx";
import { RoomsList } from "~/components/rooms-list.tsx";
import { SectionTitle } from "~/components/section-title.tsx";
import { rooms } from "~/content/rooms.ts";
import { site } from "~/content/site.ts";
import { originFromMatches, pageMeta } from "~/lib/seo.ts";
import { loadRoomBookingDialog } from "./booking.server.ts";

/** The dialog's rooms, when `?book=` opens it on the server (no JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { bookingDialog: await loadRoomBookingDialog(request, context) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Our Rooms | ${site.brandName}`,
    description: `Deluxe rooms, Executive and Mini suites from ${site.priceRange} a night, with DSTV, Wi-Fi and the pool.`,
    path: "/rooms",
    origin: originFromMatches(matches),
  });

export default function Rooms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Our Rooms" crumb="Rooms" />
      <section className="section" aria-labelledby="rooms-title">
        <div className="container">
          <SectionTitle eyebrow="Our Rooms" subtitle="Explore Our" highlight="Rooms" id="rooms-title" />
          <RoomsList rooms={rooms} />
        </div>
      </section>
      <RoomBookingDialogHost initialRooms={loaderData.bookingDialog} />
    </>
  );
}
