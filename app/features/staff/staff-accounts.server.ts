import { sql } from "kysely";
import type { DB } from "../../shared/db/client.server.ts";
import { isUniqueViolation } from "../../shared/db/database-errors.server.ts";
import { recordAudit } from "./staff-audit.server.ts";
import { revokeAccountSessions } from "./staff-sessions.server.ts";
import type { StaffAccount, StaffRole, StaffTokenPurpose } from "../../shared/db/schema.ts";

/** How long one-time links work: the setup link and invitations a day, resets an hour. */
const TOKEN_LIFETIME_MS: Record<StaffTokenPurpose, number> = {
  setup: 24 * 3_600_000,
  invitation: 24 * 3_600_000,
  reset: 3_600_000,
};

/** An account as the console shows it (never the password hash). */
export type StaffAccountView = Omit<StaffAccount, "passwordHash"> & { hasPassword: boolean };

const VIEW = ["id", "email", "name", "role", "disabledAt", "createdAt"] as const;

export async function countStaffAccounts(db: DB): Promise<number> {
  const row = await db
    .selectFrom("staffAccounts")
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findAccountByEmail(db: DB, email: string): Promise<StaffAccount | undefined> {
  return db
    .selectFrom("staffAccounts")
    .selectAll()
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function listStaffAccounts(db: DB): Promise<StaffAccountView[]> {
  const rows = await db
    .selectFrom("staffAccounts")
    .select([...VIEW, sql<boolean>`password_hash is not null`.as("hasPassword")])
    .orderBy("name")
    .execute();
  return rows;
}

/**
 * Stores a one-time link's hash. A new setup link replaces any earlier unused one, so only the
 * last printed link works.
 */
export async function issueStaffToken(
  db: DB,
  purpose: StaffTokenPurpose,
  tokenHash: string,
  staffAccountId: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let stale = trx.updateTable("staffTokens").set({ usedAt: new Date() }).where("usedAt", "is", null);
    stale =
      purpose === "setup"
        ? stale.where("purpose", "=", "setup")
        : stale.where("staffAccountId", "=", staffAccountId);
    await stale.execute();
    await trx
      .insertInto("staffTokens")
      .values({
        tokenHash,
        purpose,
        staffAccountId,
        expiresAt: sql<Date>`now() + ${`${TOKEN_LIFETIME_MS[purpose]} milliseconds`}::interval`,
      } as never)
      .execute();
  });
}

export interface PendingToken {
  purpose: StaffTokenPurpose;
  account: { id: number; email: string; name: string } | null;
}

/** What an unused, unexpired one-time link is for; undefined when it is not (any longer) valid. */
export async function findUsableToken(db: DB, tokenHash: string): Promise<PendingToken | undefined> {
  const row = await db
    .selectFrom("staffTokens as t")
    .leftJoin("staffAccounts as a", "a.id", "t.staffAccountId")
    .select(["t.purpose", "a.id", "a.email", "a.name", "a.disabledAt"])
    .where("t.tokenHash", "=", tokenHash)
    .where("t.usedAt", "is", null)
    .where("t.expiresAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!row || row.disabledAt) return undefined;
  return {
    purpose: row.purpose,
    account: row.id === null ? null : { id: row.id, email: row.email ?? "", name: row.name ?? "" },
  };
}

export type UseTokenResult =
  { kind: "done"; accountId: number } | { kind: "invalid" } | { kind: "email-taken" };

/**
 * Spends a one-time link and sets the password it was for, in one transaction: the token is
 * marked used by the same statement that checks it, so two submissions cannot both use it. Setup
 * creates the first manager, and only while no account exists; a reset also signs the account
 * out everywhere.
 */
export async function spendStaffToken(
  db: DB,
  tokenHash: string,
  passwordHash: string,
  firstManager?: { email: string; name: string },
): Promise<UseTokenResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const token = await trx
        .updateTable("staffTokens")
        .set({ usedAt: sql<Date>`now()` } as never)
        .where("tokenHash", "=", tokenHash)
        .where("usedAt", "is", null)
        .where("expiresAt", ">", sql<Date>`now()`)
        .returning(["purpose", "staffAccountId"])
        .executeTakeFirst();
      if (!token) return { kind: "invalid" } as const;
      if (token.purpose === "setup") {
        // Serialise setups and refuse once anyone exists.
        await sql`lock table staff_accounts in share row exclusive mode`.execute(trx);
        const existing = await trx.selectFrom("staffAccounts").select("id").limit(1).executeTakeFirst();
        if (existing || !firstManager) return { kind: "invalid" } as const;
        const account = await trx
          .insertInto("staffAccounts")
          .values({ ...firstManager, role: "manager", passwordHash, disabledAt: null })
          .returning("id")
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          staffAccountId: account.id,
          subject: "account",
          subjectId: account.id,
          change: `Created the first manager account, ${firstManager.name} <${firstManager.email}>, through the setup link.`,
        });
        return { kind: "done", accountId: account.id } as const;
      }
      const accountId = token.staffAccountId as number;
      const updated = await trx
        .updateTable("staffAccounts")
        .set({ passwordHash })
        .where("id", "=", accountId)
        .where("disabledAt", "is", null)
        .returning(["name", "email"])
        .executeTakeFirst();
      if (!updated) return { kind: "invalid" } as const;
      const ended = await revokeAccountSessions(trx, accountId);
      // The person is who acted: they alone hold the link.
      await recordAudit(trx, {
        staffAccountId: accountId,
        subject: "account",
        subjectId: accountId,
        change:
          token.purpose === "invitation"
            ? `${updated.name} <${updated.email}> accepted the invitation and chose a password.`
            : `${updated.name} <${updated.email}> set a new password through a reset link` +
              ` (${ended} signed-in ${ended === 1 ? "session" : "sessions"} ended).`,
      });
      return { kind: "done", accountId } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error, "email") || isUniqueViolation(error, "email_key"))
      return { kind: "email-taken" };
    throw error;
  }
}

export type InviteResult = { kind: "invited"; accountId: number } | { kind: "email-taken" };

/** A manager adds an account; its person chooses a password through the invitation link. */
export async function inviteStaff(
  db: DB,
  by: number,
  account: { email: string; name: string; role: StaffRole },
  tokenHash: string,
): Promise<InviteResult> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto("staffAccounts")
        .values({
          email: account.email.trim(),
          name: account.name,
          role: account.role,
          passwordHash: null,
          disabledAt: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("staffTokens")
        .values({
          tokenHash,
          purpose: "invitation",
          staffAccountId: created.id,
          expiresAt: sql<Date>`now() + interval '24 hours'`,
        } as never)
        .execute();
      await recordAudit(trx, {
        staffAccountId: by,
        subject: "account",
        subjectId: created.id,
        change: `Invited ${account.name} <${account.email}> as ${account.role}.`,
      });
      return created.id;
    });
    return { kind: "invited", accountId: id };
  } catch (error) {
    if (isUniqueViolation(error, "email")) return { kind: "email-taken" };
    throw error;
  }
}

/** Disables (signing it out everywhere) or enables an account. */
export async function setAccountDisabled(
  db: DB,
  by: number,
  accountId: number,
  disabled: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .updateTable("staffAccounts")
      .set({ disabledAt: disabled ? new Date() : null })
      .where("id", "=", accountId)
      .returning(["name", "email"])
      .executeTakeFirst();
    if (!account) return false;
    if (disabled) await revokeAccountSessions(trx, accountId);
    await recordAudit(trx, {
      staffAccountId: by,
      subject: "account",
      subjectId: accountId,
      change: `${disabled ? "Disabled" : "Enabled"} ${account.name} <${account.email}>.`,
    });
    return true;
  });
}

/** A manager (or the command line, `by` null) issues a password reset link for an account. */
export async function issuePasswordReset(
  db: DB,
  by: number | null,
  accountId: number,
  tokenHash: string,
): Promise<boolean> {
  const account = await db
    .selectFrom("staffAccounts")
    .select(["id", "name", "email"])
    .where("id", "=", accountId)
    .where("disabledAt", "is", null)
    .executeTakeFirst();
  if (!account) return false;
  await issueStaffToken(db, "reset", tokenHash, accountId);
  // From the command line no account acts: the entry names the system (SYSTEM_ACTOR), so a reset
  // that bypassed the console still shows under Accounts.
  await recordAudit(db, {
    staffAccountId: by,
    subject: "account",
    subjectId: accountId,
    change: `Issued a password reset link for ${account.name} <${account.email}>${by === null ? " (npm run staff -- reset-password)" : ""}.`,
  });
  return true;
}
