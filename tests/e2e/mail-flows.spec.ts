import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import {
  MY_BOOKING_CANCELLED,
  MY_BOOKING_NOT_FOUND,
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_THANKS,
  NEWSLETTER_UNSUBSCRIBED,
} from "../../app/shared/messages.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { linkIn, mailTo } from "./mail-inbox.ts";
import { SITE_URL } from "./servers.ts";

// What a guest does with the mails the site sends (decisions.md 28): the site's outbox worker
// sends them to a real SMTP server (tests/e2e/mail-sink.ts), and these tests follow their links.

const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Books a room far ahead (no other test's dates) through the Room Booking dialog's action on /rooms, as a form posts it. */
async function bookFarAhead(page: Page, email: string, daysAhead: number) {
  const room = await page.request.post("/rooms", {
    headers: { Origin: SITE_URL },
    form: {
      name: "Mercy Banda",
      email,
      phone: "+260 97 123 4567",
      paymentMethod: "Cash",
      roomId: "5",
      checkIn: addDays(lodgeToday(), daysAhead),
      checkOut: addDays(lodgeToday(), daysAhead + 2),
      adults: "2",
      children: "0",
      website: "",
    },
  });
  expect(room.status()).toBe(200);
}

test.describe("/my-booking", () => {
  test("the confirmation mail's link finds the stay, which the guest cancels; both sides hear of it", async ({
    page,
  }) => {
    const email = uniqueEmail("stay");
    await bookFarAhead(page, email, 300);
    const confirmation = await mailTo(email, "is confirmed");
    await page.goto(linkIn(confirmation, "/my-booking"));
    const reference = /LDG-[A-Z0-9]{6}/.exec(confirmation.subject)?.[0] ?? "";
    await expect(page.getByLabel("Booking reference")).toHaveValue(reference);
    await expectNoAxeViolations(page);
    await page.getByRole("main").getByLabel("Email Address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Find my booking" }).click();

    await expect(page.getByRole("heading", { name: `Room booking ${reference}` })).toBeVisible();
    await expect(page.locator(".my-booking__facts")).toContainText("Confirmed");
    await expect(page.locator(".my-booking__history li")).toHaveCount(1);
    expect(page.url()).not.toContain("example.com");
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Cancel my stay" }).click();
    await expect(page.getByRole("status")).toContainText(MY_BOOKING_CANCELLED);
    await expect(page.locator(".my-booking__facts")).toContainText("Cancelled");
    await expect(page.locator(".my-booking__history li")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Cancel my stay" })).toHaveCount(0);

    const cancelled = await mailTo(email, `${reference} is cancelled`);
    expect(cancelled.text).toContain("is cancelled");
    await mailTo("info@lodge.example", `Cancelled by the guest: room booking ${reference}`);
  });

  test("a wrong e-mail and a wrong reference get the same 'not found', without JavaScript too", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail("lookup");
    await bookFarAhead(page, email, 305);
    const reference = /LDG-[A-Z0-9]{6}/.exec((await mailTo(email, "is confirmed")).subject)?.[0] ?? "";
    const answers: string[] = [];
    for (const [ref, address] of [
      [reference, uniqueEmail("stranger")],
      ["LDG-ZZZZZZ", email],
    ]) {
      await page.goto("/my-booking");
      await page.getByLabel("Booking reference").fill(ref ?? "");
      await page
        .getByRole("main")
        .getByLabel("Email Address")
        .fill(address ?? "");
      await page.getByRole("button", { name: "Find my booking" }).click();
      await expect(page.getByRole("alert")).toContainText(MY_BOOKING_NOT_FOUND);
      answers.push((await page.getByRole("alert").innerText()).trim());
    }
    expect(answers[0]).toBe(answers[1]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await context.close();
  });
});

test.describe("newsletter double opt-in", () => {
  test("subscribing thanks the guest and mails a link; confirming and unsubscribing work", async ({
    browser,
  }) => {
    // No JavaScript: the footer box is the plain form posting to /newsletter.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail("optin");
    await page.goto("/about");
    const box = page.getByRole("contentinfo").locator("form.newsletter-form");
    await box.getByLabel("Email Address", { exact: true }).fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText(NEWSLETTER_THANKS).first()).toBeVisible();

    const mail = await mailTo(email, "Please confirm your subscription");
    expect(mail.headers["list-unsubscribe-post"]).toContain("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toContain("/newsletter/unsubscribe?token=");

    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("status")).toContainText(NEWSLETTER_CONFIRMED);

    const unsubscribe = linkIn(mail, "/newsletter/unsubscribe");
    await page.goto(unsubscribe);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toContainText(NEWSLETTER_UNSUBSCRIBED);
    // A mail app's one-click POST (RFC 8058) to the same link answers too, again.
    const oneClick = await page.request.post(unsubscribe, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status()).toBe(200);
    await context.close();
  });

  test("a used or made-up confirmation link says so", async ({ page }) => {
    await page.goto(`/newsletter/confirm?token=${"x".repeat(43)}`);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("alert")).toContainText("no longer valid");
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
    await page.goto(`/newsletter/unsubscribe?token=${"x".repeat(43)}`);
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
