import { InputField } from "~/components/form-fields.tsx";
import { Notice } from "~/components/notice.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { PaymentProgress } from "~/components/payment-progress.tsx";
import { formatDisplayDate, formatLodgeTime } from "~/lib/dates.ts";
import { formatKwacha } from "~/lib/money.ts";
import { MOBILE_MONEY_OPERATORS } from "~/lib/schemas/mobile-money-payment.ts";
import { originFromMatches, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/pay";
import { loadPayStep, submitPayStep, type PayView } from "./pay.server.ts";
import "~/components/pay-step.css";

// The payment step (decisions.md 33, ADR 0018): the deposit of a room booking held `Awaiting
// payment`, paid by mobile money. The guest sees the deposit and cancellation policies, gives the
// number that gets the PIN prompt, and follows the progress: without JavaScript the page reloads
// itself every few seconds (a Refresh header); with it, the progress island asks for the status.

const TITLE = "Pay your deposit";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: TITLE,
    description: "Pay the deposit of your room booking by mobile money.",
    path: "/pay",
    origin: originFromMatches(matches),
    noindex: true,
  });
}

/** The loader's headers (no-store, and Refresh while the guest approves) are the page's. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPayStep(request, context, params.reference);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return submitPayStep(request, context, params.reference);
}

export default function PayPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <>
        <PageHeader title={TITLE} />
        <section className="section">
          <div className="container pay-step">
            <Notice tone="error">{loaderData.message}</Notice>
            <p>
              <a href="/my-booking">My Booking</a>
            </p>
          </div>
        </section>
      </>
    );
  }
  const { view } = loaderData;
  return (
    <>
      <PageHeader title={view.state === "paid" ? "Booking confirmed" : TITLE} />
      <section className="section">
        <div className="container pay-step">
          {view.sandbox ? (
            <Notice tone="info">
              Test mode: no real money moves. Use the payment service's sandbox numbers.
            </Notice>
          ) : null}
          <Outcome view={view} />
          <StaySummary view={view} />
          {view.state === "pay" || view.state === "waiting" ? <Policies view={view} /> : null}
          {view.state === "pay" ? <PayForm view={view} actionData={actionData} /> : null}
        </div>
      </section>
    </>
  );
}

function Outcome({ view }: { view: PayView }) {
  switch (view.state) {
    case "paid":
      return (
        <Notice tone="success">
          Thank you, {view.guestName}: your deposit of {formatKwacha(view.deposit)} is received and your
          booking <strong>{view.reference}</strong> is confirmed. A confirmation is on its way by e-mail.
        </Notice>
      );
    case "waiting":
      return <PaymentProgress reference={view.reference} token={view.token} attempt={view.attempt} />;
    case "expired":
      return (
        <Notice tone="error">
          {view.refundDue
            ? "Your payment arrived after the room's hold had ended and the room has been booked by someone else. The lodge will refund your deposit; we are sorry."
            : "The time to pay ended before a payment was confirmed, so the room has been released. You can book again."}
        </Notice>
      );
    case "closed":
      return (
        <Notice tone="info">
          This booking no longer awaits a payment. See it on <a href="/my-booking">My Booking</a>.
        </Notice>
      );
    case "pay":
      return view.attempt?.status === "failed" || view.attempt?.status === "abandoned" ? (
        <Notice tone="error">
          The payment from {view.attempt.phone} did not go through
          {view.attempt.reason ? `: ${view.attempt.reason}` : ""}. You can try again.
        </Notice>
      ) : null;
  }
}

function StaySummary({ view }: { view: PayView }) {
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

function Policies({ view }: { view: PayView }) {
  return (
    <section aria-labelledby="pay-policies-title" className="pay-step__policies">
      <h2 id="pay-policies-title">Deposit and cancellation</h2>
      <p>{view.depositPolicy}</p>
      <p>{view.cancellationPolicy}</p>
    </section>
  );
}

function PayForm({ view, actionData }: { view: PayView; actionData: Route.ComponentProps["actionData"] }) {
  const values = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const operator = values.operator ?? "";
  return (
    <section aria-labelledby="pay-form-title">
      <h2 id="pay-form-title">Pay {formatKwacha(view.deposit)} by mobile money</h2>
      <p>We send a payment request to your phone: approve it there with your PIN. Never share your PIN.</p>
      {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
      <form method="post" className="pay-step__form" noValidate>
        <fieldset
          className="pay-step__operators"
          aria-describedby={errors.operator ? "pay-operator-error" : undefined}
          aria-invalid={errors.operator ? true : undefined}
        >
          <legend>Mobile money network</legend>
          {MOBILE_MONEY_OPERATORS.map((option) => (
            <label key={option.value} className="pay-step__operator">
              <input
                type="radio"
                name="operator"
                value={option.value}
                defaultChecked={operator === option.value}
                required
              />
              {option.label}
            </label>
          ))}
          {errors.operator ? (
            <p id="pay-operator-error" className="field__error">
              {errors.operator}
            </p>
          ) : null}
        </fieldset>
        <InputField
          name="phone"
          type="tel"
          label="Mobile money number"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          required
          defaultValue={values.phone ?? view.phone}
          hint="The number that gets the payment request, e.g. 0961234567"
          error={errors.phone}
        />
        <button type="submit" className="btn btn--primary">
          Pay {formatKwacha(view.deposit)}
        </button>
      </form>
    </section>
  );
}
