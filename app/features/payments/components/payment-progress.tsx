import { formatDisplayDate, formatLodgeTime } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import {
  bookAgainAddress,
  HOLD_ENDED,
  LATE_PAYMENT_REFUND,
  PROGRESS_REFRESH_SECONDS,
  PROVIDER_UNREACHABLE,
  providerUnreachableOptions,
  quotedReason,
  RETRY_INTENT,
  type PayLoaderData,
  type PayView,
} from "~/features/payments/pay-view.ts";
import type { PayActionData } from "~/features/payments/pay-page.server.ts";
import { islandApi } from "../../../shared/islands/island-api.ts";
import { Notice } from "../../../shared/ui/notice.tsx";

// What the payment step says about the payment (ADR 0018): the progress while the guest approves
// the prompt on the phone, then the outcome. The page renders it on the server; the progress
// island (payment-progress-island.tsx) renders the same components as the status changes, so a
// guest with JavaScript and one without read the same words.

/** The address of the payment step's page. */
export function payStepAddress(reference: string, token: string): string {
  return `/pay/${encodeURIComponent(reference)}?token=${encodeURIComponent(token)}`;
}

/**
 * The payment step's JSON route (app/routes/api/pay.ts), for its islands: the page's loader and
 * action as JSON, for `?reference=&token=`.
 */
export const payApi = islandApi<PayLoaderData, PayActionData>("/api/pay");

/** While the prompt is on its way to the phone or waits for the guest's PIN. */
function PaymentProgress({ view }: { view: PayView }) {
  const { attempt } = view;
  const reached = attempt?.status === "pending";
  return (
    <div className="payment-progress" data-payment-progress={view.reference}>
      <Notice tone="info">
        {attempt?.method === "Credit Card" ? (
          <>We are confirming your card payment with the payment service; this can take a moment.</>
        ) : reached ? (
          <>
            A payment request was sent to {attempt.phone} ({attempt.operator}).{" "}
            <strong>Approve it on your phone with your PIN.</strong>
          </>
        ) : (
          <>We are reaching the payment service for your payment request; this can take a moment.</>
        )}{" "}
        This page updates by itself; keep it open.
      </Notice>
      <p className="payment-progress__check">
        <a href={payStepAddress(view.reference, view.token)}>Check now</a>
      </p>
      <RefreshWithoutScript />
    </div>
  );
}

/**
 * Without JavaScript the page reloads itself while it waits. A <meta> refresh inside
 * <noscript>, not a Refresh header: a header would reload the page under the island too, and a
 * browser with JavaScript never applies what <noscript> holds. Raw HTML, so that React does not
 * hoist the <meta> out of the <noscript> into the head.
 */
function RefreshWithoutScript() {
  return (
    <noscript
      dangerouslySetInnerHTML={{
        __html: `<meta http-equiv="refresh" content="${PROGRESS_REFRESH_SECONDS}">`,
      }}
    />
  );
}

/**
 * The payment service could not be reached with the guest's request: said plainly, with what
 * the guest can do. "Try again" is a plain form (the same with JavaScript, inside the island);
 * meanwhile the page keeps asking, and shows the form again once the service answers.
 */
function PaymentUnreachable({ view }: { view: PayView }) {
  return (
    <div className="payment-progress" data-payment-progress={view.reference}>
      <Notice tone="error">
        {PROVIDER_UNREACHABLE}
        {view.dueBy ? ` Your room stays held until ${formatLodgeTime(view.dueBy)} (Lusaka time).` : ""}
      </Notice>
      <p>{providerUnreachableOptions(view.lodgePhone)}</p>
      <form method="post" action={payStepAddress(view.reference, view.token)}>
        <input type="hidden" name="intent" value={RETRY_INTENT} />
        <button type="submit" className="btn btn--primary">
          Try again
        </button>
      </form>
      <RefreshWithoutScript />
    </div>
  );
}

/** The outcome once the provider has spoken (or the hold ended), and a failed attempt's reason. */
export function PaymentOutcome({ view }: { view: PayView }) {
  switch (view.state) {
    case "paid":
      return (
        <Notice tone="success">
          Thank you, {view.guestName}: your deposit of {formatKwacha(view.deposit)} is received and your{" "}
          {view.kind} <strong>{view.reference}</strong> is confirmed. A confirmation is on its way by e-mail.
        </Notice>
      );
    case "waiting":
      return <PaymentProgress view={view} />;
    case "unreachable":
      return <PaymentUnreachable view={view} />;
    case "otp":
      // The code form (payment-otp-form.tsx) says what to do.
      return null;
    case "expired":
      return (
        <Notice tone="error">
          {view.refundDue ? (
            LATE_PAYMENT_REFUND
          ) : (
            <>
              {HOLD_ENDED} You can <a href={bookAgainAddress(view)}>book again</a>.
            </>
          )}
        </Notice>
      );
    case "closed":
      return (
        <Notice tone="info">
          This {view.kind} no longer awaits a payment. See it on <a href="/my-booking">My Booking</a>.
        </Notice>
      );
    case "pay":
      return view.attempt?.status === "failed" || view.attempt?.status === "abandoned" ? (
        <Notice tone="error">
          {view.attempt.method === "Credit Card"
            ? "The card payment did not go through"
            : `The payment from ${view.attempt.phone} did not go through`}
          {view.attempt.reason ? `: ${quotedReason(view.attempt.reason)}` : ""}. You can try again.
        </Notice>
      ) : null;
  }
}

/** The stay and its money, as the guest checks them before and after paying. */
export function PaySummary({ view }: { view: PayView }) {
  return (
    <dl className="pay-step__facts">
      <dt>Reference</dt>
      <dd>{view.reference}</dd>
      <dt>Room</dt>
      <dd>{view.room}</dd>
      <dt>Stay</dt>
      <dd>
        {formatDisplayDate(view.checkIn)} to {formatDisplayDate(view.checkOut)} ({view.nights} night
        {view.nights === 1 ? "" : "s"})
      </dd>
      <dt>Total</dt>
      <dd>{formatKwacha(view.total)}</dd>
      <dt>Deposit</dt>
      <dd>{formatKwacha(view.deposit)}</dd>
      {view.paid > 0 ? (
        <>
          <dt>Paid</dt>
          <dd>{formatKwacha(view.paid)}</dd>
          <dt>Due at the lodge</dt>
          <dd>{formatKwacha(Math.max(0, view.total - view.paid))}</dd>
        </>
      ) : null}
      {view.dueBy ? (
        <>
          <dt>Room held until</dt>
          <dd>{formatLodgeTime(view.dueBy)} (Lusaka time)</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The deposit and cancellation policies, read before paying (decisions.md 33). */
export function PayPolicies({ view }: { view: PayView }) {
  return (
    <section aria-labelledby="pay-policies-title" className="pay-step__policies">
      <h2 id="pay-policies-title">Deposit and cancellation</h2>
      <p>{view.depositPolicy}</p>
      <p>{view.cancellationPolicy}</p>
    </section>
  );
}
