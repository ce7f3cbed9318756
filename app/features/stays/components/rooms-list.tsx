import type { Room } from "~/content/rooms.ts";
import type { StaySearch } from "~/features/stays/stay-search.ts";
import { RoomCard, type RoomOffer } from "./room-card.tsx";
import "./rooms-list.css";

export function RoomsList({
  rooms,
  offers,
  stay = null,
}: {
  rooms: readonly Room[];
  /** By room type, from the database; null when it could not be read. */
  offers: Readonly<Record<string, RoomOffer>> | null;
  stay?: StaySearch | null;
}) {
  return (
    <ul className="rooms-list">
      {rooms.map((room) => (
        <li key={room.id}>
          <RoomCard room={room} offer={offers?.[room.type] ?? null} stay={stay} />
        </li>
      ))}
    </ul>
  );
}
