// One way for every form to go from FormData (or a plain object) to typed data or to
// per-field messages, identical in the browser and in server actions.
import { HONEYPOT_FIELD } from "./form-rules.ts";
import type { z } from "zod";

export type FormInput = FormData | URLSearchParams | Readonly<Record<string, unknown>>;

/** Key for a problem that belongs to no single field. */
export const FORM_ERROR = "_form";

/** Every key of every member of a union (plain `keyof` keeps only the shared ones). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** First message per field, keyed by field name. */
export type FieldErrors<T> = Partial<Record<KeysOf<T> | typeof FORM_ERROR, string>>;

/** What the guest typed, to refill the form after a failed submit without JavaScript. */
export type FormValues = Record<string, string>;

export type ParseFormResult<T> =
  { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors<T>; values: FormValues };

function isEntryList(input: FormInput): input is FormData | URLSearchParams {
  return (
    (typeof FormData !== "undefined" && input instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && input instanceof URLSearchParams)
  );
}

/** FormData → plain object. A repeated name keeps its first value (like FormData.get); files are ignored. */
export function formDataToObject(input: FormInput): Record<string, unknown> {
  if (!isEntryList(input)) return { ...input };
  const fields = new Map<string, string>();
  for (const [key, value] of input.entries()) {
    if (typeof value === "string" && !fields.has(key)) fields.set(key, value);
  }
  // fromEntries defines own properties, so names like '__proto__' stay plain data.
  return Object.fromEntries(fields);
}

function echoValues(fields: Record<string, unknown>): FormValues {
  const entries = Object.entries(fields).flatMap(([key, value]): [string, string][] => {
    if (key === HONEYPOT_FIELD) return [];
    if (typeof value === "string") return [[key, value]];
    if (typeof value === "number" && Number.isFinite(value)) return [[key, String(value)]];
    return [];
  });
  return Object.fromEntries(entries);
}

export function parseForm<S extends z.ZodType>(schema: S, input: FormInput): ParseFormResult<z.output<S>> {
  const fields = formDataToObject(input);
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };

  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : FORM_ERROR;
    // The first problem per field is the one to fix first; later ones would only crowd the page.
    if (!Object.hasOwn(fieldErrors, key)) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors: fieldErrors as FieldErrors<z.output<S>>, values: echoValues(fields) };
}
