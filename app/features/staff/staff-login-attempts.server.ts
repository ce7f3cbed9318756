import { ipKeyGenerator } from "express-rate-limit";
import { sql } from "kysely";
import type { DB } from "../../shared/db/client.server.ts";

/**
 * Sign-in rate limit (docs/decisions/0011-staff-sign-in.md): at most 5 failed attempts per
 * e-mail address and 20 per client address in 15 minutes. Kept in the database so every
 * instance counts the same attempts.
 */
const LOGIN_WINDOW_MINUTES = 15;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * The client as the limit counts it: an IPv4 address, or the IPv6 /56 it is in, as the write
 * limiter keys it (server/rate-limit.ts). One household or server usually holds a /64 or more,
 * so counting single IPv6 addresses would let one client rotate through unlimited guesses.
 */
function loginClientKey(address: string): string {
  return ipKeyGenerator(address, 56);
}

const normalEmail = (email: string) => email.trim().toLowerCase().slice(0, 254);

/**
 * Minutes until the next attempt is allowed; 0 when it is allowed now. `own` is how many of the
 * counted rows are the asking attempt itself (claimLoginAttempt counts after recording it).
 */
async function loginWaitMinutes(db: DB, email: string, address: string, own = 0): Promise<number> {
  const window = `${LOGIN_WINDOW_MINUTES} minutes`;
  const mail = normalEmail(email);
  const client = loginClientKey(address);
  const rows = await db
    .selectFrom("staffLoginAttempts")
    .select([
      sql<number>`count(*) filter (where lower(email) = ${mail})::int`.as("byEmail"),
      sql<number>`count(*) filter (where address = ${client})::int`.as("byAddress"),
      sql<Date | null>`min(at) filter (where lower(email) = ${mail})`.as("oldestEmail"),
      sql<Date | null>`min(at) filter (where address = ${client})`.as("oldestAddress"),
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
  if (rows.byEmail - own >= MAX_FAILURES_PER_EMAIL) waits.push(untilFree(rows.oldestEmail));
  if (rows.byAddress - own >= MAX_FAILURES_PER_ADDRESS) waits.push(untilFree(rows.oldestAddress));
  return waits.length ? Math.max(...waits) : 0;
}

export type LoginClaim = { allowed: true } | { allowed: false; waitMinutes: number };

/**
 * Admits one sign-in attempt or refuses it. The attempt is recorded (as a failure) first, and
 * only then are the attempts counted, its own included, in a later statement that sees every
 * attempt recorded before it; a successful sign-in then clears the account's rows
 * (clearLoginFailures), a refused attempt takes its own back.
 *
 * Why this holds under concurrency, with no lock: of any attempts admitted in one window, the
 * one that counted last counted every other admitted one too (each was recorded before its own
 * count, and an admitted failure is only cleared by a successful sign-in), so it saw at most
 * the limit. At most 5
 * guesses per account (20 per client) reach the password check, however many arrive at once,
 * on every instance behind one PostgreSQL database as on the embedded one. Parallel attempts may
 * see each other and all be refused (then none was checked either). Counting first and
 * recording after the check, as before, let every parallel attempt through; a lock around count
 * and insert would hold a pool connection per waiting attempt while argon2 blocks the event loop.
 */
export async function claimLoginAttempt(db: DB, email: string, address: string): Promise<LoginClaim> {
  const attempt = await db
    .insertInto("staffLoginAttempts")
    .values({ email: normalEmail(email), address: loginClientKey(address) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const wait = await loginWaitMinutes(db, email, address, 1);
  if (wait > 0) {
    await db.deleteFrom("staffLoginAttempts").where("id", "=", attempt.id).execute();
    return { allowed: false, waitMinutes: wait };
  }
  // Old attempts count for nothing; dropping them keeps the table small.
  await db
    .deleteFrom("staffLoginAttempts")
    .where("at", "<", sql<Date>`now() - interval '1 day'`)
    .execute();
  return { allowed: true };
}

/** Records a failed attempt outright (tests, and anything that checks a password elsewhere). */
export async function recordLoginFailure(db: DB, email: string, address: string): Promise<void> {
  await db
    .insertInto("staffLoginAttempts")
    .values({ email: normalEmail(email), address: loginClientKey(address) })
    .execute();
}

/** A successful sign-in forgets that account's failures. */
export async function clearLoginFailures(db: DB, email: string): Promise<void> {
  await db
    .deleteFrom("staffLoginAttempts")
    .where(sql`lower(email)`, "=", normalEmail(email))
    .execute();
}
