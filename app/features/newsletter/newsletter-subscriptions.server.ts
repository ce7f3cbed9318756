import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../../shared/db/client.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";

// The newsletter list with double opt-in (decisions.md 13, 28; ADR 0012). An address counts as
// subscribed once its owner has followed the confirmation link, and until they unsubscribe.

/** Another confirmation mail to the same address waits this long (a form sent twice, a prank). */
const CONFIRMATION_RESEND_AFTER = "10 minutes";

/** 32 random bytes, URL-safe. */
function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The confirmation token is kept only as its hash: the database alone cannot confirm anyone. */
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Asks an address to join the list: one row per address whatever its letter case (the unique
 * index is on lower(email)), and a confirmation mail in the same transaction. An address that is
 * already subscribed, or was sent a link minutes ago, gets nothing more; one that left, or never
 * confirmed, gets a fresh link.
 */
export async function subscribe(db: DB, email: string): Promise<void> {
  const confirmToken = newToken();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("newsletterSubscriptions")
      .values({
        email: email.toLowerCase(),
        confirmTokenHash: hashToken(confirmToken),
        confirmSentAt: sql<Date>`now()`,
        unsubscribeToken: newToken(),
      })
      .onConflict((oc) =>
        oc
          .expression(sql`lower(email)`)
          .doUpdateSet({
            confirmTokenHash: (eb) => eb.ref("excluded.confirmTokenHash"),
            confirmSentAt: sql<Date>`now()`,
          })
          .where((eb) =>
            eb.and([
              eb.or([
                eb("newsletterSubscriptions.confirmedAt", "is", null),
                eb("newsletterSubscriptions.unsubscribedAt", "is not", null),
              ]),
              eb.or([
                eb("newsletterSubscriptions.confirmSentAt", "is", null),
                eb(
                  "newsletterSubscriptions.confirmSentAt",
                  "<",
                  sql<Date>`now() - ${CONFIRMATION_RESEND_AFTER}::interval`,
                ),
              ]),
            ]),
          ),
      )
      .returning(["id", "email", "unsubscribeToken"])
      .executeTakeFirst();
    if (!row) return;
    await enqueueMail(trx, {
      audience: "subscriber",
      recipient: row.email,
      payload: { template: "newsletter-confirm", confirmToken, unsubscribeToken: row.unsubscribeToken },
      request: { kind: "newsletter", id: String(row.id) },
    });
  });
}

/** Follows a confirmation link. A link works once; a later click answers 'not-found'. */
export async function confirmSubscription(db: DB, token: string): Promise<"confirmed" | "not-found"> {
  if (!TOKEN.test(token)) return "not-found";
  const row = await db
    .updateTable("newsletterSubscriptions")
    .set({ confirmedAt: sql<Date>`now()`, unsubscribedAt: null, confirmTokenHash: null })
    .where("confirmTokenHash", "=", hashToken(token))
    .returning("id")
    .executeTakeFirst();
  return row ? "confirmed" : "not-found";
}

/** One-click unsubscribe (RFC 8058): idempotent; the row stays, marked as having left. */
export async function unsubscribe(db: DB, token: string): Promise<"unsubscribed" | "not-found"> {
  if (!TOKEN.test(token)) return "not-found";
  const row = await db
    .updateTable("newsletterSubscriptions")
    .set({ unsubscribedAt: sql<Date>`coalesce(unsubscribed_at, now())` })
    .where("unsubscribeToken", "=", token)
    .returning("id")
    .executeTakeFirst();
  return row ? "unsubscribed" : "not-found";
}

/** The addresses a newsletter goes to: confirmed and not unsubscribed. */
export async function listSubscribers(db: DB): Promise<{ email: string; unsubscribeToken: string }[]> {
  return db
    .selectFrom("newsletterSubscriptions")
    .select(["email", "unsubscribeToken"])
    .where("confirmedAt", "is not", null)
    .where("unsubscribedAt", "is", null)
    .orderBy("id")
    .execute();
}
