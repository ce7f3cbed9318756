import { Link } from "react-router";
import type { Room } from "~/content/rooms.ts";
import { nightsBetween } from "~/shared/dates.ts";
import { roomsAvailable, SOLD_OUT_FOR_DATES, stayTotalFor } from "~/shared/messages.ts";
import { formatKwacha, stayTotal } from "~/shared/money.ts";
import type { StaySearch } from "~/features/stays/stay-search.ts";
import type { Quote } from "~/features/pricing/rates.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import { NightlyBreakdown } from "../../pricing/components/nightly-breakdown.tsx";
import { BookRoomButton } from "./room-booking-dialog.tsx";
import { StarRating } from "../../../shared/ui/star-rating.tsx";
import "./room-card.css";

/** A room type's rate from the database and, for a chosen stay, how many of its rooms are free. */
export interface RoomOffer {
  price: number;
  free: number;
  /** The chosen stay's price by the calendar. */
  quote?: Quote;
}

/**
 * One room on /rooms and the home page. The card's own button labels come from the spec. The
 * price is the database's (`offer`); without it (database down) the card shows no price tag
 * rather than a rate that may be stale. With a chosen `stay`, it says how many rooms are free and
 * what the stay costs.
 */
export function RoomCard({
  room,
  offer,
  stay,
  headingLevel = "h3",
}: {
  room: Room;
  offer: RoomOffer | null;
  stay: StaySearch | null;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const chosen = stay?.chosen ? stay : null;
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
        {offer ? (
          <p className="room-card__price">
            <strong>{formatKwacha(offer.price)}</strong>
            <span>/Night</span>
          </p>
        ) : null}
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
        {chosen && offer ? (
          offer.free > 0 ? (
            <>
              <p className="room-card__availability">
                {roomsAvailable(offer.free)}
                {" · "}
                {stayTotalFor(
                  formatKwacha(offer.quote?.total ?? stayTotal(offer.price, chosen.checkIn, chosen.checkOut)),
                  nightsBetween(chosen.checkIn, chosen.checkOut),
                )}
              </p>
              {offer.quote ? <NightlyBreakdown nights={offer.quote.nights} /> : null}
            </>
          ) : (
            <p className="room-card__availability room-card__availability--sold-out">{SOLD_OUT_FOR_DATES}</p>
          )
        ) : null}
        <div className="room-card__actions">
          <Link to={`/details/${room.id}`} className="btn btn--primary">
            View Details
            <span className="visually-hidden">{` of the ${room.name}`}</span>
          </Link>
          <BookRoomButton
            pathname="/rooms"
            roomType={room.type}
            stay={chosen}
            className="btn btn--dark room-card__book"
          >
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
