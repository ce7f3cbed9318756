import type { Room } from "~/content/rooms.ts";
import { RoomCard } from "./room-card.tsx";
import "./rooms-list.css";

export function RoomsList({ rooms }: { rooms: readonly Room[] }) {
  return (
    <ul className="rooms-list">
      {rooms.map((room) => (
        <li key={room.id}>
          <RoomCard room={room} />
        </li>
      ))}
    </ul>
  );
}
