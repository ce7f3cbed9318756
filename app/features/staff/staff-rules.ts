// Rules of the staff console shared by pages and server (docs/decisions/0011-staff-sign-in.md).

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
