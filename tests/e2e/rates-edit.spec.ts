import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { signIn } from "./staff-support.ts";

// The manager's rates page: a rule edited in place (with and without JavaScript), a refused form
// shown once, headings and the form grid as a person sees them, and a season priced per room type
// in one form. The rules lie 352–362 days ahead, after rates.spec.ts's (313–346) and where no
// other test on this server books; each test removes the rules it made.

/** Waits until React Router has hydrated the console (its router exists and is initialised). */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
        ?.state.initialized === true,
  );
}

const FIRST = addDays(lodgeToday(), 352);
const LAST = addDays(lodgeToday(), 362);

const rateForm = (page: Page) => page.getByRole("form", { name: /rate rule/ });
const stayForm = (page: Page) => page.getByRole("form", { name: /stay rule/ });

async function addRateRule(page: Page, name: string, price: number) {
  const form = rateForm(page);
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("First night").fill(FIRST);
  await form.getByLabel("Last night").fill(LAST);
  await form.getByLabel("Sets the price").selectOption("fixed");
  await form.getByLabel("Price or change").fill(String(price));
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText(`Rate rule '${name}' saved.`)).toBeVisible();
}

/** A rule's row in its table. */
const row = (page: Page, name: string): Locator =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });

/** Removes every rule of that kind and name, one by one, each gone before the next. */
async function removeRules(page: Page, kind: "rate" | "stay", name: string) {
  const rows = row(page, name);
  for (let left = await rows.count(); left > 0; left -= 1) {
    await page
      .getByRole("button", { name: `Remove ${kind} rule ${name}` })
      .first()
      .click();
    await expect(rows).toHaveCount(left - 1);
  }
  await expect(page.getByText("Rule removed. Requests already made keep their prices.")).toBeVisible();
}

test("a manager edits a rate rule in place without JavaScript", async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await signIn(plain);
  await plain.goto(`${STAFF_URL}/staff/rates`);
  await addRateRule(plain, "Late season", 700);
  await expect(plain).toHaveURL(/\/staff\/rates\?notice=\d+$/); // post/redirect/get

  await plain.getByRole("link", { name: "Edit rate rule Late season" }).click();
  await expect(plain.getByRole("heading", { name: "Edit rate rule 'Late season'", level: 3 })).toBeVisible();
  const form = rateForm(plain);
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Late season");
  await expect(form.getByLabel("First night")).toHaveValue(FIRST);
  await expect(form.getByLabel("Price or change")).toHaveValue("700");
  await form.getByLabel("Name", { exact: true }).fill("Late season peak");
  await form.getByLabel("Price or change").fill("750");
  await form.getByRole("checkbox", { name: "Saturdays" }).check();
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(
    plain.getByText("Rate rule 'Late season peak' changed. Requests already made keep their prices."),
  ).toBeVisible();
  await expect(plain).not.toHaveURL(/edit=/);
  await expect(row(plain, "Late season peak")).toContainText("K750");
  await expect(row(plain, "Late season peak")).toContainText("Saturdays");
  await expect(row(plain, "Late season")).toHaveCount(0);
  await expect(plain.getByRole("heading", { name: "Add a rate rule", level: 3 })).toBeVisible();
  await removeRules(plain, "rate", "Late season peak");
  await noScript.close();
});

test("a manager edits a stay rule in place, or leaves it by Cancel", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STAFF_URL}/staff/rates`);
  await hydrated(page);
  const stay = stayForm(page);
  await stay.getByLabel("Name", { exact: true }).fill("Late minimum");
  await stay.getByLabel("First arrival night").fill(FIRST);
  await stay.getByLabel("Last arrival night").fill(LAST);
  await stay.getByLabel("Minimum nights").fill("2");
  await stay.getByRole("button", { name: "Save stay rule" }).click();
  await expect(page.getByText("Stay rule 'Late minimum' saved.")).toBeVisible();

  await page.getByRole("link", { name: "Edit stay rule Late minimum" }).click();
  await expect(page.getByRole("heading", { name: "Edit stay rule 'Late minimum'" })).toBeVisible();
  await expect(stayForm(page).getByLabel("Minimum nights")).toHaveValue("2");
  await stayForm(page)
    .getByRole("link", { name: /Cancel/ })
    .click();
  await expect(page.getByRole("heading", { name: "Add a stay rule" })).toBeVisible();
  await expect(stayForm(page).getByLabel("Minimum nights")).toHaveValue("");

  await page.getByRole("link", { name: "Edit stay rule Late minimum" }).click();
  // The edit form replaces the add form once the page has loaded: fill that one, not the other.
  await expect(page.getByRole("heading", { name: "Edit stay rule 'Late minimum'" })).toBeVisible();
  await expect(stayForm(page).getByLabel("Minimum nights")).toHaveValue("2");
  await stayForm(page).getByLabel("Minimum nights").fill("3");
  await stayForm(page).getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByText("Stay rule 'Late minimum' changed. Requests already made keep their prices."),
  ).toBeVisible();
  await expect(row(page, "Late minimum")).toContainText("Minimum stay 3 nights");
  await expect(page.getByRole("heading", { name: "Add a stay rule" })).toBeVisible();
  await removeRules(page, "stay", "Late minimum");
});

/** Sends the stay form with a first arrival night in the past: refused, said once. */
async function refuse(target: Page) {
  const yesterday = addDays(lodgeToday(), -1);
  const stay = stayForm(target);
  await stay.getByLabel("Name", { exact: true }).fill("Too early");
  await stay.getByLabel("First arrival night").fill(yesterday);
  await stay.getByLabel("Last arrival night").fill(LAST);
  await stay.getByLabel("Minimum nights").fill("2");
  await stay.getByRole("button", { name: "Save stay rule" }).click();
  await expect(stayForm(target).getByLabel("First arrival night")).toHaveAccessibleDescription(
    "The first arrival night cannot be in the past.",
  );
  await expect(target.getByRole("alert")).toHaveCount(1);
  await expect(target.getByRole("alert")).toContainText("Please check the stay rule.");
  await expect(target.getByText("Please check the stay rule.")).toHaveCount(1);
  await expect(target.getByText("The first arrival night cannot be in the past.")).toHaveCount(1);
}

test("a refused form says so once above it, each message beside its field", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STAFF_URL}/staff/rates`);
  await hydrated(page);
  await refuse(page);
  await expectNoAxeViolations(page);
});

test("without JavaScript too, a refused form says so once", async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await signIn(plain);
  await plain.goto(`${STAFF_URL}/staff/rates`);
  await refuse(plain);
  await noScript.close();
});

test("the forms' headings sit under their sections' and the forms leave no wide gaps", async ({ page }) => {
  await signIn(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${STAFF_URL}/staff/rates`);
    const size = (name: string) =>
      page
        .getByRole("heading", { name, exact: true })
        .evaluate((heading) => parseFloat(getComputedStyle(heading).fontSize));
    expect(await size("Add a rate rule")).toBeLessThan(await size("Rate rules"));
    expect(await size("Add a stay rule")).toBeLessThan(await size("Stay rules"));

    for (const form of [rateForm(page), stayForm(page)]) {
      const box = (await form.boundingBox())!;
      // Each group of checkboxes takes the form's width, never a narrow column beside empty cells.
      for (const group of await form.getByRole("group").all()) {
        const groupBox = (await group.boundingBox())!;
        expect(groupBox.width).toBeGreaterThan(box.width - 2);
      }
      // The buttons come after every field, on a row of their own.
      const fieldsBottom = Math.max(
        ...(await form
          .locator("fieldset, .field")
          .evaluateAll((fields) => fields.map((field) => field.getBoundingClientRect().bottom))),
      );
      const buttons = (await form.getByRole("button").first().boundingBox())!;
      expect(buttons.y).toBeGreaterThanOrEqual(fieldsBottom);
      expect(buttons.y - fieldsBottom).toBeLessThan(32);
      expect(await form.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    if (width === 1280) {
      // At desktop width the short fields share a row.
      const name = (await rateForm(page).getByLabel("Name", { exact: true }).boundingBox())!;
      const price = (await rateForm(page).getByLabel("Price or change").boundingBox())!;
      expect(Math.abs(name.y - price.y)).toBeLessThan(2);
    }
  }
});

test("one form makes a season with a price per room type, a type left empty skipped", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STAFF_URL}/staff/rates`);
  await hydrated(page);
  const season = page.getByRole("form", { name: "Add a season with a price per room type" });
  const prices = season.getByRole("group", { name: /Price a night per room type/ });
  const types = await prices.locator("label").allTextContents();
  expect(types.length).toBeGreaterThanOrEqual(2);
  const [priced, skipped] = types as [string, string];
  await season.getByLabel("Name", { exact: true }).fill("Year end");
  await season.getByLabel("First night").fill(FIRST);
  await season.getByLabel("Last night").fill(LAST);

  // No price at all: said beside the prices, nothing saved.
  await season.getByRole("button", { name: "Save season" }).click();
  await expect(prices).toHaveAccessibleDescription("Please enter a price for at least one room type.");
  await expect(page.getByRole("alert")).toHaveCount(1);

  for (const type of types) if (type !== skipped) await prices.getByLabel(type, { exact: true }).fill("1234");
  await season.getByRole("button", { name: "Save season" }).click();
  await expect(
    page.getByText(
      types.length === 2
        ? "Season 'Year end' saved as 1 rate rule."
        : `Season 'Year end' saved as ${types.length - 1} rate rules, one per room type.`,
    ),
  ).toBeVisible();
  const rows = row(page, "Year end");
  await expect(rows).toHaveCount(types.length - 1);
  await expect(rows.filter({ hasText: priced }).first()).toContainText("K1,234");
  await expect(rows.filter({ hasText: skipped })).toHaveCount(0);
  await removeRules(page, "rate", "Year end");
});
