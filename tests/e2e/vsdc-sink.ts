// Playwright's global setup: the VSDC simulator (tests/vsdc-simulator.ts) that the online
// deposits' site (PAYMENTS_URL, playwright.config.ts) fiscalises its settled folios with.
import { startVsdcSimulator } from "../vsdc-simulator.ts";
import { VSDC_DEVICE, VSDC_SIMULATOR_PORT } from "./servers.ts";

export default async function startVsdcSink(): Promise<() => Promise<void>> {
  const simulator = await startVsdcSimulator(VSDC_DEVICE, VSDC_SIMULATOR_PORT);
  return () => simulator.stop();
}
