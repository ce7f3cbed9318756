import type { FormValues } from "./form-data.ts";

/** Why a form was refused as a whole: pages decide what to do by this code, never by a message's text. */
export type FormErrorCode = "taken" | "invalid" | "rate-limited" | "unavailable" | "failed";

/**
 * What every form action answers, and what every form shows (one shape for
 * the room dialog, /booking, /reservation, the newsletter and contact).
 * - success: the catalogue's message, and the booking reference if any;
 * - invalid: a message per field, and what the guest typed, to refill the form;
 * - error: a message for the whole form (save failed, room taken, too many requests) and its code.
 */
export type FormResult =
  | { status: "success"; message: string; reference?: string }
  | { status: "invalid"; fieldErrors: Record<string, string | undefined>; values: FormValues }
  | { status: "error"; code: FormErrorCode; message: string; values: FormValues };

/** Name of the hidden field that makes a repeated submission find the first one. */
export const SUBMISSION_ID_FIELD = "submissionId";

/** True when the answer says another guest holds what this one asked for (room or venue). */
export function isTaken(result: FormResult | undefined): boolean {
  return result?.status === "error" && result.code === "taken";
}
