import { newsletter } from "~/content/footer.ts";
import type { FormResult } from "~/lib/form-result.ts";
import { FIELD_LABELS, NEWSLETTER_ERROR, SENDING } from "~/lib/messages.ts";
import { HoneypotField, InputField } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import "./newsletter-form.css";

/** The id of the form on the /newsletter page, whose answer every newsletter box shows. */
const PAGE_FORM_ID = "newsletter-form";

/**
 * The newsletter box: in the footer of every page, and on /newsletter, where
 * it posts. Without JavaScript the browser shows /newsletter's answer (the
 * outcome and this form again); with it (form-enhance.ts) the box checks the
 * address first and shows the answer in place, taken from that page's form.
 * `result` is the /newsletter page's action data; the footer has none.
 */
export function NewsletterForm({ id = PAGE_FORM_ID, result }: { id?: string; result?: FormResult }) {
  const emailError = result?.status === "invalid" ? result.fieldErrors.email : undefined;
  return (
    <form
      id={id}
      method="post"
      action="/newsletter"
      noValidate
      className="newsletter-form"
      data-enhance="newsletter"
      data-swap={`${id}=${PAGE_FORM_ID}`}
    >
      <template data-failure="">
        <Notice tone="error" className="newsletter-form__notice">
          {NEWSLETTER_ERROR}
        </Notice>
      </template>
      <HoneypotField />
      <div className="newsletter-form__row">
        <InputField
          // Named after the form: the script copies /newsletter's answer into the footer's box and
          // renames these ids after it (form-enhance.ts), so the two boxes never share one.
          id={`${id}-email`}
          name="email"
          type="email"
          label={FIELD_LABELS.email}
          autoComplete="email"
          inputMode="email"
          required
          placeholder={newsletter.placeholder}
          // A confirmed address leaves the box empty, ready for the next one.
          defaultValue={result?.status === "success" ? undefined : result?.values.email}
          error={emailError}
          className="newsletter-form__field"
        />
        <button
          type="submit"
          className="btn btn--primary newsletter-form__submit"
          data-pending-label={SENDING}
        >
          {newsletter.button}
        </button>
      </div>
      {result?.status === "success" ? (
        <Notice tone="success" className="newsletter-form__notice">
          {result.message}
        </Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error" className="newsletter-form__notice">
          {result.message}
        </Notice>
      ) : null}
    </form>
  );
}
