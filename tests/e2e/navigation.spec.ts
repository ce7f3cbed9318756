import { expect, test, type Page } from "@playwright/test";
import { gotoEnhanced } from "./enhanced.ts";

const MENU = [
  ["Home", "/"],
  ["About", "/about"],
  ["Services", "/services"],
  ["Rooms", "/rooms"],
  ["Contact", "/contact"],
  ["Reservation", "/reservation"],
] as const;

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("desktop menu", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every menu link leads to its page and is marked current there", async ({ page }) => {
    await gotoEnhanced(page, "/");
    for (const [text, path] of MENU) {
      await mainNav(page).getByRole("link", { name: text, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(mainNav(page).getByRole("link", { name: text, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });

  test("the logo links home", async ({ page }) => {
    await gotoEnhanced(page, "/about");
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL("/");
  });

  test("the Page dropdown opens on hover and closes on leave", async ({ page }) => {
    await gotoEnhanced(page, "/");
    const trigger = mainNav(page).getByRole("button", { name: "Page" });
    const team = mainNav(page).getByRole("link", { name: "Our Team" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(team).toBeHidden();

    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Booking", "Our Team", "Testimonial"]) {
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
    }

    await page.getByRole("heading", { level: 1 }).first().hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(team).toBeHidden();

    await trigger.hover();
    await team.click();
    await expect(page).toHaveURL("/team");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("the Page dropdown opens on keyboard focus, Enter and ArrowDown, and closes on Escape", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/");
    const trigger = mainNav(page).getByRole("button", { name: "Page" });
    await mainNav(page).getByRole("link", { name: "Rooms", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");

    await page.keyboard.press("ArrowDown");
    await expect(mainNav(page).getByRole("link", { name: "Booking", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(mainNav(page).getByRole("link", { name: "Our Team" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    // Tabbing past the dropdown closes it.
    await page.keyboard.press("Space");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    await expect(mainNav(page).getByRole("link", { name: "Contact", exact: true })).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("only one dropdown is open at a time", async ({ page }) => {
    await gotoEnhanced(page, "/");
    await expect(mainNav(page).locator("[aria-expanded='true']")).toHaveCount(0);
    await mainNav(page).getByRole("button", { name: "Page" }).hover();
    await expect(mainNav(page).locator("[aria-expanded='true']")).toHaveCount(1);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the toggle opens and closes the menu, and a link click closes it", async ({ page }) => {
    await gotoEnhanced(page, "/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const about = mainNav(page).getByRole("link", { name: "About", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "site-menu");
    await expect(about).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(about).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(about).toBeHidden();

    await toggle.click();
    await about.click();
    await expect(page).toHaveURL("/about");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(about).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  });

  test("Escape closes the open menu", async ({ page }) => {
    await gotoEnhanced(page, "/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test("a new page starts at the top", async ({ page }) => {
  await gotoEnhanced(page, "/");
  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await gotoEnhanced(page, "/rooms");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});
