import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { expectIslandLive, gotoEnhanced } from "./enhanced.ts";
import { asFreshClient, DB_DOWN_URL, RATE_LIMIT, RATE_LIMITED_URL } from "./servers.ts";
import { BOOKED_ROOMS } from "./test-rooms.ts";

const today = lodgeToday();

/** The form's panel: the footer has its own "Email Address" field. */
const panel = (page: Page): Locator => page.getByRole("tabpanel");

async function fillGuest(page: Page, name: string) {
  const form = panel(page);
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email Address").fill("guest@example.com");
  await form.getByLabel("Phone Number").fill("+260 97 765 4321");
  await form.getByLabel("Payment Method").selectOption("Mobile Money");
}

/**
 * Switches to a tab as a guest does: taps it and waits for its form. A tap before the island is
 * live switches in place once React is there (app/islands.client.ts), so the tab shown until then
 * is still the old one.
 */
async function openTab(page: Page, name: "Room" | "Reservation" | "Venue") {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
  await expect(panel(page).getByRole("button", { name: /^(Book|Reserve)/ })).toBeVisible();
}

async function fillStay(page: Page, roomLabel: string, checkIn = addDays(today, 2)) {
  await page.getByRole("combobox", { name: "Room", exact: true }).selectOption({ label: roomLabel });
  await page.getByLabel("Check-in Date").fill(checkIn);
  await page.getByLabel("Check-out Date").fill(addDays(checkIn, 2));
  await page.getByLabel("Adults").fill("2");
  await page.getByLabel("Children").fill("1");
}

test.describe("/booking with JavaScript", () => {
  test("room tab books a room, shows the reference, resets the form and drops the room", async ({
    page,
  }, testInfo) => {
    // Each repetition (--repeat-each) books the room for nights of its own.
    const checkIn = addDays(today, 2 + 2 * testInfo.repeatEachIndex);
    await gotoEnhanced(page, "/booking");
    await expect(page.getByRole("heading", { level: 1, name: "Booking" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Room" })).toHaveAttribute("aria-selected", "true");
    await fillGuest(page, "Room Tab Guest");
    await fillStay(page, BOOKED_ROOMS.bookingPageRoomTab, checkIn);
    await expect(page.getByText("K800 for 2 nights", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Book Room" }).click();
    const notice = page.getByRole("status").filter({ hasText: "Room/Venue booking successful!" });
    await expect(notice).toContainText(/Your booking reference is LDG-[2-9A-Z]{6}\./);
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    // For the same dates the room is no longer offered (the list follows the dates, typed again
    // as they were before the form emptied itself).
    await page.getByLabel("Check-in Date").fill(checkIn);
    await page.getByLabel("Check-out Date").fill(addDays(checkIn, 2));
    await expect(
      page
        .getByRole("combobox", { name: "Room", exact: true })
        .locator("option", { hasText: BOOKED_ROOMS.bookingPageRoomTab }),
    ).toHaveCount(0);
    await page.mouse.move(0, 0); // no hover state in the audit
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test("tabs follow the arrow keys; reservation and venue tabs save", async ({ page }) => {
    await gotoEnhanced(page, "/booking");
    await page.getByRole("tab", { name: "Room" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Reservation" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Reservation" })).toHaveAttribute("aria-selected", "true");
    await fillGuest(page, "Reservation Tab Guest");
    await fillStay(page, "127 - Mini Suite - K350");
    await page.getByRole("button", { name: "Reserve Room" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Reservation booking successful!" }),
    ).toBeVisible();

    await openTab(page, "Venue");
    await fillGuest(page, "Venue Tab Guest");
    await page
      .getByRole("combobox", { name: "Venue", exact: true })
      .selectOption({ label: "Conference Hall - K3,500" });
    await expect(page.getByText("K3,500", { exact: true })).toBeVisible();
    await page.getByLabel("Booking Date").fill(addDays(today, 20));
    await page.getByLabel("Number of People").fill("40");
    await page.getByRole("button", { name: "Book Venue" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Room/Venue booking successful!" }),
    ).toBeVisible();
  });

  test("shows the messages beside the fields and sends nothing when input is wrong", async ({ page }) => {
    await gotoEnhanced(page, "/booking");
    await page.getByLabel("Check-in Date").fill(addDays(today, 5));
    await page.getByLabel("Check-out Date").fill(addDays(today, 3));
    // Typing wakes the island; the check under test is the live form's, so wait for React (a
    // click before it would post the form to the server, another test's path).
    await expectIslandLive(page, "booking");
    await page.getByRole("button", { name: "Book Room" }).click();
    await expect(page.getByText("Please select a room to continue.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    await expect(
      page.getByText("Check-out cannot be before check-in. Please choose a later check-out date."),
    ).toBeVisible();
    await expect(page.getByLabel("Full Name")).toBeFocused();
  });
});

test.describe("/booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each tab is a link that renders its fields; a venue POST saves", async ({ page }) => {
    await page.goto("/booking");
    await page.getByRole("tab", { name: "Venue" }).click();
    await expect(page).toHaveURL(/tab=venue/);
    await fillGuest(page, "No Script Venue Guest");
    await page
      .getByRole("combobox", { name: "Venue", exact: true })
      .selectOption({ label: "Poolside Terrace - K2,500" });
    await page.getByLabel("Booking Date").fill(addDays(today, 30));
    await page.getByLabel("Number of People").fill("12");
    await page.getByRole("button", { name: "Book Venue" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Room/Venue booking successful!" }),
    ).toContainText(/LDG-/);
  });

  test("a room POST with a missing room shows the message beside the field and keeps what was typed", async ({
    page,
  }) => {
    await page.goto("/booking?tab=room");
    await fillGuest(page, "No Script Room Guest");
    await page.getByLabel("Check-in Date").fill(addDays(today, 2));
    await page.getByLabel("Check-out Date").fill(addDays(today, 3));
    await page.getByRole("button", { name: "Book Room" }).click();
    await expect(page.getByText("Please select a room to continue.")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("No Script Room Guest");

    // By the label's beginning: for the dates, the option also reads the stay's total.
    await page
      .getByRole("combobox", { name: "Room", exact: true })
      .selectOption(
        (await roomOption(page, BOOKED_ROOMS.bookingPageWithoutJavaScript).getAttribute("value")) ?? "",
      );
    await page.getByRole("button", { name: "Book Room" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Room/Venue booking successful!" }),
    ).toBeVisible();
  });

  test("the reservation tab renders its fields on the server", async ({ page }) => {
    await page.goto("/booking?tab=reservation");
    await expect(page.getByRole("tab", { name: "Reservation" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Reserve Room" })).toBeVisible();
    await expect(page.getByLabel("Check-in Date")).toHaveAttribute("min", today);
  });
});

test("with the database down the page shows the red box", async ({ page }) => {
  await page.goto(`${DB_DOWN_URL}/booking`);
  const box = page.getByRole("alert");
  await expect(box).toContainText("Error: Failed to fetch rooms: database unavailable");
  await expect(box).toContainText("Error: Failed to fetch venues: database unavailable");
});

test("over the write limit the fourth write shows the rate-limit message", async ({ page }) => {
  await page.setExtraHTTPHeaders(asFreshClient());
  await gotoEnhanced(page, `${RATE_LIMITED_URL}/booking`);
  // Days of their own, so a repeat against the same server does not find the venue taken.
  const firstDay = 40 + randomInt(300);
  for (let attempt = 1; attempt <= RATE_LIMIT + 1; attempt++) {
    await openTab(page, "Venue");
    await fillGuest(page, `Limited Guest ${attempt}`);
    await page
      .getByRole("combobox", { name: "Venue", exact: true })
      .selectOption({ label: "Garden Pavilion - K5,000" });
    await page.getByLabel("Booking Date").fill(addDays(today, firstDay + attempt));
    await page.getByLabel("Number of People").fill("5");
    // Wait for this attempt's own answer: the success message of the one before is still on the
    // page, and a click while a booking is in flight is (rightly) not sent at all.
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Book Venue" }).click();
    expect((await answer).status()).toBe(attempt <= RATE_LIMIT ? 200 : 429);
    if (attempt <= RATE_LIMIT) {
      await expect(
        page.getByRole("status").filter({ hasText: "Room/Venue booking successful!" }),
      ).toBeVisible();
    }
  }
  await expect(page.getByRole("alert")).toContainText(
    "Too many requests. Please wait a minute and try again.",
  );
});

const VENUE_TAKEN = "This venue is already booked on that date. Please choose another date or venue.";
const roomOption = (page: Page, label: string) =>
  page.getByRole("combobox", { name: "Room", exact: true }).locator("option", { hasText: label });

/** Books through /booking's action as a browser without JavaScript would. */
async function postBooking(page: Page, tab: "room" | "venue", fields: Record<string, string>) {
  const answer = await page.request.post(`/booking?tab=${tab}`, {
    headers: { Origin: new URL(page.url()).origin },
    form: {
      tab,
      name: "Other Guest",
      email: "other@example.com",
      phone: "0977 000333",
      paymentMethod: "Cash",
      ...fields,
    },
  });
  expect(answer.status()).toBe(200);
}

test.describe("/booking availability", () => {
  test("with JavaScript the room list follows the dates; touching stays are offered", async ({ page }) => {
    await gotoEnhanced(page, "/booking");
    const label = BOOKED_ROOMS.bookingPageFollowsDates;
    const roomId = await roomOption(page, label).getAttribute("value");
    await postBooking(page, "room", {
      roomId: roomId ?? "",
      checkIn: addDays(today, 70),
      checkOut: addDays(today, 72),
      adults: "1",
      children: "0",
    });
    await page.getByLabel("Check-in Date").fill(addDays(today, 71));
    await page.getByLabel("Check-out Date").fill(addDays(today, 71));
    await expect(roomOption(page, label)).toHaveCount(0);
    await page.getByLabel("Check-out Date").fill(addDays(today, 73));
    await page.getByLabel("Check-in Date").fill(addDays(today, 72));
    await expect(roomOption(page, label)).toHaveCount(1);
  });

  test("with JavaScript a venue booked on the chosen date leaves the list", async ({ page }) => {
    await gotoEnhanced(page, "/booking?tab=venue");
    const date = addDays(today, 80);
    const hall = await page
      .getByRole("combobox", { name: "Venue", exact: true })
      .locator("option", { hasText: "Conference Hall" })
      .getAttribute("value");
    await postBooking(page, "venue", { venueId: hall ?? "", bookingDate: date, numberOfPeople: "40" });
    await page.getByLabel("Booking Date").fill(date);
    await expect(
      page
        .getByRole("combobox", { name: "Venue", exact: true })
        .locator("option", { hasText: "Conference Hall" }),
    ).toHaveCount(0);
    await expect(
      page
        .getByRole("combobox", { name: "Venue", exact: true })
        .locator("option", { hasText: "Garden Pavilion" }),
    ).toHaveCount(1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("'Check availability' lists the rooms for the dates and keeps everything typed", async ({
      page,
    }) => {
      await page.goto("/booking?tab=reservation");
      await fillGuest(page, "Checking Guest");
      await page.getByLabel("Check-in Date").fill(addDays(today, 90));
      await page.getByLabel("Check-out Date").fill(addDays(today, 90));
      await page.getByLabel("Message").fill("A quiet room please");
      await page.getByRole("button", { name: "Check availability" }).click();
      await expect(page).toHaveURL(new RegExp(`checkIn=${addDays(today, 90)}`));
      await expect(page.getByRole("tab", { name: "Reservation" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByLabel("Full Name")).toHaveValue("Checking Guest");
      await expect(page.getByLabel("Email Address").first()).toHaveValue("guest@example.com");
      await expect(page.getByLabel("Check-out Date")).toHaveValue(addDays(today, 90));
      await expect(page.getByLabel("Message")).toHaveValue("A quiet room please");
      await expect(roomOption(page, "101 - Deluxe - K400")).toHaveCount(1);
    });

    test("a venue already booked on that date answers with the message above the form", async ({ page }) => {
      const date = addDays(today, 81);
      await page.goto("/booking?tab=venue");
      const garden = await page
        .getByRole("combobox", { name: "Venue", exact: true })
        .locator("option", { hasText: "Garden Pavilion" })
        .getAttribute("value");
      await postBooking(page, "venue", { venueId: garden ?? "", bookingDate: date, numberOfPeople: "40" });
      await fillGuest(page, "Late Venue Guest");
      await page
        .getByRole("combobox", { name: "Venue", exact: true })
        .selectOption({ label: "Garden Pavilion - K5,000" });
      await page.getByLabel("Booking Date").fill(date);
      await page.getByLabel("Number of People").fill("30");
      await page.getByRole("button", { name: "Book Venue" }).click();
      await expect(panel(page).getByRole("alert")).toContainText(VENUE_TAKEN);
      await expect(page.getByLabel("Full Name")).toHaveValue("Late Venue Guest");
    });
  });
});
