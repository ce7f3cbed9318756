import { Link } from "react-router";
import type { Room } from "~/content/rooms.ts";
import { Icon } from "./icon.tsx";
import { BookRoomButton } from "./room-booking-dialog.tsx";
import { StarRating } from "./star-rating.tsx";
import "./room-card.css";

/** One room on /rooms and the home page. The card's own button labels come from the spec. */
export function RoomCard({ room, headingLevel = "h3" }: { room: Room; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article className="room-card">
      <div className="room-card__media">
        <img
          src={room.img.src}
          alt={room.img.alt}
          width={room.img.width}
          height={room.img.height}
          loading="lazy"
          decoding="async"
        />
        <p className="room-card__price">
          <strong>{room.priceText}</strong>
          <span>/Night</span>
        </p>
      </div>
      <div className="room-card__body">
        <div className="room-card__head">
          <Heading className="room-card__name">{room.name}</Heading>
          <StarRating stars={room.stars} />
        </div>
        <ul className="room-card__facilities" aria-label="Facilities">
          {room.facilities.map((facility) => (
            <li key={facility.facility}>
              <Icon name={facility.icon} size={18} />
              {facility.quantity !== undefined
                ? `${facility.quantity} ${facility.facility}`
                : facility.facility}
            </li>
          ))}
        </ul>
        <p className="room-card__description">{room.description}</p>
        <div className="room-card__actions">
          <Link to={`/details/${room.id}`} className="btn btn--primary">
            View Details
            <span className="visually-hidden">{` of the ${room.name}`}</span>
          </Link>
          <BookRoomButton roomType={room.type} className="btn btn--dark room-card__book">
            book now
            <span className="visually-hidden">{` the ${room.name}`}</span>
          </BookRoomButton>
          <Link to="/reservation" className="btn btn--outline">
            Reserve
          </Link>
        </div>
      </div>
    </article>
  );
}
