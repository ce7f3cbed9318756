// The islands of the public pages (ADR 0015): React components hydrated where they stand, on the
// guest's intent. What they show follows their state, what the guest typed before React took
// over stays, and every failure shows the specification's text with the values kept.
import { expect, test, type Page, type Route } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as m from "../../app/shared/messages.ts";
import { expectIslandLive, gotoEnhanced } from "./enhanced.ts";
import { asFreshClient, DB_DOWN_URL, RATE_LIMIT, RATE_LIMITED_URL, SITE_URL } from "./servers.ts";

const today = lodgeToday();
const dialog = (page: Page) => page.getByRole("dialog", { name: "Room Booking" });
const contactForm = (page: Page) => page.locator("form#contact-form");
const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Holds back the scripts that bring React, until `release` is called. */
async function holdReact(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(/\/assets\/(client|island-root)-[\w-]+\.js$/, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  return { release, held: () => held.length };
}

async function fillContact(page: Page, message: string) {
  const form = contactForm(page);
  await form.getByLabel("Full Name", { exact: true }).fill("Island Guest");
  await form.getByLabel("Email Address", { exact: true }).fill(`island.${tag()}@example.com`);
  await form.getByLabel("Message", { exact: true }).fill(message);
}

test("the dialog's estimate follows the dates and the room", async ({ page }) => {
  await gotoEnhanced(page, "/rooms");
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  const box = dialog(page);
  await expect(box.getByRole("combobox", { name: "Room" })).toBeVisible();
  const listed = page.waitForResponse((response) =>
    response.url().includes(`checkOut=${addDays(today, 83)}`),
  );
  await box.getByLabel("Check-in Date").fill(addDays(today, 81));
  await box.getByLabel("Check-out Date").fill(addDays(today, 83));
  await listed;
  const estimate = box.locator(".room-booking-form__estimate");
  // With dates, the option reads the first night's price and the stay's total.
  await box
    .getByRole("combobox", { name: "Room" })
    .selectOption({ label: "101 - Deluxe - K400 a night, K800 for 2 nights" });
  await expect(estimate).toHaveText("K800 for 2 nights");
  await box.getByLabel("Check-out Date").fill(addDays(today, 84));
  await expect(estimate).toHaveText("K1,200 for 3 nights");
  const executive = box
    .getByRole("combobox", { name: "Room" })
    .locator("option", { hasText: "Executive Suite" });
  await box
    .getByRole("combobox", { name: "Room" })
    .selectOption((await executive.first().getAttribute("value")) ?? "");
  await expect(estimate).toHaveText("K1,650 for 3 nights");
});

test("what a guest typed before the contact form was live is still there after, and it is sent in place", async ({
  page,
}) => {
  const react = await holdReact(page);
  await gotoEnhanced(page, "/contact");
  // Typing is the intent that starts the island; React is held back meanwhile.
  await contactForm(page).getByLabel("Full Name", { exact: true }).fill("Typed Before React");
  await contactForm(page).getByLabel("Subject", { exact: true }).fill("Early");
  await expect.poll(react.held).toBeGreaterThan(0);
  react.release();
  await expectIslandLive(page, "contact");
  const form = contactForm(page);
  await expect(form.getByLabel("Full Name", { exact: true })).toHaveValue("Typed Before React");
  await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("Early");
  // Live: the schema's messages appear in place, the typed values stay.
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(m.MESSAGE_REQUIRED);
  await expect(form.getByLabel("Full Name", { exact: true })).toHaveValue("Typed Before React");
});

test("a form sent before its island is live is sent by the island, in place", async ({ page }) => {
  const react = await holdReact(page);
  await gotoEnhanced(page, "/contact");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await fillContact(page, "Sent before React arrived");
  await contactForm(page).getByRole("button", { name: "Send Message" }).click();
  react.release();
  await expect(contactForm(page).getByRole("status")).toContainText(m.CONTACT_SENT);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a /booking tab tapped before the island is live switches in place once it is", async ({ page }) => {
  const react = await holdReact(page);
  await gotoEnhanced(page, "/booking");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("tab", { name: m.BOOKING_TAB_LABELS.reservation }).click();
  await expect.poll(react.held).toBeGreaterThan(0);
  react.release();
  await expectIslandLive(page, "booking");
  await expect(page.getByRole("tab", { name: m.BOOKING_TAB_LABELS.reservation })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page).toHaveURL(/\/booking\?tab=reservation$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
test("dates typed in a dialog opened by its address before it is live drive its estimate once live", async ({
  page,
}) => {
  const react = await holdReact(page);
  await page.goto(`/rooms?book=Deluxe&checkIn=${addDays(today, 90)}&checkOut=${addDays(today, 91)}`);
  const box = dialog(page);
  await box.getByLabel("Full Name").fill("Typed In The Open Dialog");
  await box.getByLabel("Check-out Date").fill(addDays(today, 93));
  react.release();
  await expectIslandLive(page, "room-booking");
  await expect(box.getByLabel("Full Name")).toHaveValue("Typed In The Open Dialog");
  await expect(box.getByLabel("Check-out Date")).toHaveValue(addDays(today, 93));
  await expect(box.locator(".room-booking-form__estimate")).toHaveText("K1,200 for 3 nights");
});

test("a check-out typed before the /reservation island is live, earlier than the check-in, becomes the check-in once it is", async ({
  page,
}) => {
  const react = await holdReact(page);
  await gotoEnhanced(page, "/reservation");
  const form = page.locator("form#reservation-form");
  await form.getByLabel("Check-in Date").fill(addDays(today, 40));
  await form.getByLabel("Check-out Date").fill(addDays(today, 37));
  await expect.poll(react.held).toBeGreaterThan(0);
  await expect(page.locator("#reservation[data-island-live]")).toHaveCount(0);
  react.release();
  await expectIslandLive(page, "reservation");
  await expect(form.getByLabel("Check-out Date")).toHaveValue(addDays(today, 40));
  await expect(form.getByLabel("Check-in Date")).toHaveValue(addDays(today, 40));
});

test("the islands talk to their JSON routes under /api/, never to React Router's data requests", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "fetch") asked.push(new URL(request.url()).pathname);
  });
  await gotoEnhanced(page, "/reservation");
  const form = page.locator("form#reservation-form");
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/reservation");
  await form.getByLabel("Check-in Date").fill(addDays(today, 44));
  await form.getByLabel("Check-out Date").fill(addDays(today, 46));
  const answer = await listed;
  expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((path) => !path.startsWith("/api/"))).toEqual([]);
});

test.describe("the JSON routes pass the guards every form does", () => {
  const message = () => ({
    name: "Guarded Guest",
    email: `guarded.${tag()}@example.com`,
    message: "Through the JSON route",
  });

  test("a post from another site is refused", async ({ request }) => {
    const answer = await request.post("/api/contact", {
      headers: { Origin: "https://elsewhere.example" },
      form: message(),
    });
    expect(answer.status()).toBe(403);
  });

  test("only form bodies are taken, up to 64 KB", async ({ request }) => {
    const json = await request.post("/api/contact", {
      headers: { Origin: SITE_URL, "Content-Type": "application/json" },
      data: JSON.stringify(message()),
    });
    expect(json.status()).toBe(415);
    const large = await request.post("/api/contact", {
      headers: { Origin: SITE_URL },
      form: { ...message(), message: "x".repeat(65 * 1024) },
    });
    expect(large.status()).toBe(413);
  });

  test("writes count against the rate limit, and the answer over it is JSON", async ({ request }) => {
    const client = asFreshClient();
    const post = () =>
      request.post(`${RATE_LIMITED_URL}/api/contact`, {
        headers: { ...client, Origin: RATE_LIMITED_URL },
        form: message(),
      });
    for (let attempt = 1; attempt <= RATE_LIMIT; attempt++) expect((await post()).status()).toBe(200);
    const limited = await post();
    expect(limited.status()).toBe(429);
    expect(await limited.json()).toMatchObject({
      status: "error",
      code: "rate-limited",
      message: m.RATE_LIMITED,
    });
  });
});

test.describe("an island's failures keep the values and say what happened", () => {
  for (const failure of ["a network error", "a proxy's 502"] as const) {
    test(`contact: ${failure}`, async ({ page }) => {
      await gotoEnhanced(page, "/contact");
      await fillContact(page, `Through ${failure}`);
      await page.route(
        (url) => url.pathname === "/api/contact",
        (route) =>
          failure === "a network error"
            ? route.abort("failed")
            : route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
      );
      await contactForm(page).getByRole("button", { name: "Send Message" }).click();
      await expect(contactForm(page).getByRole("alert")).toContainText(m.CONTACT_ERROR);
      await expect(contactForm(page).getByLabel("Message", { exact: true })).toHaveValue(
        `Through ${failure}`,
      );
    });
  }

  test("contact: the database is down (503)", async ({ page }) => {
    await gotoEnhanced(page, `${DB_DOWN_URL}/contact`);
    await fillContact(page, "Is the database there?");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    expect((await answer).status()).toBe(503);
    await expect(contactForm(page).getByRole("alert")).toContainText(m.CONTACT_ERROR);
    await expect(contactForm(page).getByLabel("Message", { exact: true })).toHaveValue(
      "Is the database there?",
    );
  });

  test("contact: too many writes (429)", async ({ page }) => {
    const client = asFreshClient();
    await page.setExtraHTTPHeaders(client);
    await gotoEnhanced(page, `${RATE_LIMITED_URL}/contact`);
    for (let attempt = 1; attempt <= RATE_LIMIT; attempt++) {
      const response = await page.request.post(`${RATE_LIMITED_URL}/contact`, {
        headers: { ...client, Origin: RATE_LIMITED_URL },
        form: { name: "Filler", email: `filler.${tag()}@example.com`, message: `Fill ${attempt}` },
      });
      expect(response.status()).toBe(200);
    }
    await fillContact(page, "One too many");
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect(contactForm(page).getByRole("alert")).toContainText(m.RATE_LIMITED);
    await expect(contactForm(page).getByLabel("Message", { exact: true })).toHaveValue("One too many");
  });

  test("the dialog: a network error", async ({ page }) => {
    await gotoEnhanced(page, "/rooms");
    await page
      .getByRole("link", { name: /book now/i })
      .first()
      .click();
    const box = dialog(page);
    await expect(box.getByRole("combobox", { name: "Room" })).toBeVisible();
    await box.getByLabel("Full Name").fill("Offline Guest");
    await page.route(
      (url) => url.pathname === "/api/room-booking",
      (route) => (route.request().method() === "POST" ? route.abort("failed") : route.continue()),
    );
    await box.getByRole("button", { name: "Confirm Booking" }).click();
    // The schema decides first: the missing fields are named; fill them and send again.
    await box.getByLabel("Email Address").fill("offline@example.com");
    await box.getByLabel("Phone Number").fill("0977 000333");
    await box.getByLabel("Check-in Date").fill(addDays(today, 100));
    await box.getByLabel("Check-out Date").fill(addDays(today, 101));
    await box.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(box.getByRole("alert")).toContainText(m.failedToCreateBooking(m.REASON_UNEXPECTED));
    await expect(box.getByLabel("Full Name")).toHaveValue("Offline Guest");
  });
});
