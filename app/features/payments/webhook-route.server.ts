import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import type { DB } from "~/shared/db/client.server.ts";
import { logger } from "~/shared/logger.server.ts";
import { receiveWebhook } from "./deposits.server.ts";
import type { PaymentProvider } from "./payment-provider.server.ts";

/**
 * The provider's webhook (POST LENCO_WEBHOOK_PATH), mounted by server/app.ts behind the forms'
 * size limit (server/payment-webhook.ts) but ahead of the other form guards: it is JSON from
 * Lenco's servers, not a form from this site, so neither the same-origin check nor the form-only
 * rule applies; its signature is its proof. The raw body is kept for the signature (a
 * re-serialised body could differ by a byte). Answers 200 once the event is recorded (Lenco
 * resends anything else every 30 minutes for a day), 401 for a forged or tampered one, 400 for a
 * signed body this server cannot read or store (sending it again would not help), 413 for a body
 * over the limit, 503 when the database cannot take it in time (so Lenco tries again).
 */
export function paymentWebhookRoute(
  database: () => Promise<DB>,
  provider: PaymentProvider,
  /** The size and time limits the server puts on every request (server/payment-webhook.ts). */
  limits: { maxBytes: number; timeMs: number },
): [...RequestHandler[], ErrorRequestHandler] {
  return [
    answerWithin(limits.timeMs),
    express.raw({ type: () => true, limit: limits.maxBytes }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const answer = await receiveWebhook(await database(), provider, body, req.headers, { ip: req.ip });
        if (!res.headersSent) answerJson(res, answer.status, answer.outcome);
      } catch (error) {
        logger.error(
          { error: error instanceof Error ? error.message : String(error) },
          "payment webhook not recorded",
        );
        if (!res.headersSent) answerJson(res, 503, "unavailable");
      }
    },
    // The body reader's own refusals (over the limit, cut off, a bad encoding), answered here
    // rather than left to the last error handler, which knows only 500.
    (error: unknown, _req, res, next) => {
      if (res.headersSent) return next(error);
      const status = (error as { status?: unknown }).status;
      if (status === 413) return answerJson(res, 413, "too-large", { close: true });
      if (typeof status === "number" && status >= 400 && status < 500) {
        return answerJson(res, 400, "malformed", { close: true });
      }
      next(error);
    },
  ];
}

function answerJson(res: Response, status: number, outcome: string, { close = false } = {}): void {
  res.setHeader("Cache-Control", "no-store");
  if (close) res.setHeader("Connection", "close");
  res.status(status).json({ status: status === 200, outcome });
}

/**
 * Node's request timeout stops counting once the body is in; a webhook still unanswered after
 * the same time (a database that does not answer) gets 503, so Lenco sends it again later,
 * instead of a connection held open.
 */
function answerWithin(timeMs: number): RequestHandler {
  return (_req, res, next) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return void res.destroy();
      logger.error({ timeMs }, "payment webhook not recorded in time");
      answerJson(res, 503, "unavailable", { close: true });
    }, timeMs);
    res.once("close", () => clearTimeout(timer));
    next();
  };
}
