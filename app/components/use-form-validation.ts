import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { FormResult } from "~/lib/form-result.ts";
import type { FormInput, ParseFormResult } from "~/lib/schemas/form-data.ts";

type Errors = Record<string, string | undefined>;

type Parse<T> = (input: FormInput) => ParseFormResult<T>;

/**
 * Runs the form's zod schema in the browser before anything is sent: bad
 * input gets its message beside the field at once, without a round trip.
 * The server runs the same schema again and trusts nothing.
 *
 * The schema (and zod, about 24 KB) is loaded with `loadParse` once the page
 * is idle, so the first paint never waits for it. A guest who submits before
 * it has arrived waits for it, then the form submits itself again; if it
 * cannot be loaded, the form goes to the server, which validates alone.
 *
 * `result` is what the action answered (useActionData or fetcher.data); the
 * hook merges its field errors with the browser's, and after either moves
 * focus to the first field in error.
 */
export function useFormValidation<T>(loadParse: () => Promise<Parse<T>>, result: FormResult | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const parseRef = useRef<Parse<T> | null>(null);
  const loadingRef = useRef<Promise<Parse<T> | null> | null>(null);
  const unavailableRef = useRef(false);

  const load = useCallback(() => {
    loadingRef.current ??= loadParse().then(
      (parse) => (parseRef.current = parse),
      () => {
        unavailableRef.current = true;
        return null;
      },
    );
    return loadingRef.current;
  }, [loadParse]);

  useEffect(() => {
    parseRef.current = null;
    loadingRef.current = null;
    const start = () => void load();
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 200);
    return () => window.clearTimeout(id);
  }, [load]);
  // What the browser found, and the server answer it was found after: a new
  // answer from the server replaces the browser's findings.
  const [client, setClient] = useState<{ errors: Errors; after: FormResult | undefined } | null>(null);
  const clientErrors = client && client.after === result ? client.errors : null;

  const fieldErrors: Errors = useMemo(
    () => clientErrors ?? (result?.status === "invalid" ? result.fieldErrors : {}),
    [clientErrors, result],
  );

  useEffect(() => {
    const form = formRef.current;
    if (!form || Object.keys(fieldErrors).length === 0) return;
    form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [fieldErrors]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (unavailableRef.current) return;
      const form = event.currentTarget;
      const parse = parseRef.current;
      if (!parse) {
        event.preventDefault();
        const { submitter } = event.nativeEvent as SubmitEvent;
        void load().then(() => form.requestSubmit(submitter));
        return;
      }
      const parsed = parse(new FormData(form));
      if (parsed.ok) {
        setClient(null);
        return;
      }
      event.preventDefault();
      setClient({ errors: parsed.fieldErrors as Errors, after: result });
    },
    [load, result],
  );

  /** Forget the browser's findings for one field once the guest changes it. */
  const clearError = useCallback((name: string) => {
    setClient((found) =>
      found?.errors[name] ? { ...found, errors: { ...found.errors, [name]: undefined } } : found,
    );
  }, []);

  return { formRef, fieldErrors, onSubmit, clearError };
}
