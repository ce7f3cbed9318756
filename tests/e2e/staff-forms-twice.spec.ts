import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { BOOKING_TYPE_REQUIRED } from "../../app/shared/messages.ts";
import { STAFF_URL } from "./servers.ts";
import { bookAsGuest, signIn } from "./staff-support.ts";

// The console's forms sent twice (a double click, the same post again) write once, and every
// change answers by a redirect to its page, which shows the notice (post/redirect/get); the
// check-in button belongs to the arrival day; the desk refuses a kind of booking it does not have.
// Rooms 20-23 are this file's own, far ahead but for the stay that arrives today.

const today = lodgeToday();
const notice = (page: Page) => page.getByRole("status").or(page.getByRole("alert"));

async function openRequest(page: Page, name: string) {
  await page.goto(`${STAFF_URL}/staff/requests?q=${encodeURIComponent(name)}`);
  await page.locator("tbody tr").first().getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

/** The payments and refunds the request's page lists. */
const ledgerRows = (page: Page) => page.locator("#payments table tbody tr");

/** Errors the page reports (a hydration mismatch is one), to be asserted empty. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
        ?.state.initialized === true,
  );
}

test.describe("a console form sent twice, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("records a payment once, and the page after the redirect says so, also once reloaded", async ({
    page,
  }) => {
    const checkIn = addDays(today, 210);
    await bookAsGuest(page, { roomId: 20, checkIn, checkOut: addDays(checkIn, 2), name: "Twice Plain" });
    await signIn(page);
    await openRequest(page, "Twice Plain");
    const form = page.getByRole("form", { name: "Record a payment or refund" });
    await form.getByLabel("Method").selectOption("Cash");
    await form.getByLabel("Amount (kwacha)").fill("500");
    // What the browser sends for this form, as a second click (or a retried post) sends it again.
    const fields: Record<string, string> = { intent: "record-payment" };
    for (const input of await form.locator("input[name], select[name], textarea[name]").all()) {
      fields[(await input.getAttribute("name"))!] = await input.inputValue();
    }
    expect(fields.submissionId).toMatch(/^[A-Za-z0-9.]{8,}$/);
    const address = new URL(page.url()).pathname;

    await form.getByRole("button", { name: "Record" }).click();
    await expect(page).toHaveURL(/\?notice=\d+$/);
    await expect(notice(page)).toContainText("Payment of K500 (Cash) recorded.");
    await expect(ledgerRows(page)).toHaveCount(1);

    const again = await page.request.post(`${STAFF_URL}${address}`, {
      headers: { Origin: STAFF_URL },
      form: fields,
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(`${STAFF_URL}${again.headers().location}`).toBe(page.url());

    await page.reload();
    await expect(notice(page)).toContainText("Payment of K500 (Cash) recorded.");
    await expect(ledgerRows(page)).toHaveCount(1);
    await expect(page.locator(".staff-technical")).not.toContainText(/token|hash/i);
  });

  test("the desk refuses a kind of booking it does not have with its message, never a 500", async ({
    page,
  }) => {
    await signIn(page);
    for (const tab of ["x", "", "VENUE"]) {
      const answer = await page.request.post(`${STAFF_URL}/staff/desk`, {
        headers: { Origin: STAFF_URL },
        form: {
          tab,
          channel: "phone",
          name: "Odd Tab",
          phone: "+260 977 100200",
          submissionId: "seed0000.form",
        },
      });
      expect(answer.status(), `tab=${tab}`).toBe(400);
      expect(await answer.text()).toContain(BOOKING_TYPE_REQUIRED);
    }
  });
});

test.describe("a console form sent twice, hydrated", () => {
  test("a double click records one payment; the form then has a new id and the page its notice", async ({
    page,
  }) => {
    const errors = recordErrors(page);
    await bookAsGuest(page, {
      roomId: 21,
      checkIn: today,
      checkOut: addDays(today, 2),
      name: "Twice Hydrated",
    });
    await signIn(page);
    await openRequest(page, "Twice Hydrated");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Record a payment or refund" });
    const id = form.locator("input[name=submissionId]");
    const before = await id.inputValue();
    await form.getByLabel("Method").selectOption("Cash");
    await form.getByLabel("Amount (kwacha)").fill("300");
    await form.getByRole("button", { name: "Record" }).dblclick();
    await expect(notice(page)).toContainText("Payment of K300 (Cash) recorded.");
    await expect(page).toHaveURL(/\?notice=\d+$/);
    await expect(ledgerRows(page)).toHaveCount(1);
    await expect(id).not.toHaveValue(before);
    // Reloading the page after the redirect posts nothing again.
    await page.reload();
    await expect(notice(page)).toContainText("Payment of K300 (Cash) recorded.");
    await expect(ledgerRows(page)).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("offers Check in from the arrival day only", async ({ page }) => {
    const later = addDays(today, 120);
    await bookAsGuest(page, {
      roomId: 22,
      checkIn: later,
      checkOut: addDays(later, 1),
      name: "Arrives Later",
    });
    await bookAsGuest(page, {
      roomId: 23,
      checkIn: today,
      checkOut: addDays(today, 1),
      name: "Arrives Today",
    });
    await signIn(page);
    await openRequest(page, "Arrives Later");
    await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Check in", exact: true })).toHaveCount(0);
    await openRequest(page, "Arrives Today");
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(notice(page)).toContainText("Confirmed → Checked in");
  });
});
