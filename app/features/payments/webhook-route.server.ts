import express, { type RequestHandler } from "express";
import type { DB } from "~/shared/db/client.server.ts";
import { logger } from "~/shared/logger.server.ts";
import { receiveWebhook } from "./deposits.server.ts";
import type { PaymentProvider } from "./payment-provider.server.ts";

/**
 * The provider's webhook (POST LENCO_WEBHOOK_PATH), mounted by server/app.ts ahead of the form
 * guards: it is JSON from Lenco's servers, not a form from this site, so neither the same-origin
 * check nor the form-only rule applies; its signature is its proof. The raw body is kept for the
 * signature (a re-serialised body could differ by a byte). Answers 200 once the event is recorded
 * (Lenco resends anything else every 30 minutes for a day), 401 for a forged or tampered one,
 * 503 when the database cannot take it (so Lenco tries again).
 */
export function paymentWebhookRoute(
  database: () => Promise<DB>,
  provider: PaymentProvider,
): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: "64kb" }),
    async (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const answer = await receiveWebhook(await database(), provider, body, req.headers, { ip: req.ip });
        res.status(answer.status).json({ status: answer.status === 200, outcome: answer.outcome });
      } catch (error) {
        logger.error(
          { error: error instanceof Error ? error.message : String(error) },
          "payment webhook not recorded",
        );
        res.status(503).json({ status: false, outcome: "unavailable" });
      }
    },
  ];
}
