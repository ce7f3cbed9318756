import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe-core with the WCAG 2.1 A/AA rules and fails with a readable list of violations. axe
 * runs as a script in the page, so the page's context must run scripts: a context made with
 * `browser.newContext()` in a test that turned JavaScript off inherits that option (Playwright
 * applies the test's options to every context it makes), and there axe never finishes.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
