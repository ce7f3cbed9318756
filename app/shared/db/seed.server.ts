import { seedRoomUnits, seedVenues } from "~/content/rooms.ts";
import type { DB } from "./client.server.ts";

/**
 * Creates the lodge's rooms and venues on first start (decisions.md 5 and 6).
 * Idempotent: existing rows, and whatever staff changed in them, are kept.
 */
export async function seedDatabase(db: DB): Promise<void> {
  await db
    .insertInto("rooms")
    .values(seedRoomUnits().map(({ roomNumber, type, price }) => ({ roomNumber, type, price })))
    .onConflict((oc) => oc.column("roomNumber").doNothing())
    .execute();
  await db
    .insertInto("venues")
    .values(seedVenues.map(({ venue, price }) => ({ venue, price })))
    .onConflict((oc) => oc.column("venue").doNothing())
    .execute();
}
