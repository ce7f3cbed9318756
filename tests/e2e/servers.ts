// The servers the browser tests run against (started by playwright.config.ts).
// E2E_PORT_BASE moves all three, so parallel runs do not collide.
const base = Number(process.env.E2E_PORT_BASE ?? 4310);

/** The site on a fresh in-memory database, writes not rate-limited. */
export const SITE_URL = `http://127.0.0.1:${base}`;
/** The site with its database unreachable (a PostgreSQL URL nobody answers). */
export const DB_DOWN_URL = `http://127.0.0.1:${base + 1}`;
/** The site with a low write rate limit (3 a minute), for the 429 path. */
export const RATE_LIMITED_URL = `http://127.0.0.1:${base + 2}`;
