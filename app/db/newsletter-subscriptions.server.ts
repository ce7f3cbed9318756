import { sql } from "kysely";
import type { DB } from "./client.server.ts";

/**
 * Adds an address to the newsletter list. Subscribing twice, in any letter
 * case, succeeds and keeps one row (decisions.md 13): the unique index is on
 * lower(email), so the conflict target names that expression.
 */
export async function subscribe(db: DB, email: string): Promise<void> {
  await db
    .insertInto("newsletterSubscriptions")
    .values({ email: email.toLowerCase() })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
}
