// Content pages come from the server's page cache under a CSP of sha256 hashes instead of a
// nonce (server/page-pipeline.ts, ADRs 0007 and 0016). The browser must still run and
// style them: no CSP violation, and the scripted carousel and menu still work on a page served
// from memory.
import { expect, test, type Page } from "@playwright/test";
import { gotoEnhanced } from "./enhanced.ts";

/** Every CSP violation the page reports, from the page itself (console messages can be late). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => (globalThis as unknown as { __cspViolations: string[] }).__cspViolations)),
    ...console,
  ];
}

for (const path of ["/", "/about", "/services/swimming-pool", "/privacy"]) {
  test(`${path} served from the page cache breaks no CSP rule`, async ({ page, request }) => {
    // The first request fills the cache; the page below is the kept copy.
    await request.get(path);
    const violations = await recordViolations(page);
    const response = await gotoEnhanced(page, path);
    expect(response?.status()).toBe(200);
    const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
    expect(policy).toMatch(/style-src 'self' 'sha256-/);
    expect(policy).not.toContain("nonce-");
    await page.waitForLoadState("load");
    // The inlined stylesheet applied: the header is laid out as a bar, not as a bare list.
    const display = await page
      .locator(".site-header__bar")
      .evaluate((element) => getComputedStyle(element).display);
    expect(display).not.toBe("block");
    expect(await violations()).toEqual([]);
  });
}

test("the hero carousel works on a page served from the cache", async ({ page, request }) => {
  await request.get("/");
  const violations = await recordViolations(page);
  await gotoEnhanced(page, "/");
  const carousel = page.getByRole("region", { name: "Welcome", exact: true });
  const slide = (n: number) => carousel.getByRole("group", { name: `${n} of 2` });
  await expect(slide(2)).toHaveAttribute("inert");
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(slide(2)).not.toHaveAttribute("inert");
  await expect(slide(1)).toHaveAttribute("inert");
  expect(await violations()).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu opens and closes on a page served from the cache", async ({ page, request }) => {
    await request.get("/team");
    const violations = await recordViolations(page);
    await gotoEnhanced(page, "/team");
    const toggle = page.getByRole("button", { name: "Menu" });
    const about = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About", exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(about).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(about).toBeHidden();
    expect(await violations()).toEqual([]);
  });
});

// Form pages are kept too, per data version (ADR 0013): each visitor gets a submission id of
// their own, the enhancement runs under the hash policy, and the form still sends.
for (const [path, form] of [
  ["/contact", true],
  ["/booking", true],
  ["/reservation", true],
  ["/rooms", false],
] as const) {
  test(`${path} kept by the server is enhanced without a CSP violation${form ? ", with a fresh submission id" : ""}`, async ({
    page,
    request,
  }) => {
    await request.get(path);
    const violations = await recordViolations(page);
    const response = await gotoEnhanced(page, path);
    expect(response?.status()).toBe(200);
    const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("nonce-");
    await page.waitForLoadState("load");
    expect(await violations()).toEqual([]);
    const ids = page.locator('input[name="submissionId"]');
    await expect(ids).toHaveCount(form ? 1 : 0);
    if (form) {
      const mine = await ids.first().inputValue();
      const other = /name="submissionId" value="([^"]+)"/.exec(await (await request.get(path)).text())?.[1];
      expect(mine).toMatch(/^[0-9a-f-]{36}$/);
      expect(other).toMatch(/^[0-9a-f-]{36}$/);
      expect(other).not.toBe(mine);
    }
  });
}

// Every page carries its stylesheets inline, through React Router's own `criticalCss`
// (app/entry.server.tsx, ADR 0016): should an upgrade render them otherwise, this fails.
for (const [path, kept] of [
  ["/services", true],
  ["/services?from=menu", false],
  ["/no-such-page", false],
] as const) {
  test(`${path} carries its CSS inline and asks for no stylesheet`, async ({ page, request }) => {
    if (kept) await request.get(path);
    const stylesheets: string[] = [];
    page.on("request", (asked) => {
      if (asked.resourceType() === "stylesheet") stylesheets.push(asked.url());
    });
    const violations = await recordViolations(page);
    const response = await page.goto(path);
    const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
    expect(policy).toContain(kept ? "'sha256-" : "'nonce-");
    const html = (await response?.text()) ?? "";
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
    expect(head).toMatch(/<style\b[^>]*>\/\* \/assets\/root-[\w-]+\.css \*\//);
    await page.waitForLoadState("load");
    const display = await page
      .locator(".site-header__bar")
      .evaluate((element) => getComputedStyle(element).display);
    expect(display).not.toBe("block");
    expect(stylesheets).toEqual([]);
    expect(await violations()).toEqual([]);
  });
}
