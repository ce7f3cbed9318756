import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until its scripts have taken over the markup: React hydration on form
 * pages, the enhancement module on content pages (app/enhance.client.ts). Both mark the header
 * `site-header--enhanced` when they are done, so clicks and key presses reach the scripted
 * behaviour rather than the no-JavaScript fallbacks.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("header.site-header--enhanced")).toBeAttached();
  return response;
}
