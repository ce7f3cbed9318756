import { expect, test, type Locator, type Page } from "@playwright/test";
import { NEWSLETTER_ERROR, NEWSLETTER_THANKS, RATE_LIMITED, VALID_EMAIL } from "../../app/shared/messages.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { gotoEnhanced } from "./enhanced.ts";
import { asFreshClient, DB_DOWN_URL, RATE_LIMIT, RATE_LIMITED_URL } from "./servers.ts";

/** A fresh address per test and run: every worker shares one database. */
const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

const footerBox = (page: Page) => page.getByRole("contentinfo").locator("form.newsletter-form");
/** The text of a notice (without its dismiss button). */
const noticeText = (scope: Locator, role: "status" | "alert") =>
  scope.getByRole(role).locator(".notice__body");

/** axe checks the page as it is; move the pointer off the button so no hover style is measured. */
async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
}

async function subscribeInFooter(page: Page, email: string) {
  const box = footerBox(page);
  await box.getByLabel("Email Address", { exact: true }).fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
}

// With JavaScript the footer box submits in place on every page (an island, ADR 0015); without, it
// is the plain form posting to /newsletter.
test.describe("newsletter, with JavaScript", () => {
  test("thanks the guest in the footer, without leaving the page", async ({ page }) => {
    await gotoEnhanced(page, "/rooms");
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await subscribeInFooter(page, uniqueEmail("footer"));
    await expect(noticeText(footerBox(page), "status")).toHaveText(NEWSLETTER_THANKS);
    expect(page.url()).toMatch(/\/rooms$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // Ready for the next address.
    await expect(footerBox(page).getByLabel("Email Address", { exact: true })).toHaveValue("");
    await expectAccessible(page);
  });

  test("on /newsletter itself the footer's answer leaves every id on the page unique", async ({ page }) => {
    await gotoEnhanced(page, "/newsletter");
    await subscribeInFooter(page, uniqueEmail("on-its-page"));
    await expect(noticeText(footerBox(page), "status")).toHaveText(NEWSLETTER_THANKS);
    const ids = await page.locator("[id]").evaluateAll((elements) => elements.map((element) => element.id));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    await expect(footerBox(page).getByLabel("Email Address", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test("an address subscribed twice, in another letter case, succeeds both times", async ({ page }) => {
    const email = uniqueEmail("twice");
    await gotoEnhanced(page, "/rooms");
    await subscribeInFooter(page, email);
    await expect(noticeText(footerBox(page), "status")).toHaveText(NEWSLETTER_THANKS);
    await page.getByRole("button", { name: "Dismiss message" }).click();
    await subscribeInFooter(page, email.toUpperCase());
    await expect(noticeText(footerBox(page), "status")).toHaveText(NEWSLETTER_THANKS);
  });

  for (const [what, email] of [
    ["an empty", ""],
    ["a malformed", "guest@"],
  ] as const) {
    test(`${what} address shows 'Please enter a valid email' beside the field and focuses it`, async ({
      page,
    }) => {
      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") posts += 1;
      });
      await gotoEnhanced(page, "/rooms");
      await subscribeInFooter(page, email);
      const field = footerBox(page).getByLabel("Email Address", { exact: true });
      await expect(field).toHaveAccessibleDescription(VALID_EMAIL);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toBeFocused();
      expect(posts).toBe(0);
      await expectAccessible(page);
    });
  }
});

test.describe("newsletter, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts to the /newsletter page, which shows the thanks and the form again", async ({ page }) => {
    await page.goto("/rooms");
    await subscribeInFooter(page, uniqueEmail("nojs"));
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
    const main = page.getByRole("main");
    await expect(noticeText(main, "status")).toHaveText(NEWSLETTER_THANKS);
    await expect(main.getByLabel("Email Address", { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  });

  test("a malformed address comes back with the error beside the field and the value kept", async ({
    page,
  }) => {
    await page.goto("/");
    await subscribeInFooter(page, "not-an-address");
    await expect(page).toHaveURL(/\/newsletter$/);
    const field = page.getByRole("main").getByLabel("Email Address", { exact: true });
    await expect(field).toHaveAccessibleDescription(VALID_EMAIL);
    await expect(field).toHaveValue("not-an-address");
  });
});

test.describe("newsletter, when things go wrong", () => {
  test("the database is down: 'Error subscribing. Please try again.'", async ({ page }) => {
    await gotoEnhanced(page, `${DB_DOWN_URL}/contact`);
    await subscribeInFooter(page, uniqueEmail("down"));
    await expect(noticeText(footerBox(page), "alert")).toHaveText(NEWSLETTER_ERROR);
  });

  test("too many writes: the server answers 429 with a clear message", async ({ page }) => {
    await page.setExtraHTTPHeaders(asFreshClient());
    await gotoEnhanced(page, `${RATE_LIMITED_URL}/rooms`);
    for (let attempt = 1; attempt <= RATE_LIMIT + 1; attempt++) {
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await subscribeInFooter(page, uniqueEmail(`limit${attempt}`));
      const limited = attempt > RATE_LIMIT;
      expect((await answer).status()).toBe(limited ? 429 : 200);
      await expect(footerBox(page).locator(".notice__body")).toHaveText(
        limited ? RATE_LIMITED : NEWSLETTER_THANKS,
      );
    }
    await expect(noticeText(footerBox(page), "alert")).toHaveText(RATE_LIMITED);
  });
});
