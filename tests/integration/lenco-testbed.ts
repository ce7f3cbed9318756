import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import { lencoProvider, lencoWebhookHashKey } from "../../app/features/payments/lenco.server.ts";
import type { PaymentProvider } from "../../app/features/payments/payment-provider.server.ts";
import { paymentWebhook } from "../../server/payment-webhook.ts";
import { startLencoSimulator, type LencoSimulator } from "../lenco-simulator.ts";

export interface LencoTestbed {
  sim: LencoSimulator;
  /** Lenco on the simulator; with `cards`, also its card widget. */
  provider: PaymentProvider;
  /** The same provider without the card widget (no LENCO_PUBLIC_KEY). */
  withoutCards: PaymentProvider;
}

/**
 * For one suite of the payments tests: the Lenco simulator (tests/lenco-simulator.ts), a provider
 * on it, and our webhook route on a port of its own, delivering to the suite's database; started
 * before the suite's tests, closed after. The fields are filled in once it has started.
 */
export function useLencoTestbed(getDb: () => DB, { cards = false }: { cards?: boolean } = {}): LencoTestbed {
  const testbed = {} as LencoTestbed;
  let webhookServer: ReturnType<ReturnType<typeof express>["listen"]> | undefined;
  beforeAll(async () => {
    const sim = await startLencoSimulator();
    const withoutCards = lencoProvider({
      apiUrl: sim.url,
      token: sim.token,
      webhookHashKey: lencoWebhookHashKey(sim.token),
      sandbox: true,
      timeoutMs: 2_000,
    });
    const provider = cards
      ? { ...withoutCards, cardWidget: { publicKey: sim.publicKey, scriptUrl: sim.widgetUrl } }
      : withoutCards;
    Object.assign(testbed, { sim, provider, withoutCards });
    const app = express();
    app.post("/payments/lenco/webhook", ...paymentWebhook(async () => getDb(), provider));
    const server = app.listen(0, "127.0.0.1");
    webhookServer = server;
    await new Promise((resolve) => server.once("listening", resolve));
    sim.webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/lenco/webhook`;
  });
  afterAll(async () => {
    await testbed.sim?.close();
    await new Promise((resolve) => (webhookServer ? webhookServer.close(resolve) : resolve(undefined)));
  });
  return testbed;
}
