import { data, Link } from "react-router";
import { keptPageLoader } from "~/shared/page-cache/kept-page.server.ts";
import type { RouteHandle } from "~/shared/page-cache/route-handle.ts";
import type { Route } from "./+types/room-details";
import { Icon } from "~/shared/ui/icon.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { BookRoomButton, RoomBookingDialogHost } from "~/features/stays/components/room-booking-dialog.tsx";
import { StarRating } from "~/shared/ui/star-rating.tsx";
import { getRoomById, roomFeatures, roomTypes } from "~/content/rooms.ts";
import { site } from "~/content/site.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { ERROR_PREFIX, ROOM_NOT_FOUND } from "~/shared/messages.ts";
import { formatKwacha } from "~/shared/money.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import {
  loadRoomDialog,
  loadRoomTypeOffers,
  submitRoomDialog,
} from "../features/stays/room-dialog.server.ts";
import { Notice } from "~/shared/ui/notice.tsx";
import "./room-details.css";

// Kept by the server per data version and lodge day (ADR 0013): it shows the room's rate.
export const handle = { keepPerDataVersion: true } satisfies RouteHandle;

export const loader = keptPageLoader(async ({ params, request, context }: Route.LoaderArgs, page) => {
  // Ids are matched as numbers (spec section 2): /details/01 is room 1.
  const room = getRoomById(Number(params.id));
  if (!room) return data({ room: null, price: null, error: null, bookingDialog: null }, { status: 404 });
  const today = lodgeToday();
  // The rate is the database's; the dialog's rooms come when `?book=` opens it on the server.
  const [{ offers, error }, bookingDialog] = await Promise.all([
    loadRoomTypeOffers(context, page, { checkIn: today, checkOut: today }),
    loadRoomDialog(request, context, page),
  ]);
  return { room, price: offers?.[room.type]?.price ?? null, error, bookingDialog };
});

/** The Room Booking dialog's form (ADR 0010). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitRoomDialog(request, context);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const room = loaderData?.room;
  const origin = originFromMatches(matches);
  if (!room) {
    return pageMeta({
      title: `${ROOM_NOT_FOUND} | ${site.brandName}`,
      description: ROOM_NOT_FOUND,
      path: `/details/${params.id}`,
      origin,
      noindex: true,
    });
  }
  return pageMeta({
    title: `${room.name} | ${site.brandName}`,
    description: room.description,
    path: `/details/${room.id}`,
    origin,
  });
};

export default function RoomDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { room, price, error } = loaderData;
  if (!room) {
    return (
      <>
        <PageHeader title={ROOM_NOT_FOUND} crumb={ROOM_NOT_FOUND} />
        <section className="section">
          <div className="container">
            <p>We could not find that room. Please choose one from our rooms.</p>
            <Link to="/rooms" className="btn btn--primary">
              Our Rooms
            </Link>
          </div>
        </section>
      </>
    );
  }

  const includes = roomTypes.find((t) => t.type === room.type)?.includes ?? [];
  const [main, ...more] = room.images;
  return (
    <>
      <PageHeader title={room.name} crumb="Room Details" />
      <section className="section">
        <div className="container room-details">
          <div className="room-details__gallery">
            <img
              className="room-details__main"
              src={main.src}
              alt={main.alt}
              width={main.width}
              height={main.height}
              fetchPriority="high"
            />
            {more.map((image) => (
              <img
                key={image.src}
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
              />
            ))}
          </div>

          <div className="room-details__body">
            <div className="room-details__head">
              <h2 className="room-details__title">About this room</h2>
              {price !== null ? (
                <p className="room-details__price">
                  <strong>{formatKwacha(price)}</strong> / Night
                </p>
              ) : null}
            </div>
            {error ? (
              <Notice tone="error">
                {ERROR_PREFIX}
                {error}
              </Notice>
            ) : null}
            <StarRating stars={room.stars} />
            <p className="room-details__description">{room.description}</p>
            {includes.length > 0 ? (
              <p className="room-details__includes">Included in the nightly rate: {includes.join(", ")}.</p>
            ) : null}

            <h3>Room Features</h3>
            <ul className="room-details__features">
              {roomFeatures.map((feature) => (
                <li key={feature.text}>
                  <Icon name={feature.icon} size={20} />
                  {feature.text}
                </li>
              ))}
            </ul>

            <BookRoomButton
              pathname={`/details/${room.id}`}
              roomType={room.type}
              className="btn btn--primary room-details__book"
            >
              Book Now
            </BookRoomButton>
          </div>
        </div>
      </section>
      <RoomBookingDialogHost
        pathname={`/details/${room.id}`}
        routeId="routes/room-details"
        dialog={loaderData.bookingDialog}
        answer={actionData}
      />
    </>
  );
}
