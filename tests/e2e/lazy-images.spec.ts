// decisions.md 20: every image below the first screen loads lazily, the footer logo included;
// what the first screen shows may load at once. Checked where the browser lays the page out,
// on a phone and on a desktop screen.
import { expect, test } from "@playwright/test";

const PAGES = ["/", "/about", "/services", "/services/swimming-pool", "/team", "/testimonial"];
const FORM_PAGES = ["/rooms", "/details/1", "/contact", "/booking", "/privacy"];

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const path of [...PAGES, ...FORM_PAGES]) {
      test(`${path}: images below the first screen are lazy`, async ({ page }) => {
        await page.goto(path);
        const images = await page.locator("img").evaluateAll(
          (elements, screenHeight) =>
            elements.map((element) => {
              const image = element as HTMLImageElement;
              return {
                src: image.getAttribute("src"),
                top: image.getBoundingClientRect().top + window.scrollY,
                lazy: image.loading === "lazy",
                footer: image.closest("footer") !== null,
                screenHeight,
              };
            }),
          viewport.height,
        );
        expect(images.length).toBeGreaterThan(0);
        const eagerBelow = images.filter((image) => !image.lazy && image.top >= image.screenHeight);
        expect(eagerBelow, "eager images below the first screen").toEqual([]);
        const footerImages = images.filter((image) => image.footer);
        expect(footerImages.length).toBeGreaterThan(0);
        for (const image of footerImages) expect(image.lazy, `footer image ${image.src}`).toBe(true);
      });
    }
  });
}
