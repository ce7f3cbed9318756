import { createHash } from "node:crypto";
import { HONEYPOT_FIELD, hasControlCharacters } from "./form-rules.ts";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { writeAllowedContext } from "~/shared/context.server.ts";
import { createBookingReference } from "../booking-reference.ts";
import { SUBMISSION_ID_FIELD, type FormErrorCode, type FormResult } from "./form-result.ts";
import { FORM_UNREADABLE, RATE_LIMITED } from "../messages.ts";

import { formDataToObject, parseForm } from "./form-data.ts";

/** An action's answer: the result, with the HTTP status that fits it. */
export type FormResponse = ReturnType<typeof data<FormResult>>;

type Parsed<T> =
  | { kind: "valid"; data: T; submissionId: string | null; values: Record<string, string> }
  | { kind: "answered"; response: FormResponse };

/**
 * The part every form action shares, in order: the rate limit (429), the
 * honeypot (answered like a success, nothing stored — decisions.md 16), then
 * the form's zod schema, the same one the browser used (400 with a message per
 * field). What is left to each action is to save and say what happened.
 */
export async function readSubmission<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: S,
  honeypotSuccessMessage: string,
): Promise<Parsed<z.output<S>>> {
  const formData = await request.formData().catch(() => null);
  if (!formData) return { kind: "answered", response: formError(FORM_UNREADABLE, {}, 400) };
  const values = stringValues(formData);
  if (!context.get(writeAllowedContext)) {
    return { kind: "answered", response: formError(RATE_LIMITED, values, 429) };
  }
  if (String(formData.get(HONEYPOT_FIELD) ?? "").trim() !== "") {
    return {
      kind: "answered",
      response: formSuccess(honeypotSuccessMessage, createBookingReference()),
    };
  }
  const parsed = parseForm(schema, formData);
  if (!parsed.ok) {
    return {
      kind: "answered",
      response: data<FormResult>(
        { status: "invalid", fieldErrors: parsed.fieldErrors, values: parsed.values },
        { status: 400 },
      ),
    };
  }
  const submissionId = submissionKey(formData, values);
  if (submissionId === MALFORMED) {
    // No form of ours sends such an id (a NUL byte PostgreSQL refuses, an escape...).
    // The client's mistake, answered as such: 400, nothing stored, a fresh form on reload.
    const { [SUBMISSION_ID_FIELD]: _id, ...echoed } = values;
    return { kind: "answered", response: formError(FORM_UNREADABLE, echoed, 400, "invalid") };
  }
  return { kind: "valid", data: parsed.data, submissionId, values };
}

/** What `submissionKey` answers for an id that holds a control character. */
export const MALFORMED = Symbol("malformed submission id");

/**
 * The key a submission is saved once under: the form's id AND a hash of what was sent. A double
 * click or a retried request sends the same fields and finds the first record; a guest who
 * changes a field and sends the same form again makes a new request, not a silent repeat of the
 * first (which would answer with a booking for the old dates).
 */
export function submissionKey(
  formData: FormData,
  values: Record<string, string>,
): string | null | typeof MALFORMED {
  const id = String(formData.get(SUBMISSION_ID_FIELD) ?? "").slice(0, 64);
  if (!id) return null;
  if (hasControlCharacters(id)) return MALFORMED;
  const { [SUBMISSION_ID_FIELD]: _id, ...sent } = values;
  const canonical = JSON.stringify(Object.entries(sent).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${id}.${createHash("sha256").update(canonical).digest("base64url").slice(0, 22)}`;
}

export function formSuccess(message: string, reference?: string): FormResponse {
  return data<FormResult>({ status: "success", message, reference }, { status: 200 });
}

/** The code an error answer carries when the caller names none: read from its HTTP status. */
function codeOfStatus(status: number): FormErrorCode {
  return status === 409
    ? "taken"
    : status === 429
      ? "rate-limited"
      : status === 503
        ? "unavailable"
        : "failed";
}

export function formError(
  message: string,
  values: Record<string, string>,
  status = 500,
  code: FormErrorCode = codeOfStatus(status),
): FormResponse {
  return data<FormResult>({ status: "error", code, message, values }, { status });
}

/** Field errors found after the schema (e.g. a room that does not exist). */
export function formInvalid(
  fieldErrors: Record<string, string>,
  values: Record<string, string>,
): FormResponse {
  return data<FormResult>({ status: "invalid", fieldErrors, values }, { status: 400 });
}

function stringValues(formData: FormData): Record<string, string> {
  const { [HONEYPOT_FIELD]: _honeypot, ...rest } = formDataToObject(formData);
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value).slice(0, 2000)]));
}
