import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { bookAsGuest, signIn } from "./staff-support.ts";

// A room move at the desk, then an extension whose room is taken: the page offers the rooms free
// for the extra nights. Rooms 133 and 134 (ids 33, 34) are this test's own.

const today = lodgeToday();
const notice = (page: Page) => page.getByRole("status").or(page.getByRole("alert"));

test("the desk moves a guest to another room, then extends the stay in a room free for the extra nights", async ({
  page,
}) => {
  await bookAsGuest(page, { roomId: 33, checkIn: today, checkOut: addDays(today, 3), name: "Moving Guest" });
  await bookAsGuest(page, {
    roomId: 34,
    checkIn: addDays(today, 3),
    checkOut: addDays(today, 5),
    name: "Next Guest",
  });
  await signIn(page);
  await page.getByRole("link", { name: "Requests" }).click();
  await page.getByLabel("Name, e-mail, phone or reference").fill("Moving Guest");
  await page.getByRole("button", { name: "Show" }).click();
  await page.locator("tbody tr").first().getByRole("link", { name: "Moving Guest" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Moving Guest");

  const move = page.getByRole("form", { name: "Move to another room" });
  await move.getByLabel("Move to a room free for every night").selectOption({ label: "134 (Mini Suite)" });
  await move.getByLabel("Price of the nights moved").selectOption("new");
  await move.getByRole("button", { name: "Move", exact: true }).click();
  await expect(notice(page)).toContainText("moved from room 133 to room 134");

  const extend = page.getByRole("form", { name: "Extend the stay" });
  await extend.getByLabel("Extend: new check-out").fill(addDays(today, 5));
  await extend.getByRole("button", { name: "Extend" }).click();
  await expect(page.getByRole("alert")).toContainText("This stay's room is taken");
  await expectNoAxeViolations(page);
  const elsewhere = page.getByRole("form", { name: "Extend in another room" });
  await elsewhere.getByLabel(/Extra nights until/).selectOption({ label: "133 (Mini Suite)" });
  await elsewhere.getByRole("button", { name: "Extend in this room" }).click();
  await expect(notice(page)).toContainText("in room 133");
  await expect(page.getByRole("list").filter({ hasText: "Moved from room 133 to room 134" })).toBeVisible();
});
