import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until its script has taken over the markup: the enhancement module
 * (app/enhance.client.ts), started after the first paint, marks the header
 * `site-header--enhanced` when every behaviour is in place, so clicks and key presses reach the
 * scripted behaviour rather than the no-JavaScript fallbacks.
 */
export async function gotoEnhanced(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("header.site-header--enhanced")).toBeAttached();
  return response;
}

/**
 * Waits until the island with wrapper id `id` (app/shared/islands/island.tsx) is live: React has
 * taken over its markup (app/islands.client.ts). Islands hydrate on the guest's intent, so this
 * follows a focus, a tap or a click in the island.
 */
export async function expectIslandLive(page: Page, id: string) {
  await expect(page.locator(`#${id}[data-island-live]`)).toBeAttached();
}
