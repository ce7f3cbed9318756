import { useEffect, useRef, useState } from "react";
import { getJson } from "~/shared/islands/island-api.ts";
import { confirmedTitle, PROGRESS_REFRESH_SECONDS, type PayView } from "~/features/payments/pay-view.ts";
import { PaymentOtpForm, type PayAnswer } from "./payment-otp-form.tsx";
import { PaymentOutcome, PayPolicies, PaySummary, payApi, payStepAddress } from "./payment-progress.tsx";

// The payment step while the guest approves the prompt on the phone, as an island (ADR 0015,
// ADR 0018): it asks the page's loader through its JSON route (`/api/pay?reference=…&token=…`,
// no-store, nothing without the link's token) every few seconds and shows the outcome in place:
// the confirmation with the reference, the failure and its reason, or the end of the hold. It hydrates as soon as
// the page's script runs (the guest waits on it, there is no intent to wait for). Without
// JavaScript, PaymentProgress's <noscript> refresh reloads the whole page instead. When the
// provider asks for a one-time code first (`otp`), the island shows the code form and stops
// asking; once the code is taken the action sends the guest back to this page, waiting again.

/** After an unreadable answer (network, a proxy), ask less often, up to every 30 s. */
const SLOWEST_MS = 30_000;

export function PaymentProgressIsland({
  view: initial,
  answer,
}: {
  view: PayView;
  /** The action's answer to a code posted without JavaScript (a refused code). */
  answer?: PayAnswer | null;
}) {
  const [view, setView] = useState(initial);
  const outcome = useRef<HTMLDivElement>(null);
  // Waiting on the guest's phone, or on a payment service that could not be reached.
  const following = (state: PayView["state"]) => state === "waiting" || state === "unreachable";
  const waiting = following(view.state);

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = (delay: number) => {
      timer = setTimeout(async () => {
        const answer = await getJson(payApi, { reference: initial.reference, token: initial.token });
        if (stopped) return;
        if (answer?.ok) {
          setView(answer.view);
          // Still waiting: ask again at the usual pace (the effect ends when it is over).
          if (following(answer.view.state)) ask(PROGRESS_REFRESH_SECONDS * 1000);
        } else {
          ask(Math.min(SLOWEST_MS, delay * 2));
        }
      }, delay);
    };
    ask(PROGRESS_REFRESH_SECONDS * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, initial.reference, initial.token]);

  useEffect(() => {
    if (waiting || view.state === "otp") return;
    // The page is not React's beyond this island: its heading and title follow the outcome as a
    // reload would have set them (pay.tsx), and focus goes to the outcome so it is read out.
    if (view.state === "paid") {
      const heading = document.querySelector("h1");
      if (heading) heading.textContent = confirmedTitle(view.kind);
      document.title = document.title.replace("Pay your deposit", confirmedTitle(view.kind));
    }
    const notice = outcome.current?.querySelector<HTMLElement>(".notice");
    if (notice) {
      notice.tabIndex = -1;
      notice.focus();
    }
  }, [waiting, view.state, view.kind]);

  return (
    <>
      <div ref={outcome} className="payment-progress__outcome" data-pay-state={view.state}>
        <PaymentOutcome view={view} />
        {view.state === "otp" ? <PaymentOtpForm view={view} answer={answer} /> : null}
        {view.state === "pay" ? (
          <p>
            {/* The form is the page's, not the island's: loading the page again brings it. */}
            <a className="btn btn--primary" href={payStepAddress(view.reference, view.token)}>
              Try again
            </a>
          </p>
        ) : null}
      </div>
      <PaySummary view={view} />
      {waiting || view.state === "otp" ? <PayPolicies view={view} /> : null}
    </>
  );
}
