import { Notice } from "./notice.tsx";

// The payment step while the guest approves the prompt on the phone (ADR 0018). Rendered on the
// server; the page's Refresh header reloads it until the provider's word has arrived, with or
// without JavaScript. The reference and token name the attempt for anything that follows it.

export interface ProgressAttempt {
  status: string;
  operator: string;
  phone: string;
}

export function PaymentProgress({
  reference,
  token,
  attempt,
}: {
  reference: string;
  token: string;
  attempt: ProgressAttempt | null;
}) {
  const reached = attempt?.status === "pending";
  return (
    <div className="payment-progress" data-payment-progress={reference}>
      <Notice tone="info">
        {reached && attempt ? (
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
        <a href={`/pay/${encodeURIComponent(reference)}?token=${encodeURIComponent(token)}`}>Check now</a>
      </p>
    </div>
  );
}
