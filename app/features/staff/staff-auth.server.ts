import { data, redirect, type RouterContextProvider } from "react-router";
import { getDb, siteOriginContext } from "~/shared/context.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import type { StaffRole } from "~/shared/db/schema.ts";
import { failureReason, logReadFailure } from "~/shared/db/failures.server.ts";
import {
  findLiveSession,
  SESSION_ABSOLUTE_MS,
  type SignedInStaff,
} from "~/features/staff/staff-sessions.server.ts";
import { REASON_DATABASE_UNAVAILABLE } from "../../shared/messages.ts";
import { HOUSEKEEPING_PATH, roleAllows, STAFF_DATABASE_DOWN } from "./staff-rules.ts";
import { hashToken, looksLikeToken } from "./staff-tokens.server.ts";

// The one guard of the staff console (docs/decisions/0011-staff-sign-in.md). Every staff loader
// and action calls requireStaff itself: an action is its own endpoint, reachable without its page.

const SESSION_COOKIE = "lodge_staff";
export const SIGN_IN_PATH = "/staff/sign-in";
const FORBIDDEN = "Your account may not do this. Ask a manager.";
const CROSS_SITE = "This form was sent from another site and has been refused.";
const UNCHECKED =
  "This form could not be checked, so it has not been accepted. Please send it again from the console page.";

/** Cookies are Secure except on a plain-HTTP localhost origin (development and tests). */
export function secureCookies(siteOrigin: string): boolean {
  const url = new URL(siteOrigin);
  return !(url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname));
}

/**
 * The Set-Cookie headers that give the browser this session's cookie, or (null) take it away.
 * The cookie is for the whole site (`Path=/`): the hydrated console asks for its index page's data
 * at `/staff.data`, which a `Path=/staff` cookie would not reach (a cookie's path matches only up
 * to a "/"). Cookies set before the console hydrated had `Path=/staff`: each answer that sets or
 * clears the cookie also clears that one, so a browser never holds both.
 */
export function sessionCookies(token: string | null, siteOrigin: string): Headers {
  const secure = secureCookies(siteOrigin) ? "; Secure" : "";
  const headers = new Headers();
  const set = (path: string, value: string, maxAge: number) =>
    headers.append(
      "Set-Cookie",
      `${SESSION_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`,
    );
  // The old one first: a client that keeps cookies by name only ends with the new one.
  set("/staff", "", 0);
  set("/", token ?? "", token ? SESSION_ABSOLUTE_MS / 1000 : 0);
  return headers;
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

/**
 * Refuses a write that is not shown to come from the console (403). Only a browser's Origin or
 * Sec-Fetch-Site says where a post came from; a post with neither (a script, a very old browser)
 * is refused too, but told so, not that another site sent it.
 */
export function requireSameOrigin(request: Request, context: Readonly<RouterContextProvider>): void {
  if (isWrite(request) && !isSameOriginPost(request, context.get(siteOriginContext))) {
    const told = request.headers.has("Origin") || request.headers.has("Sec-Fetch-Site");
    throw data(told ? CROSS_SITE : UNCHECKED, { status: 403 });
  }
}

export interface StaffRequest {
  db: DB;
  staff: SignedInStaff;
}

/**
 * The page a request is for. The hydrated console (ADR 0015's addendum) asks for a page's data at
 * `/staff/requests.data` (`/staff.data` for the index page), with React Router's own parameters
 * (`_routes`, a bare `index`): the way back after signing in is the page's own address.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return url;
  url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  if (url.searchParams.get("index") === "") url.searchParams.delete("index");
  return url;
}

/**
 * A signed-in, enabled account with the required role (reception, unless named: every console
 * page but the housekeeping list), else: sign-in (302) when there is no live session, 403 when
 * the role does not suffice or a write comes from another site. A housekeeper who opens another
 * page is sent to the housekeeping list instead (302).
 */
export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { role = "reception" }: { role?: StaffRole } = {},
): Promise<StaffRequest> {
  requireSameOrigin(request, context);
  const token = sessionToken(request);
  const { db, staff } = await whileDatabaseAnswers("staff session", () =>
    isWrite(request) ? lookUpSession(context, token) : lookUpSessionOnce(context, token),
  );
  if (!staff) {
    const url = pageUrl(request);
    const back = isWrite(request) ? url.pathname : url.pathname + url.search;
    throw redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(back)}`, {
      headers: token ? sessionCookies(null, context.get(siteOriginContext)) : undefined,
    });
  }
  if (!roleAllows(staff.role, role)) {
    if (staff.role === "housekeeping" && !isWrite(request)) throw redirect(HOUSEKEEPING_PATH);
    throw data(FORBIDDEN, { status: 403 });
  }
  return { db, staff };
}

async function lookUpSession(
  context: Readonly<RouterContextProvider>,
  token: string | undefined,
): Promise<{ db: DB; staff: SignedInStaff | undefined }> {
  const db = await getDb(context);
  return { db, staff: token ? await findLiveSession(db, hashToken(token)) : undefined };
}

// A page's layout loader and its own loader both call requireStaff, in the same request (one
// router context per request, server/app.ts): on a read, the session is looked up, and its last
// use touched, once for both. Each look-up is an UPDATE (a write, and a commit on the server
// engine), a third or more of the queries of a console page. A write's own look-ups are not
// shared: its action may change the session (sign-out) or the account, and the loaders that run
// after it look again.
const sessionLookUps = new WeakMap<object, Map<string, ReturnType<typeof lookUpSession>>>();

function lookUpSessionOnce(
  context: Readonly<RouterContextProvider>,
  token: string | undefined,
): ReturnType<typeof lookUpSession> {
  const byToken = sessionLookUps.get(context) ?? new Map<string, ReturnType<typeof lookUpSession>>();
  sessionLookUps.set(context, byToken);
  const key = token ?? "";
  let pending = byToken.get(key);
  if (!pending) {
    pending = lookUpSession(context, token);
    // A failed look-up (the database down) is not kept: the next call tries again.
    pending.catch(() => byToken.delete(key));
    byToken.set(key, pending);
  }
  return pending;
}

/**
 * Runs `work` against the database; when the database does not answer (failures.server.ts tells
 * an outage from any other error, which goes on as it is), logs it and throws a 503
 * with a plain message (the console's error page shows it), as every public form answers an
 * outage, instead of the router's 500. The next request simply tries again.
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
