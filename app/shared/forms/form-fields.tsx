import { useId, type ReactNode } from "react";
import { HONEYPOT_FIELD, LIMITS } from "~/shared/forms/form-rules.ts";
import { FIELD_LABELS } from "~/shared/messages.ts";
import { PAYMENT_METHODS } from "~/shared/db/schema.ts";
import { useIslandId } from "../islands/island.tsx";

/**
 * Labelled form controls with their message beside them: `aria-invalid` and
 * `aria-describedby` tie the message to the control for screen readers.
 * Forms use `noValidate`, so the browser's bubbles never hide our messages
 * (decisions.md 7); the zod schema decides, in the browser and on the server.
 */
interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
}

/**
 * `fixedId` names a control whose ids must follow its form's id (see NewsletterForm). In an island
 * the ids follow the island's (`room-booking-email`): it hydrates as a root of its own, where
 * `useId` would not give the ids the server rendered.
 */
function useFieldIds(name: string, error?: string, hint?: string, fixedId?: string) {
  const generated = useId();
  const island = useIslandId();
  const id = fixedId ?? (island ? `${island}-${name}` : generated);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return { id, errorId, hintId, describedBy: describedBy || undefined };
}

function FieldShell({
  id,
  label,
  error,
  errorId,
  hint,
  hintId,
  className,
  children,
}: FieldProps & { id: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <div className={["field", error ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function InputField({
  name,
  label,
  error,
  hint,
  className,
  id,
  ...input
}: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  const ids = useFieldIds(name, error, hint, id);
  return (
    <FieldShell {...{ name, label, error, hint, className }} {...ids}>
      <input
        id={ids.id}
        name={name}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  className,
  children,
  ...select
}: FieldProps & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  const ids = useFieldIds(name, error, hint);
  return (
    <FieldShell {...{ name, label, error, hint, className }} {...ids}>
      <select
        id={ids.id}
        name={name}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  name,
  label,
  error,
  hint,
  className,
  ...textarea
}: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const ids = useFieldIds(name, error, hint);
  return (
    <FieldShell {...{ name, label, error, hint, className }} {...ids}>
      <textarea
        id={ids.id}
        name={name}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
    </FieldShell>
  );
}

/**
 * A field people never see and bots fill in (decisions.md 16). Hidden from
 * sight, from screen readers and from the tab order.
 */
export function HoneypotField() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

type Values = Readonly<Record<string, string | undefined>>;

/**
 * Who is booking: the fields the Room Booking dialog and every tab of
 * /booking start with (name, e-mail, phone, payment method).
 */
export function GuestFields({ values, fieldErrors }: { values: Values; fieldErrors: Values }) {
  return (
    <>
      <InputField
        name="name"
        label={FIELD_LABELS.name}
        autoComplete="name"
        maxLength={LIMITS.name}
        required
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      <InputField
        name="email"
        label={FIELD_LABELS.email}
        type="email"
        autoComplete="email"
        maxLength={LIMITS.email}
        required
        defaultValue={values.email}
        error={fieldErrors.email}
      />
      <InputField
        name="phone"
        label={FIELD_LABELS.phone}
        type="tel"
        autoComplete="tel"
        maxLength={LIMITS.phone}
        required
        defaultValue={values.phone}
        error={fieldErrors.phone}
      />
      <SelectField
        name="paymentMethod"
        label={FIELD_LABELS.paymentMethod}
        required
        defaultValue={values.paymentMethod ?? PAYMENT_METHODS[0]}
        error={fieldErrors.paymentMethod}
      >
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
    </>
  );
}
