import type { DB } from "../../shared/db/client.server.ts";
import { toIntegerId } from "../../shared/db/ids.ts";
import type { Venue } from "../../shared/db/schema.ts";

export function listVenues(db: DB): Promise<Venue[]> {
  return db.selectFrom("venues").selectAll().orderBy("id").execute();
}

export async function getVenue(db: DB, id: string | number): Promise<Venue | undefined> {
  const venueId = toIntegerId(id);
  if (venueId === undefined) return undefined;
  return db.selectFrom("venues").selectAll().where("id", "=", venueId).executeTakeFirst();
}
