import { Form, useNavigation } from "react-router";
import { SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import { FIELD_LABELS, SEND_MESSAGE, SENDING } from "~/lib/messages.ts";
import { HoneypotField, InputField, TextAreaField } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import { useFormValidation } from "./use-form-validation.ts";
import "./contact-form.css";

/**
 * The /contact message form (decisions.md 14). It posts to the page's action
 * with or without JavaScript; `result` is that action's answer and
 * `submissionId` makes a repeated POST of this form store one message.
 */
/** The contact schema, loaded when the page is idle (see useFormValidation). */
const loadParse = () => import("~/lib/schemas/contact.ts").then(({ parseContactForm }) => parseContactForm);

export function ContactForm({ submissionId, result }: { submissionId: string; result?: FormResult }) {
  const navigation = useNavigation();
  // Busy from the click until the page has its answer and fresh data ("submitting", then "loading").
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/contact") === true;
  const { formRef, fieldErrors, onSubmit, clearError } = useFormValidation(loadParse, result);
  const values = result && result.status !== "success" ? result.values : {};
  const field = (name: keyof typeof FIELD_LABELS) => ({
    name,
    label: FIELD_LABELS[name],
    error: fieldErrors[name],
    defaultValue: values[name],
    onChange: () => clearError(name),
  });

  return (
    <Form
      ref={formRef}
      id="contact-form"
      method="post"
      // The fragment brings the guest back to the form, and its notice, after the page reloads.
      action="/contact#contact-form"
      noValidate
      className="contact-form"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else onSubmit(event);
      }}
    >
      {/* Hidden while sending, so each answer is a new notice even if its text repeats. */}
      {busy ? null : result?.status === "success" ? (
        <Notice tone="success">{result.message}</Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error">{result.message}</Notice>
      ) : null}
      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      {/* A new submission id (after a success) starts the guest on an empty form. */}
      <div key={submissionId} className="contact-form__fields">
        <InputField {...field("name")} autoComplete="name" required />
        <InputField {...field("email")} type="email" autoComplete="email" inputMode="email" required />
        <InputField {...field("subject")} className="contact-form__wide" />
        <TextAreaField {...field("message")} required rows={6} className="contact-form__wide" />
      </div>
      <button
        type="submit"
        className="btn btn--primary contact-form__submit"
        aria-disabled={busy || undefined}
      >
        {busy ? SENDING : SEND_MESSAGE}
      </button>
    </Form>
  );
}
