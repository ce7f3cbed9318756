import { randomInt } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The servers the browser tests run against (started by playwright.config.ts).
// E2E_PORT_BASE moves all three, so parallel runs do not collide.
const base = Number(process.env.E2E_PORT_BASE ?? 4310);

/** The site on a fresh in-memory database, writes not rate-limited. */
export const SITE_URL = `http://127.0.0.1:${base}`;
/** The site with its database unreachable (a PostgreSQL URL nobody answers). */
export const DB_DOWN_URL = `http://127.0.0.1:${base + 1}`;
/**
 * The site with a low write rate limit (3 a minute per client address), for the 429 path. It
 * trusts one proxy hop (TRUST_PROXY=1): the test client stands in for it, so each test that fills
 * the limit writes from an address of its own (`asFreshClient`) and never shares a window with
 * another test, a repeat or an earlier run against the same server.
 */
export const RATE_LIMITED_URL = `http://127.0.0.1:${base + 2}`;
export const RATE_LIMIT = 3;
/** Headers that make the requests come from an address no one has used (one of 16 million). */
export const asFreshClient = () => ({
  "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
});

/** The SMTP server the site's mails go to (tests/e2e/mail-sink.ts) and where it files them. */
export const MAIL_SINK_PORT = base + 3;
export const MAIL_SINK_URL = `smtp://127.0.0.1:${MAIL_SINK_PORT}`;
export const MAIL_SINK_DIR = join(tmpdir(), `lodge-e2e-mail-${base}`);
/**
 * The staff console's server: its own embedded database in a fresh folder, so the first manager
 * is created through the real setup link (its token is written to the folder, as in production).
 */
export const STAFF_URL = `http://127.0.0.1:${base + 4}`;
export const STAFF_DATA_DIR = `/tmp/lodge-e2e-staff-${base}`;

/**
 * Servers that tests start and stop by themselves (not playwright.config.ts): the shutdown test,
 * one per database engine, and the site behind a real reverse proxy (tests/e2e/edge.spec.ts).
 */
export const SHUTDOWN_PORTS = { postgres: base + 5, embedded: base + 6 } as const;
export const EDGE_PORTS = {
  site: base + 7,
  siteByAddress: base + 8,
  proxy: base + 9,
  proxyUpstreamHost: base + 10,
  proxyByAddress: base + 11,
} as const;

/**
 * The site with online deposits (ADR 0018): Lenco's API is the simulator (tests/lenco-simulator.ts)
 * that Playwright's global setup starts on LENCO_SIMULATOR_PORT (tests/e2e/lenco-sink.ts); it
 * sends its webhooks back to this site. Its own data folder, for its own first manager.
 */
export const PAYMENTS_URL = `http://127.0.0.1:${base + 12}`;
export const PAYMENTS_DATA_DIR = `/tmp/lodge-e2e-payments-${base}`;
export const LENCO_SIMULATOR_PORT = base + 13;
export const LENCO_SIMULATOR_URL = `http://127.0.0.1:${LENCO_SIMULATOR_PORT}`;
export const LENCO_SIMULATOR_TOKEN = "e2e-lenco-sandbox-token-0123456789";
/** The card widget's public key (LENCO_PUBLIC_KEY); its script is the simulator's. */
export const LENCO_SIMULATOR_PUBLIC_KEY = "pub-e2e-sandbox-0123456789";
export const LENCO_SIMULATOR_WIDGET_URL = `${LENCO_SIMULATOR_URL}/js/v1/inline.js`;
/** The online deposits' site's log (its stdout), read by the test that looks for a card number. */
export const PAYMENTS_LOG = `/tmp/lodge-e2e-payments-${base}.log`;
/**
 * ZRA's VSDC for fiscal invoices (decisions.md 37): the simulator (tests/vsdc-simulator.ts) that
 * Playwright's global setup starts (tests/e2e/vsdc-sink.ts), the online deposits' site's VSDC_URL.
 */
export const VSDC_SIMULATOR_PORT = base + 14;
export const VSDC_SIMULATOR_URL = `http://127.0.0.1:${VSDC_SIMULATOR_PORT}`;
export const VSDC_DEVICE = { tpin: "1002003004", bhfId: "000", dvcSrlNo: "VSDC-E2E-0001" } as const;
