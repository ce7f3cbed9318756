import { defineConfig, devices } from "@playwright/test";
import { DB_DOWN_URL, RATE_LIMIT, RATE_LIMITED_URL, SITE_URL } from "./tests/e2e/servers.ts";

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
    server(SITE_URL, {}),
    {
      ...server(DB_DOWN_URL, { DATABASE_URL: "postgres://postgres@127.0.0.1:1/unreachable" }),
      url: `${DB_DOWN_URL}/`,
    },
    server(RATE_LIMITED_URL, { WRITE_RATE_LIMIT: String(RATE_LIMIT), TRUST_PROXY: "true" }),
  ],
});
