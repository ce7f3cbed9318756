import { newsletter } from "~/content/footer.ts";
import type { FormResult } from "~/shared/forms/form-result.ts";
import { FIELD_LABELS, NEWSLETTER_ERROR, SENDING } from "~/shared/messages.ts";
import { HoneypotField, InputField } from "../../../shared/forms/form-fields.tsx";
import { Island } from "../../../shared/islands/island.tsx";
import { islandApi } from "../../../shared/islands/island-api.ts";
import { Notice } from "../../../shared/ui/notice.tsx";
import { useIslandForm } from "../../../shared/islands/use-island-form.ts";
import "./newsletter-form.css";

/** The island's JSON route (app/routes/api/newsletter.ts): /newsletter's action, answered as JSON. */
export const newsletterApi = islandApi<never, FormResult>("/api/newsletter");

/** The id of the form on the /newsletter page. */
const PAGE_FORM_ID = "newsletter-form";

interface NewsletterFormProps {
  id?: string;
  result?: FormResult;
}

/**
 * The newsletter box, an island (ADR 0015): in the footer of every page, and on /newsletter,
 * whose action takes both. Without JavaScript the browser shows /newsletter's answer (the outcome
 * and this form again); once live the box checks the address first and shows the answer in place.
 * `result` is the /newsletter page's action data; the footer has none.
 */
export function NewsletterForm({ id = PAGE_FORM_ID, result }: NewsletterFormProps) {
  return (
    <Island
      name="newsletter"
      id={`${id}-box`}
      component={NewsletterFormIsland}
      props={result ? { id, result } : { id }}
    />
  );
}

export function NewsletterFormIsland({ id = PAGE_FORM_ID, result: initial }: NewsletterFormProps) {
  const { formRef, onSubmit, onChange, onFocus, pending, result, fieldErrors, answerKey } =
    useIslandForm<FormResult>({
      api: newsletterApi,
      loadParser: () =>
        import("~/features/newsletter/newsletter-schema.ts").then(
          ({ parseNewsletterForm }) => parseNewsletterForm,
        ),
      resultOf: (answer) => answer,
      failure: NEWSLETTER_ERROR,
      initial,
      resetOnSuccess: true,
    });
  return (
    <form
      id={id}
      method="post"
      action="/newsletter"
      noValidate
      className="newsletter-form"
      ref={formRef}
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={onFocus}
    >
      <HoneypotField />
      <div className="newsletter-form__row">
        <InputField
          // Named after the form: the footer's box and /newsletter's never share one.
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
          error={fieldErrors.email}
          className="newsletter-form__field"
        />
        <button
          type="submit"
          className="btn btn--primary newsletter-form__submit"
          aria-disabled={pending || undefined}
        >
          {pending ? SENDING : newsletter.button}
        </button>
      </div>
      {result?.status === "success" ? (
        <Notice tone="success" className="newsletter-form__notice" key={answerKey}>
          {result.message}
        </Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error" className="newsletter-form__notice" key={answerKey}>
          {result.message}
        </Notice>
      ) : null}
    </form>
  );
}
