import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { gotoEnhanced } from "./enhanced.ts";

// Every page in app/routes.ts (resource routes excepted), plus a detail page of each kind and a 404.
const PAGES = [
  "/",
  "/about",
  "/services",
  "/services/swimming-pool",
  "/services/unknown-service",
  "/rooms",
  "/details/1",
  "/details/99",
  "/booking",
  "/reservation",
  "/team",
  "/testimonial",
  "/contact",
  "/privacy",
  "/terms",
  "/no-such-page",
];

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["mobile", { width: 375, height: 740 }],
] as const) {
  test.describe(`axe at ${name} width`, () => {
    test.use({ viewport });
    for (const path of PAGES) {
      test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
        await gotoEnhanced(page, path);
        await expect(page.locator("h1").first()).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

test("the open mobile menu and the open dropdown have no violations", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoEnhanced(page, "/");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Page" }).click();
  await expect(page.getByRole("link", { name: "Our Team" })).toBeVisible();
  await expectNoAxeViolations(page);
});
