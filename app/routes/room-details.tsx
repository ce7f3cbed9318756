import { data, Link } from "react-router";
import type { Route } from "./+types/room-details";
import { Icon } from "~/components/icon.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { BookRoomButton, RoomBookingDialogHost } from "~/components/room-booking-dialog.tsx";
import { StarRating } from "~/components/star-rating.tsx";
import { getRoomById, roomFeatures, roomTypes } from "~/content/rooms.ts";
import { site } from "~/content/site.ts";
import { ROOM_NOT_FOUND } from "~/lib/messages.ts";
import { originFromMatches, pageMeta } from "~/lib/seo.ts";
import { loadRoomBookingDialog } from "./booking.server.ts";
import "./room-details.css";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Ids are matched as numbers (spec section 2): /details/01 is room 1.
  const room = getRoomById(Number(params.id));
  if (!room) return data({ room: null, bookingDialog: null }, { status: 404 });
  // The dialog's rooms, when `?book=` opens it on the server (no JavaScript).
  return { room, bookingDialog: await loadRoomBookingDialog(request, context) };
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

export default function RoomDetails({ loaderData }: Route.ComponentProps) {
  const { room } = loaderData;
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
              <p className="room-details__price">
                <strong>{room.priceText}</strong> / Night
              </p>
            </div>
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

            <BookRoomButton roomType={room.type} className="btn btn--primary room-details__book">
              Book Now
            </BookRoomButton>
          </div>
        </div>
      </section>
      <RoomBookingDialogHost initialRooms={loaderData.bookingDialog} />
    </>
  );
}
