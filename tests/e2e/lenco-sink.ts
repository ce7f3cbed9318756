// Playwright's global setup: the Lenco simulator (tests/lenco-simulator.ts) that the online
// deposits' site (PAYMENTS_URL, playwright.config.ts) uses as its LENCO_API_URL. It sends its
// signed webhooks back to that site, and a guest "approves" the PIN prompt a moment after it is
// sent, as on the sandbox: its test numbers succeed or fail, any other number never approves. It
// also serves the card widget (LENCO_WIDGET_URL), whose frame takes the card instead of the site.
import { startLencoSimulator } from "../lenco-simulator.ts";
import {
  LENCO_SIMULATOR_PORT,
  LENCO_SIMULATOR_PUBLIC_KEY,
  LENCO_SIMULATOR_TOKEN,
  PAYMENTS_URL,
} from "./servers.ts";

/** How long after the prompt the simulated guest answers it. */
export const APPROVAL_DELAY_MS = 1_500;

export default async function startLencoSink(): Promise<() => Promise<void>> {
  const simulator = await startLencoSimulator({
    token: LENCO_SIMULATOR_TOKEN,
    publicKey: LENCO_SIMULATOR_PUBLIC_KEY,
    port: LENCO_SIMULATOR_PORT,
    webhookUrl: `${PAYMENTS_URL}/payments/lenco/webhook`,
    autoSettleMs: APPROVAL_DELAY_MS,
  });
  return () => simulator.close();
}
