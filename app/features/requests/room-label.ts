import { formatKwacha } from "../../shared/money.ts";
import type { Room } from "../../shared/db/schema.ts";

/** How a room is named in lists and mails: "101 - Deluxe - K400". */
export function roomLabel(room: Pick<Room, "roomNumber" | "type" | "price">): string {
  return `${room.roomNumber} - ${room.type} - ${formatKwacha(room.price)}`;
}
