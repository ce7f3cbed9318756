import { defineConfig, devices } from "@playwright/test";
import {
  DB_DOWN_URL,
  LENCO_SIMULATOR_PUBLIC_KEY,
  LENCO_SIMULATOR_TOKEN,
  LENCO_SIMULATOR_URL,
  LENCO_SIMULATOR_WIDGET_URL,
  MAIL_SINK_URL,
  PAYMENTS_DATA_DIR,
  PAYMENTS_LOG,
  PAYMENTS_URL,
  RATE_LIMIT,
  RATE_LIMITED_URL,
  SITE_URL,
  STAFF_DATA_DIR,
  STAFF_URL,
  VSDC_DEVICE,
  VSDC_SIMULATOR_URL,
} from "./tests/e2e/servers.ts";

// Browser tests drive Debian's Chromium (never a downloaded browser) against
// the production build, started three times with different settings.
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function server(url: string, env: Record<string, string>) {
  return {
    command: "node server/index.ts",
    url: `${url}/healthz`,
    // The database-down server's health check answers 503: wait for any answer.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: new URL(url).port,
      DATA_DIR: "memory://",
      WRITE_RATE_LIMIT: "0",
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // A real SMTP server for the site's outbox worker (SMTP_URL below); then the staff console's
  // first manager, created through its setup link (tests/e2e/staff-global-setup.ts).
  // The Lenco simulator for the online deposits' site (tests/e2e/lenco-sink.ts).
  globalSetup: [
    "./tests/e2e/mail-sink.ts",
    "./tests/e2e/lenco-sink.ts",
    "./tests/e2e/vsdc-sink.ts",
    "./tests/e2e/staff-global-setup.ts",
  ],
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: SITE_URL,
    // A stuck click or fill fails on its own, naming its locator, instead of
    // running into the test timeout with no hint of where it waited.
    actionTimeout: 10_000,
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    server(SITE_URL, { SMTP_URL: MAIL_SINK_URL }),
    {
      ...server(DB_DOWN_URL, { DATABASE_URL: "postgres://postgres@127.0.0.1:1/unreachable" }),
      url: `${DB_DOWN_URL}/`,
    },
    server(RATE_LIMITED_URL, { WRITE_RATE_LIMIT: String(RATE_LIMIT), TRUST_PROXY: "1" }),
    {
      ...server(STAFF_URL, { DATA_DIR: STAFF_DATA_DIR }),
      command: `rm -rf ${STAFF_DATA_DIR} && node server/index.ts`,
    },
    // Online deposits through Lenco, whose API is the simulator (ADR 0018, tests/e2e/payments.spec.ts).
    {
      ...server(PAYMENTS_URL, {
        DATA_DIR: PAYMENTS_DATA_DIR,
        LENCO_API_TOKEN: LENCO_SIMULATOR_TOKEN,
        LENCO_ENVIRONMENT: "sandbox",
        LENCO_API_URL: LENCO_SIMULATOR_URL,
        LENCO_PUBLIC_KEY: LENCO_SIMULATOR_PUBLIC_KEY,
        LENCO_WIDGET_URL: LENCO_SIMULATOR_WIDGET_URL,
        VSDC_URL: VSDC_SIMULATOR_URL,
        ZRA_TPIN: VSDC_DEVICE.tpin,
        ZRA_BRANCH_ID: VSDC_DEVICE.bhfId,
        ZRA_DEVICE_SERIAL: VSDC_DEVICE.dvcSrlNo,
      }),
      // Its log is kept: a test reads it for the card number it typed (never there).
      command: `rm -rf ${PAYMENTS_DATA_DIR} ${PAYMENTS_LOG} && exec node server/index.ts > ${PAYMENTS_LOG}`,
    },
  ],
});
