import { SUBMISSION_ID_FIELD, type FormResult } from "~/shared/forms/form-result.ts";
import { CONTACT_ERROR, FIELD_LABELS, SEND_MESSAGE, SENDING } from "~/shared/messages.ts";
import { HoneypotField, InputField, TextAreaField } from "../../../shared/forms/form-fields.tsx";
import { Island } from "../../../shared/islands/island.tsx";
import { islandApi } from "../../../shared/islands/island-api.ts";
import { Notice } from "../../../shared/ui/notice.tsx";
import { useIslandForm } from "../../../shared/islands/use-island-form.ts";
import "./contact-form.css";

const FORM_ID = "contact-form";

/** The island's JSON route (app/routes/api/contact.ts): /contact's action, answered as JSON. */
export const contactApi = islandApi<never, FormResult>("/api/contact");

interface ContactFormProps {
  submissionId: string;
  result?: FormResult;
}

/**
 * The /contact message form (decisions.md 14), an island (ADR 0015). It posts to the page's
 * action with or without JavaScript; once live it checks the fields first and shows the answer
 * in place. `result` is that action's answer and `submissionId` makes a repeated POST of this
 * form store one message.
 */
export function ContactForm(props: ContactFormProps) {
  return <Island name="contact" id="contact" component={ContactFormIsland} props={props} />;
}

export function ContactFormIsland({ submissionId, result: initial }: ContactFormProps) {
  const { formRef, onSubmit, onChange, onFocus, pending, result, fieldErrors, answerKey } =
    useIslandForm<FormResult>({
      api: contactApi,
      loadParser: () =>
        import("~/features/contact/contact-schema.ts").then(({ parseContactForm }) => parseContactForm),
      resultOf: (answer) => answer,
      failure: CONTACT_ERROR,
      initial,
      resetOnSuccess: true,
    });
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
      ref={formRef}
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={onFocus}
    >
      {result?.status === "success" ? (
        <Notice tone="success" key={answerKey}>
          {result.message}
        </Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error" key={answerKey}>
          {result.message}
        </Notice>
      ) : null}
      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      <div className="contact-form__fields">
        <InputField {...field("name")} autoComplete="name" required />
        <InputField {...field("email")} type="email" autoComplete="email" inputMode="email" required />
        <InputField {...field("subject")} className="contact-form__wide" />
        <TextAreaField {...field("message")} required rows={6} className="contact-form__wide" />
      </div>
      <button
        type="submit"
        className="btn btn--primary contact-form__submit"
        aria-disabled={pending || undefined}
      >
        {pending ? SENDING : SEND_MESSAGE}
      </button>
    </form>
  );
}
