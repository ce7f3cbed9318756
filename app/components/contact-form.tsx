import { SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import { CONTACT_ERROR, FIELD_LABELS, SEND_MESSAGE, SENDING } from "~/lib/messages.ts";
import { HoneypotField, InputField, TextAreaField } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import "./contact-form.css";

const FORM_ID = "contact-form";

/**
 * The /contact message form (decisions.md 14). It posts to the page's action
 * with or without JavaScript (form-enhance.ts checks it first and sends it in
 * place); `result` is that action's answer and `submissionId` makes a repeated
 * POST of this form store one message.
 */
export function ContactForm({ submissionId, result }: { submissionId: string; result?: FormResult }) {
  const fieldErrors = result?.status === "invalid" ? result.fieldErrors : {};
  // After a success the guest starts on an empty form.
  const values = result && result.status !== "success" ? result.values : {};
  const field = (name: keyof typeof FIELD_LABELS) => ({
    name,
    label: FIELD_LABELS[name],
    error: fieldErrors[name],
    defaultValue: values[name],
  });

  return (
    <form
      id={FORM_ID}
      method="post"
      // The fragment brings the guest back to the form, and its notice, after the page reloads.
      action={`/contact#${FORM_ID}`}
      noValidate
      className="contact-form"
      data-enhance="contact"
    >
      <template data-failure="">
        <Notice tone="error">{CONTACT_ERROR}</Notice>
      </template>
      {result?.status === "success" ? (
        <Notice tone="success">{result.message}</Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error">{result.message}</Notice>
      ) : null}
      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      <div className="contact-form__fields">
        <InputField {...field("name")} autoComplete="name" required />
        <InputField {...field("email")} type="email" autoComplete="email" inputMode="email" required />
        <InputField {...field("subject")} className="contact-form__wide" />
        <TextAreaField {...field("message")} required rows={6} className="contact-form__wide" />
      </div>
      <button type="submit" className="btn btn--primary contact-form__submit" data-pending-label={SENDING}>
        {SEND_MESSAGE}
      </button>
    </form>
  );
}
