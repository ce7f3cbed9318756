import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/lib/dates.ts";
import { gotoHydrated } from "./hydrated.ts";
import { DB_DOWN_URL, SITE_URL } from "./servers.ts";
import { BOOKED_ROOMS } from "./test-rooms.ts";

const today = lodgeToday();

const dialog = (page: Page): Locator => page.getByRole("dialog", { name: "Room Booking" });

async function openFromRooms(page: Page, base = SITE_URL): Promise<Locator> {
  await gotoHydrated(page, `${base}/rooms`);
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

async function fill(box: Locator, roomLabel: string | null, name = "Dialog Guest") {
  await box.getByLabel("Full Name").fill(name);
  await box.getByLabel("Email Address").fill("dialog@example.com");
  await box.getByLabel("Phone Number").fill("0977 000111");
  await box.getByLabel("Check-in Date").fill(addDays(today, 1));
  await box.getByLabel("Check-out Date").fill(addDays(today, 3));
  if (roomLabel) await box.getByRole("combobox", { name: "Room" }).selectOption({ label: roomLabel });
}

test("opens from /rooms as a modal: loading text, rooms, focus kept inside, Escape closes", async ({
  page,
}) => {
  // Hold the list back until the loading text has been seen.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/available-rooms*", async (route) => {
    await released;
    await route.continue();
  });
  const box = await openFromRooms(page);
  await expect(box.getByText("Loading available rooms...")).toBeVisible();
  release();
  const room = box.getByRole("combobox", { name: "Room" });
  await expect(room.locator("option").first()).toHaveText("Select a Room");
  await expect(room.locator("option", { hasText: "101 - Deluxe - K400" })).toHaveCount(1);
  // The first available room of the clicked type is proposed.
  await expect(room.locator("option:checked")).toContainText("Deluxe");
  for (let i = 0; i < 20; i++) await page.keyboard.press("Tab");
  expect(await box.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect((await new AxeBuilder({ page }).include("dialog").analyze()).violations).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(box).toBeHidden();
});

test("opens from /details/1 with the close button", async ({ page }) => {
  await gotoHydrated(page, "/details/1");
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(dialog(page)).toBeHidden();
});

test("no room and bad dates show their messages beside the fields", async ({ page }) => {
  const box = await openFromRooms(page);
  await fill(box, null);
  await box.getByRole("combobox", { name: "Room" }).selectOption("");
  await box.getByLabel("Check-out Date").fill(addDays(today, 0));
  await box.getByLabel("Check-in Date").fill(addDays(today, 2));
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(box.getByText("Please select a room to continue.")).toBeVisible();
  await expect(
    box.getByText("Check-out cannot be before check-in. Please choose a later check-out date."),
  ).toBeVisible();
});

test("a booking shows 'Booking successful!' with the reference and the room leaves the list", async ({
  page,
}) => {
  const box = await openFromRooms(page);
  await fill(box, BOOKED_ROOMS.dialogBooks);
  await expect(box.getByText("K1,100 for 2 nights")).toBeVisible();
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(box).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Booking successful!" })).toContainText(
    /LDG-[2-9A-Z]{6}/,
  );
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  await expect(
    dialog(page)
      .getByRole("combobox", { name: "Room" })
      .locator("option", { hasText: BOOKED_ROOMS.dialogBooks }),
  ).toHaveCount(0);
});

test("a room just taken in another page gets the message and the list reloads", async ({ browser }) => {
  const first = await browser.newPage();
  const second = await browser.newPage();
  const boxes = [await openFromRooms(first), await openFromRooms(second)];
  for (const box of boxes) await fill(box, BOOKED_ROOMS.dialogJustTaken);
  await boxes[0]!.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(first.getByRole("status").filter({ hasText: "Booking successful!" })).toBeVisible();
  await boxes[1]!.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(boxes[1]!.getByRole("alert")).toContainText(
    "This room has just been booked. Please select another room.",
  );
  await expect(
    boxes[1]!
      .getByRole("combobox", { name: "Room" })
      .locator("option", { hasText: BOOKED_ROOMS.dialogJustTaken }),
  ).toHaveCount(0);
});

test("a double click sends one booking", async ({ page }) => {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/room-booking")) posts++;
  });
  const box = await openFromRooms(page);
  await fill(box, BOOKED_ROOMS.dialogDoubleClick);
  await box.getByRole("button", { name: "Confirm Booking" }).dblclick();
  await expect(page.getByRole("status").filter({ hasText: "Booking successful!" })).toBeVisible();
  expect(posts).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/rooms?book=Deluxe renders the dialog open and a POST books", async ({ page }) => {
    await page.goto("/rooms?book=Deluxe");
    const box = dialog(page);
    await expect(box).toBeVisible();
    await fill(box, BOOKED_ROOMS.dialogWithoutJavaScript, "No Script Dialog Guest");
    await box.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page).toHaveURL(/\/rooms\?booked=LDG-/);
    await expect(page.getByRole("status").filter({ hasText: "Booking successful!" })).toBeVisible();
  });
});

test("with the database down the dialog's banner shows the error", async ({ page }) => {
  const box = await openFromRooms(page, DB_DOWN_URL);
  await expect(box.getByRole("alert")).toContainText("Failed to fetch rooms: database unavailable");
});
