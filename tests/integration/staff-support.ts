import type { RouterContextProvider } from "react-router";
import type { DB } from "../../app/shared/db/client.server.ts";
import type { StaffRole } from "../../app/shared/db/schema.ts";
import {
  inviteStaff,
  issueStaffToken,
  spendStaffToken,
} from "../../app/features/staff/staff-accounts.server.ts";
import { createSession } from "../../app/features/staff/staff-sessions.server.ts";
import { hashPassword } from "../../app/features/staff/staff-passwords.server.ts";
import { hashToken, newToken } from "../../app/features/staff/staff-tokens.server.ts";
import * as layout from "~/routes/staff/layout.tsx";

// Staff accounts for tests, made through the data layer's own flows (setup link, invitation),
// never by writing password hashes with SQL.

export const ORIGIN = "http://localhost:3000";
export const PASSWORD = "a long enough password";

let sequence = 0;

/** A manager (the first through the setup link) or a reception account; its id. */
export async function createStaff(
  db: DB,
  role: StaffRole,
  by?: number,
): Promise<{ id: number; email: string }> {
  sequence += 1;
  const email = `${role}-${sequence}-${Math.random().toString(36).slice(2)}@lodge.test`;
  const token = newToken();
  const hash = await hashPassword(PASSWORD);
  if (by === undefined) {
    await issueStaffToken(db, "setup", hashToken(token), null);
    const result = await spendStaffToken(db, hashToken(token), hash, { email, name: `Manager ${sequence}` });
    if (result.kind !== "done") throw new Error(`setup failed: ${result.kind}`);
    return { id: result.accountId, email };
  }
  const invited = await inviteStaff(db, by, { email, name: `${role} ${sequence}`, role }, hashToken(token));
  if (invited.kind !== "invited") throw new Error("invitation failed");
  const result = await spendStaffToken(db, hashToken(token), hash);
  if (result.kind !== "done") throw new Error(`invitation failed: ${result.kind}`);
  return { id: result.accountId, email };
}

/** A live session for the account: the cookie header to send. */
export async function signedIn(db: DB, accountId: number): Promise<{ cookie: string; token: string }> {
  const token = newToken();
  await createSession(db, accountId, hashToken(token));
  return { cookie: `lodge_staff=${token}`, token };
}

export function staffGet(path: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function staffPost(
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  origin: string | null = ORIGIN,
): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export interface Outcome {
  status: number;
  location: string | null;
  data: unknown;
  headers: Headers | null;
}

/** What a loader or action answered or threw: a redirect, a refusal, or data. */
export async function outcome(pending: unknown): Promise<Outcome> {
  const read = (value: unknown): Outcome => {
    if (value instanceof Response) {
      // The body is not read: let it go, as a client that left would (an export frees its place).
      void value.body?.cancel();
      return {
        status: value.status,
        location: value.headers.get("Location"),
        data: null,
        headers: value.headers,
      };
    }
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
      const d = value as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
      return { status: d.init?.status ?? 200, location: null, data: d.data, headers: null };
    }
    return { status: 200, location: null, data: value, headers: null };
  };
  try {
    return read(await pending);
  } catch (error) {
    if (error instanceof Response || (error as { type?: string })?.type === "DataWithResponseInit")
      return read(error);
    throw error;
  }
}

export function routeArgs(
  request: Request,
  context: RouterContextProvider,
  params: Record<string, string> = {},
) {
  return { request, context, params } as never;
}

/**
 * A console write's answer as staff then see it (post/redirect/get): a success is a 303 to the
 * page, whose notice the layout reads from the address; so `data` becomes that notice. A refusal
 * (the page with its messages, 4xx) is kept as it is.
 */
export async function afterRedirect(
  answer: Outcome,
  request: Request,
  context: RouterContextProvider,
): Promise<Outcome> {
  if (answer.status !== 303 || !answer.location) return answer;
  const page = await outcome(
    layout.loader(routeArgs(staffGet(answer.location, request.headers.get("Cookie") ?? undefined), context)),
  );
  return { ...answer, data: (page.data as { notice: unknown }).notice };
}
