import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { signIn } from "./staff-support.ts";

// The housekeeping list on a housekeeper's phone: a manager invites the account, which opens on
// its list only, and marks a room Clean with one tap. Room 135 is this file's own.

test.describe("housekeeping on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a housekeeper sees only the list, marks a room clean, and the page has no axe violations", async ({
    page,
  }) => {
    // Two sign-ins, each a password hash, and an invitation: a slow test's time.
    test.slow();
    const email = `hilda-${Date.now()}@lodge.test`;
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/accounts`);
    await page.getByLabel("Name").fill("Hilda Housekeeper");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Role").selectOption("housekeeping");
    await page.getByRole("button", { name: "Add and show invitation link" }).click();
    const link = (await page.locator(".staff-link").textContent()) ?? "";
    expect(link).toContain("/staff/set-password?token=");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(link.replace("http://localhost:3000", STAFF_URL));
    await page.getByLabel("Password", { exact: true }).fill("hilda's long password");
    await page.getByLabel("Password again").fill("hilda's long password");
    await page.getByRole("button", { name: "Save and sign in" }).click();

    // Her account opens on the list; the desk's pages send her back to it.
    await expect(page).toHaveURL(/\/staff\/housekeeping$/);
    const nav = page.getByRole("navigation", { name: "Staff console" });
    await expect(nav.getByRole("link")).toHaveText(["Housekeeping"]);
    await page.goto(`${STAFF_URL}/staff/board`);
    await expect(page).toHaveURL(/\/staff\/housekeeping$/);

    // A guest came back to room 135: it is Dirty again, then cleaned.
    await page.getByRole("button", { name: "Dirty: room 135" }).click();
    const toDo = page.locator("section", { has: page.getByRole("heading", { name: /^To do/ }) });
    await expect(toDo.getByRole("heading", { name: "Room 135: Dirty" })).toBeVisible();
    await toDo.getByRole("button", { name: "Clean: room 135" }).click();
    await expect(page.getByRole("status")).toContainText("Room 135 is Clean.");
    await expect(page.getByRole("heading", { name: "Room 135: Clean" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
