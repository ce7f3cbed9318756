import { useEffect } from "react";
import { useFetcher } from "react-router";
import { newsletter } from "~/content/footer.ts";
import type { FormResult } from "~/lib/form-result.ts";
import { FIELD_LABELS, SENDING } from "~/lib/messages.ts";
import { HoneypotField, InputField } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import { useFormValidation } from "./use-form-validation.ts";
import "./newsletter-form.css";

/**
 * The newsletter box (footer, and the /newsletter page). With JavaScript it
 * posts through a fetcher and answers in place; without, the browser posts to
 * /newsletter, which shows the outcome and this form again.
 *
 * `serverResult` is the /newsletter page's action data, for the page without
 * JavaScript; the footer passes nothing.
 */
/** The newsletter schema, loaded when the page is idle (see useFormValidation). */
const loadParse = () =>
  import("~/lib/schemas/newsletter.ts").then(({ parseNewsletterForm }) => parseNewsletterForm);

export function NewsletterForm({ serverResult }: { serverResult?: FormResult }) {
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data ?? serverResult;
  const { formRef, fieldErrors, onSubmit, clearError } = useFormValidation(loadParse, result);
  const busy = fetcher.state !== "idle";

  // A confirmed address leaves the box empty, ready for the next one.
  useEffect(() => {
    if (fetcher.data?.status === "success") formRef.current?.reset();
  }, [fetcher.data, formRef]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      noValidate
      className="newsletter-form"
      // Subscribing changes nothing any page shows: no need to reload their data.
      defaultShouldRevalidate={false}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else onSubmit(event);
      }}
    >
      <HoneypotField />
      <div className="newsletter-form__row">
        <InputField
          name="email"
          type="email"
          label={FIELD_LABELS.email}
          autoComplete="email"
          inputMode="email"
          required
          placeholder={newsletter.placeholder}
          defaultValue={result?.status === "success" ? undefined : result?.values.email}
          error={fieldErrors.email}
          onChange={() => clearError("email")}
          className="newsletter-form__field"
        />
        <button
          type="submit"
          className="btn btn--primary newsletter-form__submit"
          aria-disabled={busy || undefined}
        >
          {busy ? SENDING : newsletter.button}
        </button>
      </div>
      {/* Hidden while sending, so each answer is a new notice even if its text repeats. */}
      {busy ? null : result?.status === "success" ? (
        <Notice tone="success" className="newsletter-form__notice">
          {result.message}
        </Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error" className="newsletter-form__notice">
          {result.message}
        </Notice>
      ) : null}
    </fetcher.Form>
  );
}
