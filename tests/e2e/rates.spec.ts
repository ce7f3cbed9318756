import { expect, test, type Page } from "@playwright/test";
import { addDays, formatDisplayDate, lodgeToday } from "../../app/shared/dates.ts";
import { isoWeekday } from "../../app/features/pricing/rates.ts";
import { formatKwacha } from "../../app/shared/money.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { signIn } from "./staff-support.ts";

// Prices by the calendar, end to end on the staff console's server: a manager creates
// a season and a weekend rule, the public /reservation quotes a stay across both night by night,
// and a stay shorter than a stay rule's minimum is refused with its message beside the dates,
// with and without JavaScript. The rules lie 313–346 days ahead, where no other test books on this
// server and within the year a guest may book ahead: staff-reports.spec.ts books 300–304 days
// ahead, and when the rules began at the first Friday from day 300, a day whose day 300 was a
// Friday put its first night into the season and moved its revenue figure.

test.describe.configure({ mode: "serial" });

/** The first Friday from day 320: the season starts on it (the weekend rule a week before). */
function seasonStart(): string {
  let day = addDays(lodgeToday(), 320);
  while (isoWeekday(day) !== 5) day = addDays(day, 1);
  return day;
}
const FRIDAY = seasonStart();
const SEASON_PRICE = 900;
const WEEKEND_PRICE = Math.round(SEASON_PRICE * 1.2);

const form = (page: Page) => page.locator("form#reservation-form");
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function fillGuest(page: Page) {
  await field(page, "Full Name").fill("Rates Guest");
  await field(page, "Email Address").fill("rates@example.com");
  await field(page, "Phone Number").fill("+260 97 333 4444");
  await field(page, "Payment Method").selectOption("Cash");
  await field(page, "Adults").fill("2");
  await field(page, "Children").fill("0");
  await field(page, "Number of Rooms").fill("1");
  await field(page, "Message").fill("Arriving late");
}

test("a manager adds a season and a weekend rule, previewing the season first", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Rates" }).click();
  await expect(page.getByRole("heading", { name: "Rates and stay rules", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "How a night is priced" })).toContainText(
    "then the latest created",
  );

  const rule = page.locator("form").filter({ has: page.getByRole("button", { name: "Save rule" }) });
  await rule.getByLabel("Name", { exact: true }).fill("High season");
  await rule.getByLabel("First night").fill(FRIDAY);
  await rule.getByLabel("Last night").fill(addDays(FRIDAY, 20));
  await rule.getByLabel("Sets the price").selectOption("fixed");
  await rule.getByLabel("Price or change").fill(String(SEASON_PRICE));
  await rule.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: /Preview: the nights this rule covers/ });
  await expect(preview.getByRole("table").first().getByRole("row").nth(1)).toContainText(
    formatDisplayDate(FRIDAY),
  );
  await expect(preview.getByRole("table").first()).toContainText(formatKwacha(SEASON_PRICE));
  // Not saved yet (other tests' rules may be listed: rates-edit.spec.ts runs beside this one).
  await expect(page.getByRole("button", { name: "Remove rate rule High season" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText("Rate rule 'High season' saved.")).toBeVisible();

  const next = page.locator("form").filter({ has: page.getByRole("button", { name: "Save rule" }) });
  await next.getByLabel("Name", { exact: true }).fill("Weekend");
  await next.getByLabel("First night").fill(addDays(FRIDAY, -7));
  await next.getByLabel("Last night").fill(addDays(FRIDAY, 20));
  await next.getByLabel("Sets the price").selectOption("percent");
  await next.getByLabel("Price or change").fill("20");
  await next.getByRole("checkbox", { name: "Fridays" }).check();
  await next.getByRole("checkbox", { name: "Saturdays" }).check();
  await next.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText("Rate rule 'Weekend' saved.")).toBeVisible();
  const rules = page.getByRole("table").filter({ hasText: "High season" });
  await expect(rules).toContainText("Fridays, Saturdays");
  await expect(rules).toContainText("+20%");
});

test("the public site quotes a stay across both rules night by night", async ({ page }) => {
  await page.goto(`${STAFF_URL}/reservation`);
  await expect(page.locator("header.site-header--enhanced")).toBeAttached();
  await fillGuest(page);
  // Thursday (base rate), Friday and Saturday (season + weekend).
  await field(page, "Check-in Date").fill(addDays(FRIDAY, -1));
  await field(page, "Check-out Date").fill(addDays(FRIDAY, 2));
  const dates = `${addDays(FRIDAY, -1)}|${addDays(FRIDAY, 2)}`;
  const quoted = form(page).locator(`select[name='roomId'] option[data-quote-for='${dates}']`).first();
  await expect(quoted).toBeAttached();
  const roomId = await quoted.getAttribute("value");
  const base = Number(await quoted.getAttribute("data-price"));
  await field(page, "Room").selectOption(roomId!);
  const total = base + 2 * WEEKEND_PRICE;
  await expect(form(page).locator(".reservation-form__estimate")).toContainText(formatKwacha(total));
  await expect(form(page).locator(".reservation-form__estimate")).toContainText("3 nights");

  const nights = form(page).locator("[data-quote-key]:visible details");
  await nights.getByText("Price per night").click();
  await expect(nights.getByRole("listitem")).toHaveText([
    `${formatDisplayDate(addDays(FRIDAY, -1))}: ${formatKwacha(base)}`,
    `${formatDisplayDate(FRIDAY)}: ${formatKwacha(WEEKEND_PRICE)}`,
    `${formatDisplayDate(addDays(FRIDAY, 1))}: ${formatKwacha(WEEKEND_PRICE)}`,
  ]);

  await form(page).getByRole("button", { name: "Reserve Now" }).click();
  await expect(page.getByRole("status").filter({ hasText: /LDG-/ })).toBeVisible();
});

test("a too-short stay is refused with the stay rule's message beside the dates", async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto(`${STAFF_URL}/staff/rates`);
  const stayRule = page.locator("form").filter({ has: page.getByRole("button", { name: "Save stay rule" }) });
  await stayRule.getByLabel("Name", { exact: true }).fill("Season minimum");
  await stayRule.getByLabel("First arrival night").fill(FRIDAY);
  await stayRule.getByLabel("Last arrival night").fill(addDays(FRIDAY, 20));
  await stayRule.getByLabel("Minimum nights").fill("2");
  await stayRule.getByRole("button", { name: "Save stay rule" }).click();
  await expect(page.getByText("Stay rule 'Season minimum' saved.")).toBeVisible();
  const message = /Minimum stay 2 nights from \d+ \w+ to \d+ \w+/;

  // With JavaScript: the rule shows beside the dates once they are chosen, and the answer says it.
  await page.goto(`${STAFF_URL}/reservation`);
  await expect(page.locator("header.site-header--enhanced")).toBeAttached();
  await fillGuest(page);
  await field(page, "Check-in Date").fill(addDays(FRIDAY, 3));
  await field(page, "Check-out Date").fill(addDays(FRIDAY, 4));
  await expect(form(page).getByRole("list", { name: "Stay rules" }).getByRole("listitem")).toHaveText([
    message,
  ]);
  const option = form(page)
    .locator(`select[name='roomId'] option[data-quote-for='${addDays(FRIDAY, 3)}|${addDays(FRIDAY, 4)}']`)
    .first();
  await field(page, "Room").selectOption((await option.getAttribute("value"))!);
  await form(page).getByRole("button", { name: "Reserve Now" }).click();
  await expect(field(page, "Check-out Date")).toHaveAccessibleDescription(message);
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);

  // Without JavaScript: the same refusal, the page rendered by the server.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`${STAFF_URL}/reservation?checkIn=${addDays(FRIDAY, 3)}&checkOut=${addDays(FRIDAY, 3)}`);
  await expect(form(plain).getByRole("list", { name: "Stay rules" })).toContainText("Minimum stay 2 nights");
  await fillGuest(plain);
  await field(plain, "Check-in Date").fill(addDays(FRIDAY, 3));
  // Check-out on the day of arrival: one night, as /reservation's clamp makes it.
  await field(plain, "Check-out Date").fill(addDays(FRIDAY, 3));
  await field(plain, "Room").selectOption({ index: 1 });
  await form(plain).getByRole("button", { name: "Reserve Now" }).click();
  await expect(field(plain, "Check-out Date")).toHaveAccessibleDescription(message);
  await noScript.close();
});
