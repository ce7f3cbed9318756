import { data, redirect, type RouterContextProvider } from "react-router";
import { getDb, siteOriginContext } from "~/context.server.ts";
import type { DB } from "~/db/client.server.ts";
import type { StaffRole } from "~/db/schema.ts";
import { failureReason, logReadFailure } from "~/db/failures.server.ts";
import { findLiveSession, SESSION_ABSOLUTE_MS, type SignedInStaff } from "~/db/staff-sessions.server.ts";
import { REASON_DATABASE_UNAVAILABLE } from "./messages.ts";
import { STAFF_DATABASE_DOWN } from "./staff-rules.ts";
import { hashToken, looksLikeToken } from "./staff-tokens.server.ts";

// The one guard of the staff console (docs/decisions/0011-staff-sign-in.md). Every staff loader
// and action calls requireStaff itself: an action is its own endpoint, reachable without its page.

export const SESSION_COOKIE = "lodge_staff";
export const SIGN_IN_PATH = "/staff/sign-in";
export const FORBIDDEN = "Your account may not do this. Ask a manager.";
export const CROSS_SITE = "This form was sent from another site and has been refused.";

/** Cookies are Secure except on a plain-HTTP localhost origin (development and tests). */
export function secureCookies(siteOrigin: string): boolean {
  const url = new URL(siteOrigin);
  return !(url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname));
}

export function sessionCookie(token: string, siteOrigin: string): string {
  const secure = secureCookies(siteOrigin) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/staff; HttpOnly; SameSite=Lax; Max-Age=${SESSION_ABSOLUTE_MS / 1000}${secure}`;
}

export function clearedSessionCookie(siteOrigin: string): string {
  const secure = secureCookies(siteOrigin) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/staff; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** The session token the browser sent, if it looks like one. */
export function sessionToken(request: Request): string | undefined {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      return looksLikeToken(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * A form post must come from the site itself: its Origin is the configured site origin or the
 * origin the request was addressed to. Without an Origin header (old browsers), Fetch Metadata's
 * Sec-Fetch-Site must say same-origin. SameSite=Lax already keeps the cookie off cross-site
 * posts; this is the second lock.
 */
export function isSameOriginPost(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin === new URL(siteOrigin).origin || origin === new URL(request.url).origin;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

function isWrite(request: Request): boolean {
  return !["GET", "HEAD"].includes(request.method.toUpperCase());
}

/** Refuses a cross-site write (403). */
export function requireSameOrigin(request: Request, context: Readonly<RouterContextProvider>): void {
  if (isWrite(request) && !isSameOriginPost(request, context.get(siteOriginContext))) {
    throw data(CROSS_SITE, { status: 403 });
  }
}

export interface StaffRequest {
  db: DB;
  staff: SignedInStaff;
}

/**
 * A signed-in, enabled account with the required role, else: sign-in (302) when there is no
 * live session, 403 when the role does not suffice or a write comes from another site.
 */
export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { role }: { role?: StaffRole } = {},
): Promise<StaffRequest> {
  requireSameOrigin(request, context);
  const token = sessionToken(request);
  const { db, staff } = await whileDatabaseAnswers("staff session", async () => {
    const db = await getDb(context);
    return { db, staff: token ? await findLiveSession(db, hashToken(token)) : undefined };
  });
  if (!staff) {
    const url = new URL(request.url);
    const back = isWrite(request) ? url.pathname : url.pathname + url.search;
    throw redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(back)}`, {
      headers: token ? { "Set-Cookie": clearedSessionCookie(context.get(siteOriginContext)) } : undefined,
    });
  }
  if (role === "manager" && staff.role !== "manager") throw data(FORBIDDEN, { status: 403 });
  return { db, staff };
}

/**
 * Runs `work` against the database; when the database does not answer (failures.server.ts tells
 * an outage from any other error, which goes on as it is), logs it and throws a 503
 * with a plain message (the console's error page shows it), as every public form answers an
 * outage, instead of the router's 500 (issue 20). The next request simply tries again.
 */
export async function whileDatabaseAnswers<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (failureReason(error) !== REASON_DATABASE_UNAVAILABLE) throw error;
    logReadFailure(what, error);
    throw data(STAFF_DATABASE_DOWN, { status: 503 });
  }
}

/** Where to go after signing in: only a path inside the console. */
export function safeNext(next: string | null): string {
  return next && /^\/staff(\/[^/\\]|$|\?)/.test(next) && !next.startsWith("/staff/sign-") ? next : "/staff";
}
