import type { Env } from "~/env.server.ts";
import { LENCO_LIVE_API, LENCO_SANDBOX_API, lencoProvider, lencoWebhookHashKey } from "./lenco.server.ts";
import type { PaymentProvider } from "./payment-provider.server.ts";

/**
 * The payment provider the environment configures, or null: without LENCO_API_TOKEN no payment is
 * offered online and bookings work as they always have (decisions.md 33).
 */
export function paymentProviderFromEnv(
  env: Pick<Env, "LENCO_API_TOKEN" | "LENCO_ENVIRONMENT" | "LENCO_API_URL" | "LENCO_WEBHOOK_SECRET">,
): PaymentProvider | null {
  if (!env.LENCO_API_TOKEN) return null;
  const sandbox = env.LENCO_ENVIRONMENT === "sandbox";
  return lencoProvider({
    apiUrl: env.LENCO_API_URL ?? (sandbox ? LENCO_SANDBOX_API : LENCO_LIVE_API),
    token: env.LENCO_API_TOKEN,
    webhookHashKey: env.LENCO_WEBHOOK_SECRET ?? lencoWebhookHashKey(env.LENCO_API_TOKEN),
    sandbox,
  });
}

/** Where the provider sends its webhooks (give this address to Lenco's support). */
export const LENCO_WEBHOOK_PATH = "/payments/lenco/webhook";
