import { createHash, randomBytes } from "node:crypto";

/**
 * Secrets handed to a browser or a person (session cookies, one-time links): 32 random bytes,
 * base64url. Only their SHA-256 is stored, so a copy of the database lets nobody in. SHA-256
 * suffices (no slow hash) because the token has 256 bits of entropy, unlike a password.
 */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a string can be one of our tokens (cheap refusal before any query). */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
