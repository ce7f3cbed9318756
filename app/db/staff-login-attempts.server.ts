import { sql } from "kysely";
import type { DB } from "./client.server.ts";

/**
 * Sign-in rate limit (docs/decisions/0011-staff-sign-in.md): at most 5 failed attempts per
 * e-mail address and 20 per client address in 15 minutes. Kept in the database so every
 * instance counts the same attempts.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Minutes until the next attempt is allowed; 0 when it is allowed now. */
export async function loginWaitMinutes(db: DB, email: string, address: string): Promise<number> {
  const window = `${LOGIN_WINDOW_MINUTES} minutes`;
  const rows = await db
    .selectFrom("staffLoginAttempts")
    .select([
      sql<number>`count(*) filter (where lower(email) = ${email.trim().toLowerCase()})::int`.as("byEmail"),
      sql<number>`count(*) filter (where address = ${address})::int`.as("byAddress"),
      sql<Date | null>`min(at) filter (where lower(email) = ${email.trim().toLowerCase()})`.as("oldestEmail"),
      sql<Date | null>`min(at) filter (where address = ${address})`.as("oldestAddress"),
      sql<Date>`now()`.as("now"),
    ])
    .where("at", ">", sql<Date>`now() - ${window}::interval`)
    .executeTakeFirstOrThrow();
  const waits: number[] = [];
  const untilFree = (oldest: Date | null) =>
    oldest
      ? Math.max(
          1,
          Math.ceil(
            (new Date(oldest).getTime() + LOGIN_WINDOW_MINUTES * 60_000 - new Date(rows.now).getTime()) /
              60_000,
          ),
        )
      : LOGIN_WINDOW_MINUTES;
  if (rows.byEmail >= MAX_FAILURES_PER_EMAIL) waits.push(untilFree(rows.oldestEmail));
  if (rows.byAddress >= MAX_FAILURES_PER_ADDRESS) waits.push(untilFree(rows.oldestAddress));
  return waits.length ? Math.max(...waits) : 0;
}

export async function recordLoginFailure(db: DB, email: string, address: string): Promise<void> {
  await db
    .insertInto("staffLoginAttempts")
    .values({ email: email.trim().toLowerCase().slice(0, 254), address })
    .execute();
  // Old attempts count for nothing; dropping them keeps the table small.
  await db
    .deleteFrom("staffLoginAttempts")
    .where("at", "<", sql<Date>`now() - interval '1 day'`)
    .execute();
}

/** A successful sign-in forgets that account's failures. */
export async function clearLoginFailures(db: DB, email: string): Promise<void> {
  await db
    .deleteFrom("staffLoginAttempts")
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .execute();
}
