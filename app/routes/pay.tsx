import { InputField } from "~/shared/forms/form-fields.tsx";
import { Notice } from "~/shared/ui/notice.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { Island } from "~/shared/islands/island.tsx";
import { PaymentOutcome, PayPolicies, PaySummary } from "~/features/payments/components/payment-progress.tsx";
import { PaymentProgressIsland } from "~/features/payments/components/payment-progress-island.tsx";
import { CardPaymentIsland } from "~/features/payments/components/card-payment-island.tsx";
import { formatKwacha } from "~/shared/money.ts";
import { MOBILE_MONEY_OPERATORS } from "~/features/payments/mobile-money-schema.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import type { Route } from "./+types/pay";
import { confirmedTitle, type PayView } from "~/features/payments/pay-view.ts";
import { loadPayStep, submitPayStep } from "../features/payments/pay-page.server.ts";
import "~/features/payments/components/pay-step.css";

// The payment step (decisions.md 33, ADR 0018): the deposit of a stay (a room booking or a
// reservation) held `Awaiting payment`, paid by mobile money or card. The guest sees the deposit and cancellation policies, gives the
// number that gets the PIN prompt, and follows the progress: without JavaScript the page reloads
// itself every few seconds (a <noscript> meta refresh); with it, the progress island asks the
// loader for the status and shows the outcome in place (app/features/payments/components/payment-progress-island.tsx).
// When the provider first texts the guest a one-time code, the island shows the code form
// (app/features/payments/components/payment-otp-form.tsx), a plain form without JavaScript.

const TITLE = "Pay your deposit";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: TITLE,
    description: "Pay the deposit of your room booking or reservation by mobile money.",
    path: "/pay",
    origin: originFromMatches(matches),
    noindex: true,
  });
}

/** The loader's headers (no-store) are the page's. */
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
      <PageHeader title={view.state === "paid" ? confirmedTitle(view.kind) : TITLE} />
      <section className="section">
        <div className="container pay-step">
          {view.sandbox ? (
            <Notice tone="info">
              Test mode: no real money moves. Use the payment service's sandbox numbers.
            </Notice>
          ) : null}
          {view.state === "waiting" || view.state === "unreachable" || view.state === "otp" ? (
            <Island
              name="payment-progress"
              id="payment-progress"
              component={PaymentProgressIsland}
              props={{ view, answer: view.state === "otp" ? (actionData ?? null) : null }}
              eager
            />
          ) : (
            <>
              <PaymentOutcome view={view} />
              <PaySummary view={view} />
              {view.state === "pay" ? <PayPolicies view={view} /> : null}
              {view.state === "pay" && view.cardFirst ? <CardOption view={view} /> : null}
              {view.state === "pay" ? <PayForm view={view} actionData={actionData} /> : null}
              {view.state === "pay" && view.card && !view.cardFirst ? <CardOption view={view} /> : null}
            </>
          )}
        </div>
      </section>
    </>
  );
}

/** Pay by card in the provider's widget (ADR 0018 "Cards"); an island, live as soon as it can be. */
function CardOption({ view }: { view: PayView }) {
  return (
    <Island
      name="card-payment"
      id="card-payment"
      component={CardPaymentIsland}
      props={{ reference: view.reference, token: view.token, deposit: view.deposit }}
      eager
    />
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
