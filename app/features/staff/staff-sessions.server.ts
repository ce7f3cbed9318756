import { sql } from "kysely";
import type { DB } from "../../shared/db/client.server.ts";
import type { StaffRole } from "../../shared/db/schema.ts";

/**
 * Session lifetimes (docs/decisions/0011-staff-sign-in.md): a reception shift is long, so a
 * session survives two idle hours, and ends after twelve whatever happens.
 */
const SESSION_IDLE_MS = 2 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;

export interface SignedInStaff {
  sessionId: string;
  accountId: number;
  name: string;
  email: string;
  role: StaffRole;
}

export async function createSession(db: DB, accountId: number, tokenHash: string): Promise<void> {
  await db
    .insertInto("staffSessions")
    .values({
      tokenHash,
      staffAccountId: accountId,
      expiresAt: sql<Date>`now() + ${`${SESSION_ABSOLUTE_MS} milliseconds`}::interval`,
      revokedAt: null,
    } as never)
    .execute();
}

/**
 * The signed-in account of a live session, touching its last use: not revoked, not past its
 * absolute expiry, used within the idle limit, account enabled. One statement, so a session
 * revoked a moment ago is never extended.
 */
export async function findLiveSession(db: DB, tokenHash: string): Promise<SignedInStaff | undefined> {
  const idle = `${SESSION_IDLE_MS} milliseconds`;
  const row = await db
    .updateTable("staffSessions as s")
    .from("staffAccounts as a")
    .set({ lastSeenAt: sql<Date>`now()` })
    .whereRef("a.id", "=", "s.staffAccountId")
    .where("s.tokenHash", "=", tokenHash)
    .where("s.revokedAt", "is", null)
    .where("s.expiresAt", ">", sql<Date>`now()`)
    .where("s.lastSeenAt", ">", sql<Date>`now() - ${idle}::interval`)
    .where("a.disabledAt", "is", null)
    .returning(["s.id as sessionId", "a.id as accountId", "a.name", "a.email", "a.role"])
    .executeTakeFirst();
  return row;
}

/** Sign-out: the session ends on the server, whatever the browser keeps. */
export async function revokeSession(db: DB, tokenHash: string): Promise<void> {
  await db
    .updateTable("staffSessions")
    .set({ revokedAt: sql<Date>`now()` } as never)
    .where("tokenHash", "=", tokenHash)
    .where("revokedAt", "is", null)
    .execute();
}

/**
 * Ends every live session of an account, in the caller's transaction: disabling it or resetting
 * its password must sign it out everywhere. Answers how many ended, for the audit.
 */
export async function revokeAccountSessions(db: DB, accountId: number): Promise<number> {
  const result = await db
    .updateTable("staffSessions")
    .set({ revokedAt: sql<Date>`now()` } as never)
    .where("staffAccountId", "=", accountId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
