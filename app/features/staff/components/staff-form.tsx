import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
  type SubmitEvent,
} from "react";
import { Form, useActionData, useNavigation, type FormProps } from "react-router";
import { SUBMISSION_ID_FIELD } from "~/shared/forms/form-result.ts";

/**
 * What the console's form is sending while it is under way (its fields), else null: for its
 * submit buttons (`SubmitButton`) and for optimistic views of the change (`useSending`).
 */
const SendingContext = createContext<FormData | null>(null);

/**
 * What the console's layout loads for its forms: `seed`, new at each load of the layout (so after
 * every successful post, whose redirect loads it again), from which each rendered form makes its
 * submission id; and the notice of the write just made, which the redirect's address names
 * (app/features/staff/staff-submissions.server.ts).
 */
interface StaffForms {
  seed: string;
  notice: Record<string, unknown> | null;
}

const StaffFormsContext = createContext<StaffForms | null>(null);

/** Around the console's pages (its layout): what `StaffForm` and `useStaffNotice` read. */
export function StaffFormsProvider({ seed, notice, children }: StaffForms & { children: ReactNode }) {
  const value = useMemo(() => ({ seed, notice }), [seed, notice]);
  return <StaffFormsContext.Provider value={value}>{children}</StaffFormsContext.Provider>;
}

/**
 * What the page's notice shows: the action's own answer (a refusal, with messages beside the
 * fields), else the notice of the write the redirect after a success names.
 */
export function useStaffNotice<T>(actionData: T | undefined): T | undefined {
  const notice = useContext(StaffFormsContext)?.notice;
  return actionData ?? ((notice ?? undefined) as T | undefined);
}

/**
 * A form of the staff console: React Router's `<Form>`, so without JavaScript (or before the
 * console has hydrated) it is a plain form post, and once hydrated it is sent as a data request.
 * A write answers a success with a redirect to the page (post/redirect/get) and a refusal with the
 * page and its messages. While this form (not another on the page) is under way it is `aria-busy`
 * and its buttons are disabled, the pressed one saying what is happening (`SubmitButton`'s
 * `pending`).
 *
 * It carries its own submission id (a hidden field): the layout's seed and React's id of this
 * form, the same on the server and once hydrated, and new after each successful post. The same
 * form sent twice carries the same id, and the server writes it once (`writeOnce`).
 *
 * `resetOnSuccess`: a form that creates something (an account, a venue) is emptied once its
 * answer is a success, as the page a plain post answers with would show it.
 */
export function StaffForm({
  resetOnSuccess = false,
  onSubmit,
  children,
  ...props
}: FormProps & { resetOnSuccess?: boolean }) {
  const navigation = useNavigation();
  const forms = useContext(StaffFormsContext);
  const formId = useId().replace(/[^A-Za-z0-9]/g, "");
  const answer = useActionData() as { tone?: string } | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  // What this form sent last. The navigation under way is this form's when it carries the same
  // fields: React Router builds its FormData from the same form and button.
  const [sent, setSent] = useState<string | null>(null);
  const sending =
    sent !== null && navigation.formData && fieldsOf(navigation.formData) === sent
      ? navigation.formData
      : null;
  const wasSending = useRef(false);
  useEffect(() => {
    // The answer to this form has arrived (the router sets it and goes idle in one update): a
    // success is a redirect, so no action data, or a notice of success.
    if (wasSending.current && !sending && resetOnSuccess && (!answer || answer.tone === "success"))
      formRef.current?.reset();
    wasSending.current = sending !== null;
  }, [sending, answer, resetOnSuccess]);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    if (!event.defaultPrevented) setSent(fieldsOf(new FormData(event.currentTarget, event.submitter)));
  };
  return (
    <SendingContext.Provider value={sending}>
      <Form {...props} ref={formRef} onSubmit={submit} aria-busy={sending ? true : undefined}>
        {forms && props.method === "post" ? (
          <input type="hidden" name={SUBMISSION_ID_FIELD} value={`${forms.seed}.${formId}`} />
        ) : null}
        {children}
      </Form>
    </SendingContext.Provider>
  );
}

/** A form's fields as one string, to tell one submission from another. */
function fieldsOf(fields: FormData): string {
  return JSON.stringify([...fields.entries()].map(([name, value]) => [name, String(value)]));
}

/** The fields the enclosing `StaffForm` is sending, while it is, else null. */
function useSending(): FormData | null {
  return useContext(SendingContext);
}

/**
 * A submit button of a `StaffForm`: disabled while the form is sent (no second post from a double
 * click), and, when it is the button that sent it (its `name` and `value`, if it has them),
 * saying so with `pending` ("Saving…").
 */
export function SubmitButton({
  pending,
  children,
  name,
  value,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "value"> & {
  pending: string;
  value?: string;
}) {
  const sending = useSending();
  const pressed = sending !== null && (name === undefined || sending.get(name) === value);
  return (
    <button {...props} type="submit" name={name} value={value} disabled={disabled || sending !== null}>
      {pressed ? pending : children}
    </button>
  );
}
