// Byte budgets of the home page (docs/decisions/0003-performance-budgets.md), computed from the
// build output, not from timings, so the result is the same on any machine: the HTML the
// server sends plus every script and stylesheet it references, compressed as the server sends
// them (brotli; assets precompressed at the highest quality by scripts/precompress.ts).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { expectIslandLive, gotoEnhanced } from "./enhanced.ts";

const CLIENT_DIR = join(process.env.BUILD_DIR ?? "build", "client");
const KB = 1024;
const BUDGET = {
  script: 90 * KB,
  total: 300 * KB,
  firstScreen: 14 * KB,
  // JavaScript (brotli) before the guest interacts, and once they use a form (ADR 0015).
  beforeInteraction: 20 * KB,
  usingForm: 115 * KB,
};

/** Brotli at the quality the server uses for pages (the compression middleware's 4), or for built assets (11). */
function compressed(data: Buffer, quality: number): number {
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;
  // A client without brotli gets gzip; the budget holds for the smaller, which brotli clients get.
  return Math.min(br, gzipSync(data, { level: 9 }).length);
}

/** Every /assets/ file the page asks for: script src, modulepreload, stylesheets and the inline module's imports. */
function referencedAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const urls = new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  return {
    scripts: [...urls].filter((url) => url.endsWith(".js")),
    stylesheets: [...urls].filter((url) => url.endsWith(".css")),
  };
}

/** Stylesheets the browser must load before it paints: <link rel="stylesheet"> in the head. */
function renderBlockingStylesheets(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /rel="stylesheet"/.test(tag) && !/media="print"/.test(tag))
    .map((tag) => /href="([^"#]+)/.exec(tag)?.[1] ?? "")
    .filter((href) => href.startsWith("/assets/"));
}

test("the home page stays within its byte budgets", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  const { scripts, stylesheets } = referencedAssets(html);
  // The home page ships no React, only the enhancement module and the chunks it imports.
  expect(scripts.length, "the page references its scripts").toBeGreaterThan(0);
  expect(stylesheets.length).toBeGreaterThan(0);

  const size = async (url: string) => compressed(await readFile(join(CLIENT_DIR, url)), 11);
  const scriptBytes = (await Promise.all(scripts.map(size))).reduce((a, b) => a + b, 0);
  const styleBytes = (await Promise.all(stylesheets.map(size))).reduce((a, b) => a + b, 0);
  const htmlBytes = compressed(Buffer.from(html), 4);
  const blockingBytes = (await Promise.all(renderBlockingStylesheets(html).map(size))).reduce(
    (a, b) => a + b,
    0,
  );

  const report = `HTML ${htmlBytes} B, CSS ${styleBytes} B (render-blocking ${blockingBytes} B), JS ${scriptBytes} B in ${scripts.length} files`;
  test.info().annotations.push({ type: "home page bytes (compressed)", description: report });
  expect(scriptBytes, `JavaScript ≤ 90 KB compressed — ${report}`).toBeLessThanOrEqual(BUDGET.script);
  expect(htmlBytes + styleBytes + scriptBytes, `everything ≤ 300 KB — ${report}`).toBeLessThanOrEqual(
    BUDGET.total,
  );
  expect(htmlBytes + blockingBytes, `HTML + first-screen CSS ≤ 14 KB — ${report}`).toBeLessThanOrEqual(
    BUDGET.firstScreen,
  );
});

test("built assets are served precompressed with brotli and cached for a year", async ({ request }) => {
  const html = await (await request.get("/")).text();
  // The largest script: files under 1 KB are not worth a compressed twin (scripts/precompress.ts).
  const sizes = await Promise.all(
    referencedAssets(html).scripts.map(async (url) => ({
      url,
      bytes: (await readFile(join(CLIENT_DIR, url))).length,
    })),
  );
  const script = sizes.sort((a, b) => b.bytes - a.bytes)[0]?.url;
  expect(script).toBeDefined();
  // What Chromium sends: gzip listed first, brotli still preferred.
  const response = await request.get(script ?? "", {
    headers: { "accept-encoding": "gzip, deflate, br, zstd" },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-encoding"]).toBe("br");
  expect(response.headers()["vary"]).toMatch(/accept-encoding/i);
  expect(response.headers()["content-type"]).toMatch(/javascript/);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // The body the client decodes is the file that was built.
  expect(await response.body()).toEqual(await readFile(join(CLIENT_DIR, script ?? "")));
});

/** The compressed bytes of every script the page requests, as they crossed the network. */
function recordScriptBytes(page: Page) {
  const scripts: Promise<number>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script")
      scripts.push(request.sizes().then((size) => size.responseBodySize));
  });
  return {
    count: () => scripts.length,
    bytes: async () => (await Promise.all(scripts)).reduce((a, b) => a + b, 0),
  };
}

// Before the guest interacts (ADR 0015): the enhancement module only, no React, no island.
for (const path of [
  "/",
  "/about",
  "/services",
  "/rooms",
  "/details/1",
  "/booking",
  "/reservation",
  "/contact",
  "/my-booking",
]) {
  test(`${path} ships at most 20 KB of JavaScript before the guest interacts`, async ({ page }) => {
    const scripts = recordScriptBytes(page);
    await gotoEnhanced(page, path);
    await page.waitForLoadState("networkidle");
    const bytes = await scripts.bytes();
    test
      .info()
      .annotations.push({ type: `${path} JavaScript before interaction`, description: `${bytes} B` });
    expect(bytes).toBeLessThanOrEqual(BUDGET.beforeInteraction);
  });
}

// Once the guest uses a form (ADR 0015): React, the island and its schema, everything a guest's
// browser downloads to fill in and send the form. Bytes as the server sends them; no timings.
const FORM_PAGES = [
  { path: "/rooms", island: "room-booking", submit: "Confirm Booking" },
  { path: "/details/1", island: "room-booking", submit: "Confirm Booking" },
  { path: "/booking", island: "booking", submit: "Book Room" },
  { path: "/reservation", island: "reservation", submit: "Reserve Now" },
  { path: "/contact", island: "contact", submit: "Send Message" },
] as const;
for (const { path, island, submit } of FORM_PAGES) {
  test(`${path} ships at most 115 KB of JavaScript once the guest uses its form`, async ({ page }) => {
    const scripts = recordScriptBytes(page);
    await gotoEnhanced(page, path);
    const scope = island === "room-booking" ? page.getByRole("dialog") : page.locator(`#${island}`);
    // /rooms and /details: the Room Booking dialog's form; the others: the page's own.
    if (island === "room-booking")
      await page
        .getByRole("link", { name: /book now/i })
        .first()
        .click();
    await scope.getByLabel("Full Name").first().focus();
    await expectIslandLive(page, island);
    // Sent empty: the schema checks it in place (and so has arrived).
    await scope.getByRole("button", { name: submit }).click();
    await expect(scope.getByLabel("Full Name").first()).toHaveAttribute("aria-invalid", "true");
    await page.waitForLoadState("networkidle");
    const bytes = await scripts.bytes();
    test.info().annotations.push({ type: `${path} JavaScript using the form`, description: `${bytes} B` });
    expect(scripts.count(), "React, the island and the schema arrived").toBeGreaterThan(3);
    expect(bytes).toBeLessThanOrEqual(BUDGET.usingForm);
  });
}

// app/shared/islands/deferred-enhancement.ts: the enhancement module waits until the page has loaded and
// painted, so it never competes with the first screen. Ordering of browser events, not timings.
for (const path of ["/", "/rooms", "/booking"]) {
  test(`${path} requests no script before its first paint, then enhances`, async ({ page }) => {
    await gotoEnhanced(page, path);
    const { firstPaint, scripts } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(firstPaint).toBeLessThan(Infinity);
    expect(scripts.length).toBeGreaterThan(0);
    const early = scripts.filter((script) => script.start < firstPaint);
    expect(early, "scripts requested before the first paint").toEqual([]);
  });
}
