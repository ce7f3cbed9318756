// Where Lenco's card widget script lives (ADR 0018 "Cards"). Plain constants and one
// function without "~/" imports: server/index.ts reads it without Vite to build the payment
// step's CSP, and app/features/payments/payment-config.server.ts to configure the widget.

/** Lenco's widget script ("Accept Payments"), live and sandbox. */
const LENCO_LIVE_WIDGET = "https://pay.lenco.co/js/v1/inline.js";
const LENCO_SANDBOX_WIDGET = "https://pay.sandbox.lenco.co/js/v1/inline.js";

/**
 * The card widget's script address the settings give, or null when cards are not paid online
 * (no public key, or no API token to confirm them with).
 */
export function cardWidgetScriptUrl(env: {
  LENCO_API_TOKEN?: string | undefined;
  LENCO_ENVIRONMENT?: string | undefined;
  LENCO_PUBLIC_KEY?: string | undefined;
  LENCO_WIDGET_URL?: string | undefined;
}): string | null {
  if (!env.LENCO_API_TOKEN || !env.LENCO_PUBLIC_KEY) return null;
  return (
    env.LENCO_WIDGET_URL || (env.LENCO_ENVIRONMENT === "sandbox" ? LENCO_SANDBOX_WIDGET : LENCO_LIVE_WIDGET)
  );
}
