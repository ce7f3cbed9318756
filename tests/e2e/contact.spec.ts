import { expect, test, type Locator, type Page } from "@playwright/test";
import * as m from "../../app/shared/messages.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { gotoEnhanced } from "./enhanced.ts";
import { asFreshClient, DB_DOWN_URL, RATE_LIMIT, RATE_LIMITED_URL } from "./servers.ts";

const form = (page: Page) => page.locator("form#contact-form");
/** The text of a notice (without its dismiss button). */
const noticeText = (scope: Locator, role: "status" | "alert") =>
  scope.getByRole(role).locator(".notice__body");
const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function fillMessage(
  page: Page,
  fields: { name?: string; email?: string; subject?: string; message?: string },
) {
  const scope = form(page);
  if (fields.name !== undefined) await scope.getByLabel("Full Name", { exact: true }).fill(fields.name);
  if (fields.email !== undefined) await scope.getByLabel("Email Address", { exact: true }).fill(fields.email);
  if (fields.subject !== undefined) await scope.getByLabel("Subject", { exact: true }).fill(fields.subject);
  if (fields.message !== undefined) await scope.getByLabel("Message", { exact: true }).fill(fields.message);
}

const send = (page: Page) => form(page).getByRole("button", { name: "Send Message" }).click();

/** axe checks the page as it is; move the pointer off the button so no hover style is measured. */
async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
}

test.describe("contact, with JavaScript", () => {
  test("shows the contact details, the map preview and the form", async ({ page }) => {
    const response = await gotoEnhanced(page, "/contact");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }),
    ).toHaveAttribute("href", "/");
    for (const title of ["Booking", "Technical", "General"]) {
      await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Load map" })).toBeVisible();
    await expect(form(page).getByLabel("Email Address", { exact: true })).toHaveAttribute("type", "email");
    await expectAccessible(page);
  });

  test("sends a message in place and clears the form", async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") consoleErrors.push(message.text());
    });
    await gotoEnhanced(page, "/contact");
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await fillMessage(page, {
      name: "Mwila Banda",
      email: `mwila.${tag()}@example.com`,
      subject: "Garden wedding",
      message: "Is the garden free on 14 March?",
    });
    await send(page);
    await expect(noticeText(form(page), "status")).toHaveText(m.CONTACT_SENT);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(form(page).getByLabel("Full Name", { exact: true })).toHaveValue("");
    await expect(form(page).getByLabel("Message", { exact: true })).toHaveValue("");
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("shows each problem beside its field and focuses the first", async ({ page }) => {
    await gotoEnhanced(page, "/contact");
    await fillMessage(page, { email: "guest@" });
    await send(page);
    const scope = form(page);
    await expect(scope.getByLabel("Full Name", { exact: true })).toHaveAccessibleDescription(m.NAME_REQUIRED);
    await expect(scope.getByLabel("Email Address", { exact: true })).toHaveAccessibleDescription(
      m.VALID_EMAIL,
    );
    await expect(scope.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
      m.MESSAGE_REQUIRED,
    );
    await expect(scope.getByLabel("Subject", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(scope.getByLabel("Full Name", { exact: true })).toBeFocused();
    await expectAccessible(page);
  });

  test("a message over 2000 characters gets a clear message and is not sent", async ({ page }) => {
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await gotoEnhanced(page, "/contact");
    await fillMessage(page, {
      name: "Long Writer",
      email: `long.${tag()}@example.com`,
      message: "x".repeat(2001),
    });
    await send(page);
    await expect(form(page).getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
      m.MESSAGE_TOO_LONG,
    );
    await expect(form(page).getByLabel("Message", { exact: true })).toBeFocused();
    expect(posts).toBe(0);
  });

  test("a double click sends one message", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await gotoEnhanced(page, "/contact");
    await fillMessage(page, {
      name: "Quick Clicker",
      email: `click.${tag()}@example.com`,
      message: "Hello twice?",
    });
    await form(page).getByRole("button", { name: "Send Message" }).dblclick();
    await expect(noticeText(form(page), "status")).toHaveText(m.CONTACT_SENT);
    expect(posts).toHaveLength(1);
  });
});

test.describe("contact, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends a message and shows the confirmation after the page reloads", async ({ page }) => {
    await page.goto("/contact");
    await fillMessage(page, {
      name: "No Script",
      email: `nojs.${tag()}@example.com`,
      message: "Plain HTML works.",
    });
    await send(page);
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(noticeText(form(page), "status")).toHaveText(m.CONTACT_SENT);
    await expect(form(page).getByLabel("Full Name", { exact: true })).toHaveValue("");
  });

  test("the server puts each problem beside its field and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await fillMessage(page, {
      name: "Kept Name",
      email: "not-an-email",
      subject: "Kept subject",
      message: "x".repeat(2001),
    });
    await send(page);
    const scope = form(page);
    await expect(scope.getByLabel("Email Address", { exact: true })).toHaveAccessibleDescription(
      m.VALID_EMAIL,
    );
    await expect(scope.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
      m.MESSAGE_TOO_LONG,
    );
    await expect(scope.getByLabel("Full Name", { exact: true })).toHaveValue("Kept Name");
    await expect(scope.getByLabel("Subject", { exact: true })).toHaveValue("Kept subject");
    await expect(scope.getByLabel("Email Address", { exact: true })).toHaveValue("not-an-email");
  });
});

test.describe("contact, when things go wrong", () => {
  test("a body over 64 KB is refused with 413", async ({ page }) => {
    const response = await page.request.post("/contact", {
      form: { name: "Big", email: "big@example.com", message: "x".repeat(64 * 1024) },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toMatch(/too large/i);
  });

  test("the database is down: 'Error sending message. Please try again.'", async ({ page }) => {
    await gotoEnhanced(page, `${DB_DOWN_URL}/contact`);
    await fillMessage(page, {
      name: "Down Time",
      email: `down.${tag()}@example.com`,
      message: "Anyone there?",
    });
    await send(page);
    await expect(noticeText(form(page), "alert")).toHaveText(m.CONTACT_ERROR);
    // What the guest typed stays, ready to send again.
    await expect(form(page).getByLabel("Message", { exact: true })).toHaveValue("Anyone there?");
  });

  test("too many writes: the server answers 429 with a clear message", async ({ page }) => {
    await page.setExtraHTTPHeaders(asFreshClient());
    await gotoEnhanced(page, `${RATE_LIMITED_URL}/contact`);
    for (let attempt = 1; attempt <= RATE_LIMIT + 1; attempt++) {
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await fillMessage(page, {
        name: "Busy Writer",
        email: `busy.${tag()}@example.com`,
        message: `Try ${attempt}`,
      });
      await send(page);
      const limited = attempt > RATE_LIMIT;
      expect((await answer).status()).toBe(limited ? 429 : 200);
      await expect(form(page).locator(".notice__body")).toHaveText(limited ? m.RATE_LIMITED : m.CONTACT_SENT);
    }
    await expect(noticeText(form(page), "alert")).toHaveText(m.RATE_LIMITED);
  });
});
