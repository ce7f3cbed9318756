import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type SubmitEvent,
} from "react";
import { Form, useActionData, useNavigation, type FormProps } from "react-router";

/**
 * What the console's form is sending while it is under way (its fields), else null: for its
 * submit buttons (`SubmitButton`) and for optimistic views of the change (`useSending`).
 */
const SendingContext = createContext<FormData | null>(null);

/**
 * A form of the staff console: React Router's `<Form>`, so without JavaScript (or before the
 * console has hydrated) it is a plain form post with the page as its answer, and once hydrated it
 * is sent as a data request, the page's loaders run again and the answer shows in place. While
 * this form (not another on the page) is under way it is `aria-busy` and its buttons are disabled,
 * the pressed one saying what is happening (`SubmitButton`'s `pending`).
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
    // The answer to this form has arrived (the router sets it and goes idle in one update).
    if (wasSending.current && !sending && resetOnSuccess && answer?.tone === "success")
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
