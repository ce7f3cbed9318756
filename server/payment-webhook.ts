import type { ErrorRequestHandler, RequestHandler } from "express";
import type { DB } from "../app/shared/db/client.server.ts";
import type { PaymentProvider } from "../app/features/payments/payment-provider.server.ts";
import { paymentWebhookRoute } from "../app/features/payments/webhook-route.server.ts";
import { BODY_LIMIT_BYTES, bodyLimit } from "./body-limit.ts";
import { TIMEOUTS } from "./timeouts.ts";

/**
 * The payment provider's webhook as server/app.ts mounts it (ADR 0018). It comes before the form
 * guards, so it takes their size limit itself: a body over it is answered 413 at once and the
 * connection closed, as a form's is, and its answer is bounded by the request time limit.
 */
export function paymentWebhook(
  database: () => Promise<DB>,
  provider: PaymentProvider,
  { timeMs = TIMEOUTS.request }: { timeMs?: number } = {},
): (RequestHandler | ErrorRequestHandler)[] {
  return [
    bodyLimit(BODY_LIMIT_BYTES, (res) =>
      res.status(413).set("Connection", "close").json({ status: false, outcome: "too-large" }),
    ),
    ...paymentWebhookRoute(database, provider, { maxBytes: BODY_LIMIT_BYTES, timeMs }),
  ];
}
