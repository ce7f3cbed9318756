import { expect, test } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";

// A guest adds breakfast for two adults over three nights while booking on the site, without
// JavaScript: the quote prices it per person per night with its tax, and the folio bills it so.

const checkIn = addDays(lodgeToday(), 250);
const checkOut = addDays(checkIn, 3);
/** A room and dates no other test books. */
const ROOM = "116 - Executive Suite";

test.use({ javaScriptEnabled: false });

test("breakfast for two adults over three nights is quoted and billed per person per night", async ({
  page,
}) => {
  // Three pages, a booking and a folio: a slow test's time on a loaded machine.
  test.slow();
  await page.goto(`/booking?tab=room&checkIn=${checkIn}&checkOut=${checkOut}`);
  const email = `extras.${Date.now()}@example.com`;
  const form = page.getByRole("tabpanel", { name: "Room" });
  await form.getByLabel("Full Name").fill("Extras Guest");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0977 000555");
  const room = form.getByRole("combobox", { name: "Room", exact: true });
  await room.selectOption((await room.locator("option", { hasText: ROOM }).getAttribute("value")) ?? "");
  await form.getByLabel("Adults").fill("2");
  await form.getByLabel("Children").fill("0");
  await page.getByRole("checkbox", { name: "Breakfast: K150 per person per night" }).check();
  // Without JavaScript the quote comes with the page the form reloads, every field kept.
  await page.getByRole("button", { name: "Check availability" }).click();

  const summary = page.locator(".booking-form__summary");
  await expect(summary).toContainText("Breakfast, 6 × K150 (per person per night)K900");
  await expect(summary).toContainText(/Total with extrasK[\d,]+/);
  await expect(summary).toContainText(/Of which Tourism levy 1\.5%K\d+/);
  await expect(page.getByRole("checkbox", { name: "Breakfast: K150 per person per night" })).toBeChecked();

  await page.getByRole("button", { name: "Book Room" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Room/Venue booking successful!" });
  const reference = /LDG-[2-9A-Z]{6}/.exec((await notice.textContent()) ?? "")?.[0] ?? "";
  expect(reference).not.toBe("");

  await page.goto("/my-booking");
  const lookUp = page.locator("form").filter({ has: page.getByRole("button", { name: "Find my booking" }) });
  await lookUp.getByLabel("Booking reference").fill(reference);
  await lookUp.getByLabel("Email Address").fill(email);
  await lookUp.getByRole("button", { name: "Find my booking" }).click();
  await page.getByRole("button", { name: "Show my folio and receipts" }).click();
  await expect(page.getByText("Breakfast, 6 × K150 (per person per night)")).toBeVisible();
});
