import type { Env } from "~/shared/env.server.ts";
import { LENCO_LIVE_API, LENCO_SANDBOX_API, lencoProvider, lencoWebhookHashKey } from "./lenco.server.ts";
import { cardWidgetScriptUrl } from "./card-widget-url.ts";
import type { CardWidget, PaymentProvider } from "./payment-provider.server.ts";

/**
 * The payment provider the environment configures, or null: without LENCO_API_TOKEN no payment is
 * offered online and bookings work as they always have (decisions.md 33).
 */
export function paymentProviderFromEnv(
  env: Pick<
    Env,
    | "LENCO_API_TOKEN"
    | "LENCO_ENVIRONMENT"
    | "LENCO_API_URL"
    | "LENCO_WEBHOOK_SECRET"
    | "LENCO_PUBLIC_KEY"
    | "LENCO_WIDGET_URL"
  >,
): PaymentProvider | null {
  if (!env.LENCO_API_TOKEN) return null;
  const sandbox = env.LENCO_ENVIRONMENT === "sandbox";
  const provider = lencoProvider({
    apiUrl: env.LENCO_API_URL ?? (sandbox ? LENCO_SANDBOX_API : LENCO_LIVE_API),
    token: env.LENCO_API_TOKEN,
    webhookHashKey: env.LENCO_WEBHOOK_SECRET ?? lencoWebhookHashKey(env.LENCO_API_TOKEN),
    sandbox,
  });
  return { ...provider, cardWidget: cardWidgetFromEnv(env) };
}

/** The card widget, when LENCO_PUBLIC_KEY is set; else null and cards are paid at the lodge. */
function cardWidgetFromEnv(
  env: Pick<Env, "LENCO_API_TOKEN" | "LENCO_ENVIRONMENT" | "LENCO_PUBLIC_KEY" | "LENCO_WIDGET_URL">,
): CardWidget | null {
  const scriptUrl = cardWidgetScriptUrl(env);
  return scriptUrl && env.LENCO_PUBLIC_KEY ? { publicKey: env.LENCO_PUBLIC_KEY, scriptUrl } : null;
}

/** Where the provider sends its webhooks (give this address to Lenco's support). */
export const LENCO_WEBHOOK_PATH = "/payments/lenco/webhook";
