// Rules of the staff console shared by pages and server (docs/decisions/0011-staff-sign-in.md).
import type { StaffRole } from "~/shared/db/schema.ts";

/** OWASP's minimum for a password that is the only factor. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** The same answer for an unknown e-mail address and a wrong password. */
export const SIGN_IN_FAILED = "The e-mail address or password is not right.";

/** Sign-in while the database does not answer: a 503 with this, like every form. */
export const SIGN_IN_UNAVAILABLE =
  "Signing in is not possible just now: the database is not answering. Please try again in a moment.";

/** Any other staff page or action while the database does not answer: a 503 with this. */
export const STAFF_DATABASE_DOWN =
  "The database is not answering just now, so this could not be done. Please try again in a moment.";

export function tooManyAttempts(minutes: number): string {
  return `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}

export const LINK_INVALID =
  "This link has expired or has already been used. Ask a manager for a new one (or run npm run staff -- reset-password).";

/**
 * The console's roles, each allowed what the ones below it are: a housekeeper the housekeeping
 * list only, reception also the desk (today, requests, the board), a manager everything.
 */
const ROLE_RANK: Record<StaffRole, number> = { housekeeping: 0, reception: 1, manager: 2 };

/** Whether an account of role `has` may use what `needs` may. */
export function roleAllows(has: StaffRole, needs: StaffRole): boolean {
  return ROLE_RANK[has] >= ROLE_RANK[needs];
}

/** The one page a housekeeper's account opens: others send it there. */
export const HOUSEKEEPING_PATH = "/staff/housekeeping";
