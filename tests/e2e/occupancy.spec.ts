import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { gotoEnhanced } from "./enhanced.ts";
import { STAFF_URL } from "./servers.ts";
import { signIn } from "./staff-support.ts";

// Prices by occupancy as a guest sees them: a rate rule with its own supplements for Deluxe rooms
// (300–302 days ahead, where no other test on this server books or sets rules), and /booking's
// quote changing as the guest changes the adults and children, the same with JavaScript and
// without. The test removes its rule.

const FIRST = addDays(lodgeToday(), 300);
const CHECK_OUT = addDays(FIRST, 3);
const NAME = "Family nights";

const roomSelect = (page: Page) => page.getByRole("combobox", { name: "Room", exact: true });
const summary = (page: Page) => page.locator(".booking-form__summary");
const kwacha = (text: string) => Number(text.replace(/[K,]/g, ""));

/** The summary's total for the stay, in kwacha. */
async function total(page: Page): Promise<number> {
  await expect(summary(page)).toContainText(/Total priceK[\d,]+ for 3 nights/);
  const text = (await summary(page).textContent()) ?? "";
  return kwacha(/Total price(K[\d,]+) for 3 nights/.exec(text)?.[1] ?? "");
}

test("/booking's quote follows the adults and children, with JavaScript and without", async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto(`${STAFF_URL}/staff/rates`);
  const form = page.getByRole("form", { name: /rate rule/ });
  await form.getByLabel("Name", { exact: true }).fill(NAME);
  await form.getByLabel("First night").fill(FIRST);
  await form.getByLabel("Last night").fill(addDays(FIRST, 2));
  await form.getByLabel("Sets the price").selectOption("amount");
  await form.getByLabel("Price or change").fill("0");
  await form.getByLabel(/^Extra adult a night/).fill("100");
  await form.getByLabel(/^Child a night/).fill("50");
  await form.getByRole("checkbox", { name: "Deluxe", exact: true }).check();
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText(`Rate rule '${NAME}' saved.`)).toBeVisible();

  try {
    await gotoEnhanced(page, `${STAFF_URL}/booking`);
    const listed = page.waitForResponse((response) => response.url().includes(`checkOut=${CHECK_OUT}`));
    await page.getByLabel("Check-in Date").fill(FIRST);
    await page.getByLabel("Check-out Date").fill(CHECK_OUT);
    await listed;
    const option = roomSelect(page).locator("option", { hasText: "- Deluxe -" }).first();
    const roomId = (await option.getAttribute("value")) ?? "";
    await roomSelect(page).selectOption(roomId);
    await page.getByLabel("Adults", { exact: true }).fill("2");
    await page.getByLabel("Adults", { exact: true }).blur();
    const covered = await total(page);

    // A third adult and a child: K100 + K50 more on each of the 3 nights.
    await page.getByLabel("Adults", { exact: true }).fill("3");
    await page.getByLabel("Children", { exact: true }).fill("1");
    await page.getByLabel("Children", { exact: true }).blur();
    await expect(summary(page)).toContainText(`for 3 nights`);
    await expect.poll(() => total(page)).toBe(covered + 450);
    await expect(option).toContainText(`K${(covered + 450).toLocaleString("en-US")} for 3 nights`);

    // Without JavaScript the page renders the same quote for the same fields.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(
      `${STAFF_URL}/booking?tab=room&checkIn=${FIRST}&checkOut=${CHECK_OUT}&roomId=${roomId}&adults=3&children=1`,
    );
    expect(await total(plain)).toBe(covered + 450);
    await plain.goto(
      `${STAFF_URL}/booking?tab=room&checkIn=${FIRST}&checkOut=${CHECK_OUT}&roomId=${roomId}&adults=2&children=0`,
    );
    expect(await total(plain)).toBe(covered);
    await noScript.close();
  } finally {
    await page.goto(`${STAFF_URL}/staff/rates`);
    await page
      .getByRole("button", { name: `Remove rate rule ${NAME}` })
      .first()
      .click();
    await expect(page.getByText("Rule removed. Requests already made keep their prices.")).toBeVisible();
  }
});
