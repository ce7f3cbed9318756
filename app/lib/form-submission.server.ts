import { HONEYPOT_FIELD } from "./form-rules.ts";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { writeAllowedContext } from "~/context.server.ts";
import { createBookingReference } from "./booking-reference.ts";
import { SUBMISSION_ID_FIELD, type FormResult } from "./form-result.ts";
import { RATE_LIMITED } from "./messages.ts";

import { formDataToObject, parseForm } from "./schemas/form-data.ts";

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
  const formData = await request.formData();
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
  const submissionId = String(formData.get(SUBMISSION_ID_FIELD) ?? "").slice(0, 64) || null;
  return { kind: "valid", data: parsed.data, submissionId, values };
}

export function formSuccess(message: string, reference?: string): FormResponse {
  return data<FormResult>({ status: "success", message, reference }, { status: 200 });
}

export function formError(message: string, values: Record<string, string>, status = 500): FormResponse {
  return data<FormResult>({ status: "error", message, values }, { status });
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
