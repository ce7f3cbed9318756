import { useRef, useState, useSyncExternalStore } from "react";
import { formatKwacha } from "~/shared/money.ts";
import { postForm } from "~/shared/islands/island-api.ts";
import {
  CARD_COULD_NOT_OPEN,
  CARD_NEEDS_JAVASCRIPT,
  type CardCheckout,
} from "~/features/payments/pay-view.ts";
import { Notice } from "../../../shared/ui/notice.tsx";
import { payApi, payStepAddress } from "./payment-progress.tsx";

// The card option of the payment step (ADR 0018 "Cards"), an island: on the guest's
// click it asks the page's action, through its JSON route, to store a card attempt (our
// reference, the deposit), loads the provider's widget script (only now, and only on this page:
// the CSP lets its origin in on /pay) and opens the widget, where the guest types the card: into
// the provider's own frame, never into this page or to this server. The widget's callbacks only
// make the action ask the provider; the page then shows what the provider said. Without
// JavaScript the option says what to do instead.

interface LencoPayOptions extends Omit<CardCheckout, "scriptUrl"> {
  channels: string[];
  onSuccess: (response: unknown) => void;
  onClose: () => void;
  onConfirmationPending: () => void;
}

declare global {
  interface Window {
    LencoPay?: { getPaid(options: LencoPayOptions): void };
  }
}

/** Nothing to subscribe to: whether the island is live never changes once it is. */
const noChange = () => () => {};

/** Loads the widget's script once (the provider's `inline.js`); resolves when it has run. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (window.LencoPay) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("widget script failed"));
    document.head.append(script);
  });
}

export function CardPaymentIsland({
  reference,
  token,
  deposit,
}: {
  reference: string;
  token: string;
  deposit: number;
}) {
  // False in the server's HTML and while hydrating, true once the island is live.
  const live = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const settled = useRef(false);
  const address = payStepAddress(reference, token);
  const send = (intent: string) => postForm(payApi, new URLSearchParams({ intent }), { reference, token });

  /** Tells the action what the widget said; it asks the provider, and the page shows the answer. */
  async function report(intent: "card-paid" | "card-closed") {
    if (settled.current) return;
    settled.current = true;
    const answer = await send(intent);
    window.location.assign(answer && "redirect" in answer ? answer.redirect : address);
  }

  async function pay() {
    setBusy(true);
    setMessage(null);
    settled.current = false;
    const answer = await send("card");
    if (answer && "redirect" in answer) return window.location.assign(answer.redirect);
    const card = answer?.body.card;
    if (!card) {
      setBusy(false);
      return setMessage(answer?.body.message ?? CARD_COULD_NOT_OPEN);
    }
    try {
      await loadScript(card.scriptUrl);
      if (!window.LencoPay) throw new Error("no LencoPay");
    } catch {
      setBusy(false);
      return setMessage(CARD_COULD_NOT_OPEN);
    }
    const { scriptUrl: _scriptUrl, ...checkout } = card;
    window.LencoPay.getPaid({
      ...checkout,
      channels: ["card"],
      onSuccess: () => void report("card-paid"),
      onConfirmationPending: () => void report("card-paid"),
      onClose: () => void report("card-closed"),
    });
  }

  return (
    <section aria-labelledby="pay-card-title" className="pay-step__card">
      <h2 id="pay-card-title">Pay {formatKwacha(deposit)} by card</h2>
      <p>
        You type your card in the secure window of Lenco, our payment service: your card number and security
        code never reach this site.
      </p>
      {/* Raw HTML, as PaymentProgress renders its refresh: the text is for browsers without JavaScript only. */}
      <noscript dangerouslySetInnerHTML={{ __html: `<p>${CARD_NEEDS_JAVASCRIPT}</p>` }} />
      {message ? <Notice tone="error">{message}</Notice> : null}
      {/* Only once the island is live: before, the button could do nothing. */}
      {live ? (
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void pay()}>
          Pay by card
        </button>
      ) : null}
    </section>
  );
}
