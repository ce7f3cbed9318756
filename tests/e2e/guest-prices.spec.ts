import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { gotoEnhanced } from "./enhanced.ts";

// What a guest reads of a stay's price before and after booking: each room at the stay's first
// night and its total, the taxes the total contains as the bill shows them, and on /my-booking
// what was paid and what is due, with JavaScript and without.

const today = lodgeToday();
const checkIn = addDays(today, 210);
const checkOut = addDays(today, 213);
/** A room no other test books, on dates no other test uses. */
const ROOM = "107 - Deluxe";

const roomSelect = (page: Page) => page.getByRole("combobox", { name: "Room", exact: true });
const summary = (page: Page) => page.locator(".booking-form__summary");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/booking lists the stay's total beside each room and the taxes under the total", async ({ page }) => {
    await page.goto(`/booking?tab=room&checkIn=${checkIn}&checkOut=${checkOut}`);
    const option = roomSelect(page).locator("option", { hasText: ROOM });
    await expect(option).toHaveText(/^107 - Deluxe - K[\d,]+ a night, K[\d,]+ for 3 nights$/);
    const roomId = (await option.getAttribute("value")) ?? "";
    await page.goto(`/booking?tab=room&checkIn=${checkIn}&checkOut=${checkOut}&roomId=${roomId}`);
    await expect(summary(page)).toContainText(/Total priceK[\d,]+ for 3 nights/);
    await expect(summary(page)).toContainText(/Of which Tourism levy 1\.5%K\d+/);
  });

  test("/my-booking shows what was paid and what is due in the booking's summary", async ({ page }) => {
    await page.goto("/booking");
    const roomId = await roomSelect(page)
      .locator("option", { hasText: "108 - Deluxe" })
      .getAttribute("value");
    const email = `paid.${Date.now()}@example.com`;
    const booked = await page.request.post("/booking?tab=room", {
      headers: { Origin: new URL(page.url()).origin },
      form: {
        tab: "room",
        name: "Summary Guest",
        email,
        phone: "0977 000444",
        paymentMethod: "Cash",
        roomId: roomId ?? "",
        checkIn,
        checkOut,
        adults: "1",
        children: "0",
      },
    });
    expect(booked.status()).toBe(200);
    const reference = /LDG-[A-Z0-9]{6}/.exec(await booked.text())?.[0] ?? "";
    await page.goto("/my-booking");
    const lookUp = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Find my booking" }) });
    await lookUp.getByLabel("Booking reference").fill(reference);
    await lookUp.getByLabel("Email Address").fill(email);
    await lookUp.getByRole("button", { name: "Find my booking" }).click();
    const facts = page.locator(".my-booking__facts");
    await expect(facts).toContainText(/PaidK0/);
    await expect(facts).toContainText(/Balance dueK[\d,]+/);
  });
});

test("with JavaScript /booking's options and summary follow the dates, taxes included", async ({ page }) => {
  await gotoEnhanced(page, "/booking");
  const listed = page.waitForResponse((response) => response.url().includes(`checkOut=${checkOut}`));
  await page.getByLabel("Check-in Date").fill(checkIn);
  await page.getByLabel("Check-out Date").fill(checkOut);
  await listed;
  const option = roomSelect(page).locator("option", { hasText: "109 - Deluxe" });
  await expect(option).toHaveText(/^109 - Deluxe - K[\d,]+ a night, K[\d,]+ for 3 nights$/);
  await roomSelect(page).selectOption((await option.getAttribute("value")) ?? "");
  await expect(summary(page)).toContainText(/Of which Tourism levy 1\.5%K\d+/);
});
