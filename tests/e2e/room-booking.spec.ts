import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { gotoEnhanced } from "./enhanced.ts";
import { DB_DOWN_URL, SITE_URL } from "./servers.ts";
import { BOOKED_ROOMS } from "./test-rooms.ts";

const today = lodgeToday();
const TAKEN = "This room has just been booked. Please select another room.";

const dialog = (page: Page): Locator => page.getByRole("dialog", { name: "Room Booking" });
const roomSelect = (box: Locator) => box.getByRole("combobox", { name: "Room" });
const option = (box: Locator, label: string) => roomSelect(box).locator("option", { hasText: label });
/** The dialog's requests: GETs of its page at `?book=` (its rooms), POSTs to that page's action. */
const isDialogData = (url: URL) => url.searchParams.has("book");

async function openFromRooms(page: Page, base = SITE_URL): Promise<Locator> {
  await gotoEnhanced(page, `${base}/rooms`);
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

async function fill(
  box: Locator,
  roomLabel: string | null,
  {
    name = "Dialog Guest",
    checkIn = addDays(today, 1),
    checkOut = addDays(today, 3),
    /** With JavaScript the list follows the dates: pick the room from the list for them, as a guest does. */
    scripted = true,
  } = {},
) {
  await box.getByLabel("Full Name").fill(name);
  await box.getByLabel("Email Address").fill("dialog@example.com");
  await box.getByLabel("Phone Number").fill("0977 000111");
  await box.getByLabel("Check-in Date").fill(checkIn);
  const listed =
    scripted && roomLabel
      ? box
          .page()
          .waitForResponse(
            (response) =>
              isDialogData(new URL(response.url())) && response.url().includes(`checkOut=${checkOut}`),
          )
      : null;
  await box.getByLabel("Check-out Date").fill(checkOut);
  await listed;
  // By the label's beginning: with dates, an option also reads the stay's total.
  if (roomLabel) await roomSelect(box).selectOption(await roomIdOf(box, roomLabel));
}

/** The room id of a label such as '124 - Executive Suite - K550', as the dialog offers it. */
async function roomIdOf(box: Locator, label: string): Promise<string> {
  const value = await option(box, label).getAttribute("value");
  if (!value) throw new Error(`${label} is not offered`);
  return value;
}

/** Books a room as a browser without JavaScript posts the dialog's form. */
async function bookDirectly(request: APIRequestContext, roomId: string, checkIn: string, checkOut: string) {
  const answer = await request.post("/rooms?book=Executive%20Suite", {
    headers: { Origin: SITE_URL },
    form: {
      name: "Other Guest",
      email: "other@example.com",
      phone: "0977 000222",
      checkIn,
      checkOut,
      adults: "1",
      children: "0",
      roomId,
      paymentMethod: "Cash",
    },
  });
  expect(answer.status()).toBe(200);
}

test("opens from /rooms as a modal: loading text, rooms, focus kept inside, Escape closes", async ({
  page,
}) => {
  // Hold the list back until the loading text has been seen.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(isDialogData, async (route) => {
    await released;
    await route.continue();
  });
  const box = await openFromRooms(page);
  await expect(box.getByText("Loading available rooms...")).toBeVisible();
  release();
  const room = roomSelect(box);
  await expect(room.locator("option").first()).toHaveText("Select a Room");
  await expect(option(box, "101 - Deluxe - K400")).toHaveCount(1);
  // The first available room of the clicked type is proposed.
  await expect(room.locator("option:checked")).toContainText("Deluxe");
  // With JavaScript the list follows the dates: no 'Check availability' button.
  await expect(box.getByRole("button", { name: "Check availability" })).toBeHidden();
  for (let i = 0; i < 20; i++) await page.keyboard.press("Tab");
  expect(await box.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect((await new AxeBuilder({ page }).include("dialog").analyze()).violations).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(box).toBeHidden();
});

test("opens from /details/1 with the close button", async ({ page }) => {
  await gotoEnhanced(page, "/details/1");
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(dialog(page)).toBeHidden();
});

test("opened at its ?book= address, the dialog stays open once the script takes over", async ({ page }) => {
  await gotoEnhanced(page, "/rooms?book=Deluxe");
  const box = dialog(page);
  await expect(box).toBeVisible();
  // Modal now (the script made it so), and still open.
  await expect.poll(() => box.evaluate((element) => element.matches(":modal"))).toBe(true);
  await expect(option(box, "101 - Deluxe - K400")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(box).toBeHidden();
  await expect(page).toHaveURL(/\/rooms$/);
});

for (const failure of ["a network error", "a 500"] as const) {
  test(`when the rooms request fails with ${failure}, the dialog says so and the page stays`, async ({
    page,
  }) => {
    await page.route(isDialogData, (route) =>
      failure === "a 500" ? route.fulfill({ status: 500, body: "boom" }) : route.abort("failed"),
    );
    const box = await openFromRooms(page);
    await expect(box.getByRole("alert")).toContainText("Failed to fetch rooms:");
    await expect(page.getByRole("heading", { level: 1, name: "Our Rooms" })).toBeVisible();
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  });
}

test("an answer that is not one of the site's pages keeps the dialog open, with the values and a message", async ({
  page,
}) => {
  const box = await openFromRooms(page);
  await fill(box, BOOKED_ROOMS.dialogDoubleClick, { name: "Kept Through A Proxy Error" });
  // A proxy in front of the site answers for it (a 502 page of its own).
  await page.route(
    (url) => isDialogData(url),
    (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" })
        : route.continue(),
  );
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(box.getByRole("alert")).toContainText("Failed to create booking:");
  await expect(box).toBeVisible();
  await expect(box.getByLabel("Full Name")).toHaveValue("Kept Through A Proxy Error");
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

test("a booking shows 'Booking successful!' with the reference and the room leaves the list for its dates", async ({
  page,
}) => {
  const box = await openFromRooms(page);
  await fill(box, BOOKED_ROOMS.dialogBooks);
  await expect(box.getByText("K1,100 for 2 nights", { exact: true })).toBeVisible();
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(box).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Booking successful!" })).toContainText(
    /LDG-[2-9A-Z]{6}/,
  );
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  await fill(dialog(page), null);
  await expect(option(dialog(page), "120 - ")).toHaveCount(1);
  await expect(option(dialog(page), BOOKED_ROOMS.dialogBooks)).toHaveCount(0);
});

test("the list follows the dates: a held room leaves for its nights and is back for touching ones", async ({
  page,
}) => {
  const box = await openFromRooms(page);
  const label = BOOKED_ROOMS.dialogFollowsDates;
  const roomId = await roomIdOf(box, label);
  await bookDirectly(page.request, roomId, addDays(today, 20), addDays(today, 22));
  await fill(box, null, { checkIn: addDays(today, 21), checkOut: addDays(today, 21) });
  // One night inside the stay: the room is not free, the chosen room is dropped.
  await expect(option(box, label)).toHaveCount(0);
  // From the stay's check-out day on, the room is free again (the check-out day is not held).
  await box.getByLabel("Check-out Date").fill(addDays(today, 24));
  await box.getByLabel("Check-in Date").fill(addDays(today, 22));
  await expect(option(box, label)).toHaveCount(1);
});

test("a room just taken in another page gets the message and the list reloads", async ({ browser }) => {
  const first = await browser.newPage();
  const second = await browser.newPage();
  const boxes = [await openFromRooms(first), await openFromRooms(second)];
  for (const box of boxes) await fill(box, BOOKED_ROOMS.dialogJustTaken);
  await boxes[0]!.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(first.getByRole("status").filter({ hasText: "Booking successful!" })).toBeVisible();
  await boxes[1]!.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(boxes[1]!.getByRole("alert")).toContainText(TAKEN);
  await expect(option(boxes[1]!, BOOKED_ROOMS.dialogJustTaken)).toHaveCount(0);
  await expect(roomSelect(boxes[1]!).locator("option:checked")).toHaveText("Select a Room");
});

test("a double click sends one booking", async ({ page }) => {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && isDialogData(new URL(request.url()))) posts++;
  });
  const box = await openFromRooms(page);
  await fill(box, BOOKED_ROOMS.dialogDoubleClick);
  await box.getByRole("button", { name: "Confirm Booking" }).dblclick();
  await expect(page.getByRole("status").filter({ hasText: "Booking successful!" })).toBeVisible();
  expect(posts).toBe(1);
});

test("/rooms: the availability bar counts free rooms and prices the stay; dates carry into the dialog", async ({
  page,
}) => {
  const checkIn = addDays(today, 40);
  const checkOut = addDays(today, 42);
  await gotoEnhanced(page, "/rooms");
  const bar = page.getByRole("form", { name: "Check availability" });
  await bar.getByLabel("Check-in Date").fill(checkIn);
  await bar.getByLabel("Check-out Date").fill(checkOut);
  await bar.getByLabel("Adults").fill("2");
  await bar.getByRole("button", { name: "Check availability" }).click();
  await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}&adults=2`));
  const executive = page.locator(".room-card", { hasText: "Executive Suite" });
  await expect(executive).toContainText(/\d+ rooms? available · K1,100 for 2 nights/);
  await executive.getByRole("link", { name: /book now/i }).click();
  const box = dialog(page);
  await expect(box.getByLabel("Check-in Date")).toHaveValue(checkIn);
  await expect(box.getByLabel("Check-out Date")).toHaveValue(checkOut);
  await expect(box.getByLabel("Adults")).toHaveValue("2");
  await expect(roomSelect(box).locator("option:checked")).toContainText("Executive Suite");
});

test("/details/1 shows its stars in a row, as on the room cards", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await gotoEnhanced(page, "/details/1");
  const stars = page.locator(".room-details .star-rating svg");
  await expect(stars).toHaveCount(5);
  const boxes = await stars.evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().top));
  expect(new Set(boxes.map(Math.round)).size).toBe(1);
  await page.locator(".room-details__body").screenshot({ path: "test-results/details-stars.png" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/rooms?book=Deluxe renders the dialog open, 'Check availability' keeps the typed values, a POST books", async ({
    page,
  }) => {
    await page.goto("/rooms?book=Deluxe");
    const box = dialog(page);
    await expect(box).toBeVisible();
    await fill(box, null, {
      name: "No Script Dialog Guest",
      checkIn: addDays(today, 50),
      checkOut: addDays(today, 50),
    });
    await box.getByRole("button", { name: "Check availability" }).click();
    await expect(page).toHaveURL(new RegExp(`checkIn=${addDays(today, 50)}`));
    await expect(box.getByLabel("Full Name")).toHaveValue("No Script Dialog Guest");
    await expect(box.getByLabel("Check-out Date")).toHaveValue(addDays(today, 50));
    await roomSelect(box).selectOption(await roomIdOf(box, BOOKED_ROOMS.dialogWithoutJavaScript));
    await box.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Booking successful!" })).toContainText(/LDG-/);
    await expect(dialog(page)).toBeHidden();
  });

  test("a room taken meanwhile: the dialog comes back open with the message, the values and a fresh list", async ({
    page,
  }) => {
    await page.goto(`/rooms?book=Deluxe&checkIn=${addDays(today, 60)}&checkOut=${addDays(today, 61)}`);
    const box = dialog(page);
    const label = BOOKED_ROOMS.dialogTakenWithoutJavaScript;
    const roomId = await roomIdOf(box, label);
    await bookDirectly(page.request, roomId, addDays(today, 60), addDays(today, 62));
    await fill(box, label, {
      name: "Too Late Guest",
      checkIn: addDays(today, 60),
      checkOut: addDays(today, 61),
      scripted: false,
    });
    await box.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(dialog(page).getByRole("alert")).toContainText(TAKEN);
    await expect(dialog(page).getByLabel("Full Name")).toHaveValue("Too Late Guest");
    await expect(option(dialog(page), label)).toHaveCount(0);
  });

  test("bad input comes back beside the fields with the values kept", async ({ page }) => {
    await page.goto("/rooms?book=Deluxe");
    const box = dialog(page);
    await box.getByLabel("Full Name").fill("Half Done");
    await box.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel("Full Name")).toHaveValue("Half Done");
    await expect(
      dialog(page).getByText("Please correct the fields marked below and try again."),
    ).toBeVisible();
  });

  test("/rooms' availability bar works as a plain GET form", async ({ page }) => {
    await page.goto("/rooms");
    const bar = page.getByRole("form", { name: "Check availability" });
    await bar.getByLabel("Check-in Date").fill(addDays(today, 45));
    await bar.getByLabel("Check-out Date").fill(addDays(today, 45));
    await bar.getByRole("button", { name: "Check availability" }).click();
    await expect(page.locator(".room-card", { hasText: "Deluxe" })).toContainText(
      /\d+ rooms? available · K400 for 1 night/,
    );
  });
});

test.describe("with the database down", () => {
  test("the dialog's banner shows the error", async ({ page }) => {
    const box = await openFromRooms(page, DB_DOWN_URL);
    await expect(box.getByRole("alert")).toContainText("Failed to fetch rooms: database unavailable");
  });

  test("room cards render without a price tag and the page says why", async ({ page }) => {
    await page.goto(`${DB_DOWN_URL}/rooms`);
    await expect(page.locator(".room-card")).toHaveCount(3);
    await expect(page.locator(".room-card__price")).toHaveCount(0);
    await expect(page.getByRole("alert")).toContainText("Error: Failed to fetch rooms: database unavailable");
    await page.goto(`${DB_DOWN_URL}/details/1`);
    await expect(page.locator(".room-details__price")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "About this room" })).toBeVisible();
  });
});
