import { useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type { FormResult } from "~/shared/forms/form-result.ts";
import { formBody, postForm, type IslandApi, type Query } from "~/shared/islands/island-api.ts";
import { FORM_ERROR, type FormInput, type ParseFormResult } from "~/shared/forms/form-data.ts";

/** A form's zod schema as the browser runs it: the same parse function its action runs. */
export type FormParser = (input: FormInput) => ParseFormResult<unknown>;

/** What a form shows: nothing yet, an answer (or a check in the browser), or that no answer came. */
export type ShownResult = FormResult | null;

interface IslandFormOptions<A> {
  /** The island's JSON route, whose action takes the form as the page's action does. */
  api: IslandApi<unknown, A>;
  /** The search parameters of the page's action (the form's own `action`): `?book=`, `?tab=`. */
  query?: Query;
  /** The form's schema, fetched once the guest starts on the form (zod is a chunk of its own). */
  loadParser: () => Promise<FormParser>;
  /** The FormResult in the action's answer (for actions that answer more than a result). */
  resultOf: (answer: A) => FormResult;
  /** Shown when no answer could be read: the network failed, or a proxy answered instead. */
  failure: string;
  /** Called with every answer of the action, after the result is shown. */
  onAnswer?: (answer: A) => void;
  /** The result the server rendered the form with (a post without JavaScript). */
  initial?: ShownResult;
  /** After a success the form is emptied, ready for the next message or address. */
  resetOnSuccess?: boolean;
}

/**
 * The one way an island's form is sent (ADR 0015): checked with its schema before it leaves (a
 * message beside each field), sent once (a second click while the first is under way sends
 * nothing) to its JSON route, and the answer shown in place: success, errors beside the
 * fields, or the form's failure text, with what the guest typed left as it was (the fields are
 * uncontrolled). Focus then goes to the first field in error, else to the new notice.
 */
export function useIslandForm<A>({
  api,
  query,
  loadParser,
  resultOf,
  failure,
  onAnswer,
  initial = null,
  resetOnSuccess = false,
}: IslandFormOptions<A>) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const parser = useRef<Promise<FormParser | null> | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ShownResult>(initial);
  // Each answer is a new notice (announced again even when its text repeats).
  const [answers, setAnswers] = useState(0);

  const load = () => (parser.current ??= loadParser().catch(() => null));

  const show = (next: ShownResult) => {
    setResult(next);
    setAnswers((count) => count + 1);
  };

  // Before the browser paints the answer: a guest (or a test) who types on at once types into
  // the emptied form, not into one about to be emptied.
  useLayoutEffect(() => {
    if (answers === 0) return;
    const form = formRef.current;
    if (resetOnSuccess && result?.status === "success" && form) resetFields(form);
    const target =
      form?.querySelector<HTMLElement>("[aria-invalid='true']") ??
      form?.closest("[data-island]")?.querySelector<HTMLElement>(".notice") ??
      null;
    if (target?.classList.contains("notice")) target.tabIndex = -1;
    target?.focus();
    // Only a new answer moves focus; the result is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answers]);

  async function send(form: HTMLFormElement, submitter: HTMLElement | null) {
    const parse = await load();
    const checked = parse?.(new FormData(form));
    if (checked && !checked.ok) {
      const fieldErrors = checked.fieldErrors as Record<string, string | undefined>;
      const formMessage = fieldErrors[FORM_ERROR];
      show(
        formMessage
          ? { status: "error", code: "invalid", message: formMessage, values: checked.values }
          : { status: "invalid", fieldErrors, values: checked.values },
      );
      return;
    }
    const answer = await postForm(api, formBody(form, submitter), query);
    if (!answer) {
      show({ status: "error", code: "failed", message: failure, values: {} });
      return;
    }
    // The action sent the guest on (the payment step of a deposit): go there, as the form would
    // without JavaScript. The form stays sending until the next page is shown.
    if ("redirect" in answer) {
      window.location.assign(answer.redirect);
      return new Promise<never>(() => {});
    }
    show(resultOf(answer.body));
    onAnswer?.(answer.body);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // 'Check availability' and other GET buttons load their page as they do without JavaScript.
    if (submitter?.getAttribute("formmethod")?.toLowerCase() === "get") return;
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    // The last answer's notices go while the form is sent.
    setResult(null);
    const form = event.currentTarget;
    void send(form, submitter).finally(() => {
      busy.current = false;
      setPending(false);
    });
  }

  /** A changed field loses its message: the next check or answer says what is still wrong. */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== "string" || result?.status !== "invalid" || !result.fieldErrors[name]) return;
    setResult({ ...result, fieldErrors: { ...result.fieldErrors, [name]: undefined } });
  }

  const fieldErrors = result?.status === "invalid" ? result.fieldErrors : {};
  return {
    formRef,
    onSubmit,
    onChange,
    /** The schema is fetched once the guest starts on the form, not with the page. */
    onFocus: () => void load(),
    pending,
    result,
    fieldErrors,
    /** Changes with each answer: the key of the answer's notice. */
    answerKey: answers,
  };
}

/**
 * Empties a form to what it was rendered with, and tells React. React sees a field change only
 * when its value differs from the last one it knew (its value tracking, which the `value` setter
 * updates); a bare `form.reset()` leaves it knowing the values typed before. Typing the same dates
 * again after a booking then changed nothing React could see: no onChange, so neither the
 * estimate nor the room list followed them, and the list still offered the room just booked.
 */
function resetFields(form: HTMLFormElement) {
  form.reset();
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      field.checked = field.checked;
    } else if (
      (field instanceof HTMLInputElement && field.type !== "file") ||
      field instanceof HTMLTextAreaElement
    ) {
      // Assigning its own value is how React learns it (a no-op for the field).
      field.value = field.value;
    }
  }
}
