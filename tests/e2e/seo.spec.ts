// Findable: head tags, structured data, sitemap, robots, status codes and transport headers.
import { expect, test, type Page } from "@playwright/test";

// The content modules import artwork, which only the bundler can load: the facts under test are
// restated here from the specification (rooms and prices; services 3, 7, 8, 9, 10 are "coming soon").
const ROOMS = [
  { id: 1, price: 400 },
  { id: 2, price: 550 },
  { id: 3, price: 350 },
];
const OPEN_SERVICES = [
  "rooms-and-apartments",
  "bar-and-restaurant",
  "swimming-pool",
  "events-and-conferencing",
  "kids-play-park",
];
const COMING_SOON = [
  "music-and-entertainment",
  "bookings-and-hiring",
  "catering-team",
  "outside-decor",
  "skills-institute",
];

const PAGES = [
  "/",
  "/about",
  "/services",
  "/services/swimming-pool",
  "/rooms",
  "/details/1",
  "/booking",
  "/reservation",
  "/team",
  "/testimonial",
  "/contact",
  "/privacy",
  "/terms",
];

type Head = {
  title: string;
  description: string;
  canonical: string;
  ogImage: string;
  ogUrl: string;
  lang: string;
  jsonLd: Array<Record<string, unknown>>;
};

async function readHead(page: Page, path: string): Promise<Head> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      document.head.querySelector(selector)?.getAttribute(name) ?? "";
    return {
      title: document.title,
      description: attr('meta[name="description"]', "content"),
      canonical: attr('link[rel="canonical"]', "href"),
      ogImage: attr('meta[property="og:image"]', "content"),
      ogUrl: attr('meta[property="og:url"]', "content"),
      lang: document.documentElement.lang,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? "null") as Record<string, unknown>,
      ),
    };
  });
}

test("every page has its own title, a description, a canonical URL, a social image and lang='en'", async ({
  page,
}) => {
  const titles = new Map<string, string>();
  for (const path of PAGES) {
    const head = await readHead(page, path);
    // Soft: one run lists every page that falls short, not just the first.
    expect.soft(head.lang, path).toBe("en");
    expect.soft(head.title, path).not.toBe("");
    expect
      .soft(titles.get(head.title), `${path} repeats the title of ${titles.get(head.title)}`)
      .toBeUndefined();
    titles.set(head.title, path);
    expect.soft(head.description.length, `${path} description`).toBeGreaterThan(30);
    expect.soft(head.canonical, `${path} canonical`).toMatch(new RegExp(`^https?://[^/]+${path}$`));
    expect.soft(head.ogUrl, `${path} og:url`).toBe(head.canonical);
    expect.soft(head.ogImage, `${path} og:image`).toMatch(/^https?:\/\/[^/]+\/.+\.(jpe?g|png)$/);
  }
});

test("structured data parses and names the lodge, its rooms and the trail", async ({ page }) => {
  const types = async (path: string) => (await readHead(page, path)).jsonLd.map((node) => node["@type"]);
  expect(await types("/")).toContain("LodgingBusiness");
  expect(await types("/contact")).toContain("LodgingBusiness");

  const roomsHead = await readHead(page, "/rooms");
  const hotel = roomsHead.jsonLd.find((node) => node["@type"] === "Hotel");
  const offers = (hotel?.makesOffer ?? []) as Array<{ price: number; priceCurrency: string }>;
  expect(offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual(
    ROOMS.map((room) => [room.price, "ZMW"]),
  );

  for (const path of PAGES.filter((p) => p !== "/")) {
    expect.soft(await types(path), path).toContain("BreadcrumbList");
  }
});

test("the sitemap is valid XML listing every page, open service and room", async ({ page, request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
  const xml = await response.text();
  await page.goto("/robots.txt");
  const locs = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.querySelector("parsererror")) return null;
    return [...doc.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "loc")].map(
      (loc) => loc.textContent ?? "",
    );
  }, xml);
  expect(locs, "sitemap.xml parses").not.toBeNull();
  const paths = (locs ?? []).map((loc) => new URL(loc).pathname);
  for (const path of PAGES) expect(paths, path).toContain(path);
  for (const slug of OPEN_SERVICES) expect(paths).toContain(`/services/${slug}`);
  for (const slug of COMING_SOON) expect(paths).not.toContain(`/services/${slug}`);
  for (const room of ROOMS) expect(paths).toContain(`/details/${room.id}`);
  expect(paths.some((path) => path.startsWith("/api/"))).toBe(false);
});

test("robots.txt lets crawlers in, keeps them off /api/ and points at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/api\/$/m);
  expect(body).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
});

test("unknown pages, services and rooms answer 404", async ({ request }) => {
  for (const path of ["/no-such-page", "/services/no-such-service", "/details/9999"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test("pages revalidate with an ETag; assets are immutable; both carry the security headers", async ({
  request,
}) => {
  // /rooms is kept by the server (ADR 0013): nothing in it is one visitor's, a strong validator.
  // With a query it is rendered for the request: private, a weak validator over the body.
  for (const [path, cacheControl, etag] of [
    // A strong validator (the `etag` package: size and base64 hash, which may hold '/' and '+').
    ["/rooms", "public, no-cache", /^"[^"]+"$/],
    ["/rooms?adults=2", "private, no-cache", /^W\/".+"$/],
  ] as const) {
    const answer = await request.get(path);
    const headers = answer.headers();
    expect(headers["cache-control"], path).toBe(cacheControl);
    expect(headers["etag"], path).toMatch(etag);
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const revalidated = await request.get(path, { headers: { "if-none-match": headers["etag"] ?? "" } });
    expect(revalidated.status(), path).toBe(304);
  }

  const page = await request.get("/rooms");
  const asset = (await page.text()).match(/\/assets\/[\w.-]+\.css/)?.[0];
  expect(asset).toBeDefined();
  const assetResponse = await request.get(asset ?? "");
  expect(assetResponse.status()).toBe(200);
  expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(assetResponse.headers()["x-content-type-options"]).toBe("nosniff");
});
