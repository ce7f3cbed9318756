import type { FormResult } from "~/shared/forms/form-result.ts";
import { SENDING } from "~/shared/messages.ts";
import { OTP_INTENT, type PayView } from "~/features/payments/pay-view.ts";
import { InputField } from "../../../shared/forms/form-fields.tsx";
import { Notice } from "../../../shared/ui/notice.tsx";
import { payApi, payStepAddress } from "./payment-progress.tsx";
import { useIslandForm } from "../../../shared/islands/use-island-form.ts";

// The payment step's one-time code (ADR 0018): Lenco may first verify the guest's number with a
// code it texts there (`otp-required`); the guest types it here and the PIN prompt follows. A
// plain form that posts the page's action without JavaScript; in the progress island it is
// checked by the same schema first and the answer shows in place (a refused code beside the
// field). The code is never put back into the page: a refused one is typed again.

/** What the payment step's action answers (app/features/payments/pay-page.server.ts, PayActionData). */
export interface PayAnswer {
  message?: string;
  values: Record<string, string>;
  fieldErrors?: Record<string, string | undefined>;
}

const OTP_SEND_FAILED =
  "Your code could not be sent: check your connection and try again. Your room is still held.";

function asResult(answer: PayAnswer): FormResult {
  return answer.fieldErrors
    ? { status: "invalid", fieldErrors: answer.fieldErrors, values: {} }
    : { status: "error", code: "failed", message: answer.message ?? OTP_SEND_FAILED, values: {} };
}

export function PaymentOtpForm({ view, answer }: { view: PayView; answer?: PayAnswer | null }) {
  const action = payStepAddress(view.reference, view.token);
  const { formRef, onSubmit, onChange, onFocus, pending, result, fieldErrors, answerKey } =
    useIslandForm<PayAnswer>({
      api: payApi,
      query: { reference: view.reference, token: view.token },
      loadParser: () =>
        import("~/features/payments/payment-otp-schema.ts").then(
          ({ parsePaymentOtpForm }) => parsePaymentOtpForm,
        ),
      resultOf: asResult,
      failure: OTP_SEND_FAILED,
      initial: answer ? asResult(answer) : null,
    });
  const sentTo = view.attempt ? `${view.attempt.phone} (${view.attempt.operator})` : "your phone";
  return (
    <section aria-labelledby="pay-otp-title" className="payment-otp">
      <h2 id="pay-otp-title">Confirm your number</h2>
      <p>
        The payment service sent a one-time code by text message to {sentTo}. Enter it here; then approve the
        payment request on your phone with your PIN.
      </p>
      {result?.status === "error" ? (
        <Notice tone="error" key={answerKey}>
          {result.message}
        </Notice>
      ) : null}
      <form
        method="post"
        action={action}
        className="pay-step__form"
        noValidate
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        onFocus={onFocus}
      >
        <input type="hidden" name="intent" value={OTP_INTENT} />
        <InputField
          name="otp"
          label="Enter the code sent to your phone"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={20}
          required
          spellCheck={false}
          hint="6 digits, e.g. 123456"
          error={fieldErrors.otp}
        />
        <button type="submit" className="btn btn--primary" aria-disabled={pending || undefined}>
          {pending ? SENDING : "Confirm code"}
        </button>
      </form>
    </section>
  );
}
