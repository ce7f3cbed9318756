import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, addYears, lodgeToday } from "../../app/shared/dates.ts";
import * as m from "../../app/shared/messages.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { gotoEnhanced } from "./enhanced.ts";
import { DB_DOWN_URL } from "./servers.ts";
import { BOOKED_ROOMS, staysAvailable } from "./test-rooms.ts";

const today = lodgeToday();
const lastDay = addYears(today, 1);
const REFERENCE = /LDG-[2-9A-HJKMNP-Z]{6}/;

const form = (page: Page) => page.locator("form#reservation-form");
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
/** The text of a notice (without its dismiss button). */
const noticeText = (scope: Locator, role: "status" | "alert") =>
  scope.getByRole(role).locator(".notice__body");
const submit = (page: Page) => form(page).getByRole("button", { name: "Reserve Now" }).click();
const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** The rooms the form offers, as [value, label] pairs. */
async function offeredRooms(page: Page): Promise<[string, string][]> {
  return field(page, "Room")
    .locator("option:not([value=''])")
    .evaluateAll((options) =>
      options.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? ""] as [string, string]),
    );
}

/** Some room the form offers that no test books; spread over the list, as reservations pile up. */
async function someRoom(page: Page): Promise<[string, string]> {
  const rooms = (await offeredRooms(page)).filter(([, label]) => staysAvailable(label));
  const room = rooms[Math.floor(Math.random() * rooms.length)];
  if (!room) throw new Error("no rooms offered");
  return room;
}

interface Stay {
  name: string;
  email: string;
  phone: string;
  paymentMethod: string;
  checkIn: string;
  checkOut: string;
  adults: string;
  children: string;
  roomCount: string;
  roomId?: string;
  message: string;
}

/**
 * Each test's stays get nights of their own (a four-day slot from 140 days on, chosen by the
 * test's title), so two tests that happen to pick the same room never overlap (decisions.md 23).
 */
function ownNights(): { checkIn: string; checkOut: string } {
  const title = test.info().titlePath.join(" ");
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const checkIn = addDays(today, 140 + (hash % 50) * 4);
  return { checkIn, checkOut: addDays(checkIn, 3) };
}

function aStay(overrides: Partial<Stay> = {}): Stay {
  return {
    name: "Chanda Mulenga",
    email: `chanda.${tag()}@example.com`,
    phone: "+260 97 555 0101",
    paymentMethod: "Mobile Money",
    ...ownNights(),
    adults: "2",
    children: "1",
    roomCount: "1",
    message: "Late arrival, around 21:00.",
    ...overrides,
  };
}

async function fillStay(page: Page, stay: Stay) {
  await field(page, "Full Name").fill(stay.name);
  await field(page, "Email Address").fill(stay.email);
  await field(page, "Phone Number").fill(stay.phone);
  await field(page, "Payment Method").selectOption(stay.paymentMethod);
  await field(page, "Check-in Date").fill(stay.checkIn);
  await field(page, "Check-out Date").fill(stay.checkOut);
  await field(page, "Adults").fill(stay.adults);
  await field(page, "Children").fill(stay.children);
  await field(page, "Number of Rooms").fill(stay.roomCount);
  if (stay.roomId !== undefined) await field(page, "Room").selectOption(stay.roomId);
  await field(page, "Message").fill(stay.message);
}

/** axe checks the page as it is; move the pointer off the button so no hover style is measured. */
async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
}

test.describe("reservation, with JavaScript", () => {
  test("reserves a room in place, shows the estimate and a booking reference", async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") consoleErrors.push(message.text());
    });
    const response = await gotoEnhanced(page, "/reservation");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation");
    await expect(field(page, "Room").locator("option").first()).toHaveText(m.SELECT_A_ROOM_PLACEHOLDER);
    for (const [, label] of await offeredRooms(page)) expect(label).toMatch(/^\d+ - [A-Za-z ]+ - K\d[\d,]*$/);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const [roomId, label] = await someRoom(page);
    const rate = Number(label.split(" - K")[1]?.replace(/,/g, ""));
    await fillStay(page, aStay({ roomId, roomCount: "2" }));
    // 3 nights × the nightly rate × 2 rooms.
    await expect(form(page).getByText("Estimated total")).toContainText(
      `K${(3 * rate * 2).toLocaleString("en-US")}`,
    );
    await submit(page);

    const notice = noticeText(form(page), "status");
    await expect(notice).toHaveText(
      new RegExp(`^${m.RESERVATION_SUCCESSFUL} Your booking reference is ${REFERENCE.source}\\.$`),
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(field(page, "Full Name")).toHaveValue("");
    await expect(field(page, "Room")).toHaveValue("");
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("shows each problem beside its field, exactly, and focuses the first", async ({ page }) => {
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await gotoEnhanced(page, "/reservation");
    await submit(page);
    const expected: [string, string][] = [
      ["Full Name", m.NAME_REQUIRED],
      ["Email Address", m.VALID_EMAIL],
      ["Phone Number", m.PHONE_REQUIRED],
      ["Payment Method", m.PAYMENT_METHOD_REQUIRED],
      ["Check-in Date", m.CHECK_IN_REQUIRED],
      ["Check-out Date", m.CHECK_OUT_REQUIRED],
      ["Room", m.SELECT_ROOM],
      ["Message", m.MESSAGE_REQUIRED],
    ];
    for (const [label, message] of expected) {
      await expect(field(page, label)).toHaveAccessibleDescription(message);
    }
    await expect(field(page, "Full Name")).toBeFocused();
    expect(posts).toBe(0);
    await expectAccessible(page);
  });

  test("without a room: 'Please select a room to continue.' beside the Room field", async ({ page }) => {
    await gotoEnhanced(page, "/reservation");
    await fillStay(page, aStay());
    await submit(page);
    await expect(field(page, "Room")).toHaveAccessibleDescription(m.SELECT_ROOM);
    await expect(field(page, "Room")).toBeFocused();
  });

  test("keeps dates inside the window and sets an earlier check-out to the check-in", async ({ page }) => {
    await gotoEnhanced(page, "/reservation");
    const checkIn = field(page, "Check-in Date");
    const checkOut = field(page, "Check-out Date");
    await expect(checkIn).toHaveAttribute("min", today);
    await expect(checkIn).toHaveAttribute("max", lastDay);
    await expect(checkOut).toHaveAttribute("max", lastDay);

    await checkIn.fill(addDays(today, 5));
    await expect(checkOut).toHaveAttribute("min", addDays(today, 5));
    await checkOut.fill(addDays(today, 3));
    await expect(checkOut).toHaveValue(addDays(today, 5));
    await checkOut.fill(addDays(today, 7));
    await checkIn.fill(addDays(today, 9));
    await expect(checkOut).toHaveValue(addDays(today, 9));
  });

  test("refuses dates outside today to one year ahead", async ({ page }) => {
    await gotoEnhanced(page, "/reservation");
    const [roomId] = await someRoom(page);
    await fillStay(page, aStay({ roomId, checkIn: addDays(today, -1), checkOut: addDays(lastDay, 1) }));
    await submit(page);
    await expect(field(page, "Check-in Date")).toHaveAccessibleDescription(m.CHECK_IN_PAST);
    await expect(field(page, "Check-out Date")).toHaveAccessibleDescription(m.CHECK_OUT_TOO_LATE);
    await expect(field(page, "Check-in Date")).toBeFocused();
  });

  test("a message over 2000 characters gets a clear message", async ({ page }) => {
    await gotoEnhanced(page, "/reservation");
    const [roomId] = await someRoom(page);
    await fillStay(page, aStay({ roomId, message: "x".repeat(2001) }));
    await submit(page);
    await expect(field(page, "Message")).toHaveAccessibleDescription(m.MESSAGE_TOO_LONG);
  });

  test("a double click sends one reservation", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await gotoEnhanced(page, "/reservation");
    const [roomId] = await someRoom(page);
    await fillStay(page, aStay({ roomId }));
    await form(page).getByRole("button", { name: "Reserve Now" }).dblclick();
    await expect(noticeText(form(page), "status")).toContainText(m.RESERVATION_SUCCESSFUL);
    expect(posts).toHaveLength(1);
  });

  test("Occupied rooms are not offered", async ({ page }) => {
    await page.goto("/reservation");
    const label = BOOKED_ROOMS.reservationOccupied;
    const roomId = (await offeredRooms(page)).find(([, text]) => text === label)?.[0];
    if (!roomId) throw new Error(`${label} is not offered`);
    // The dialog's form as a browser without JavaScript posts it, for a stay from tonight.
    const booked = await page.request.post("/rooms?book=Mini%20Suite", {
      headers: { Origin: new URL(page.url()).origin },
      form: {
        name: "Dialog Guest",
        email: `dialog.${tag()}@example.com`,
        phone: "+260 96 111 2222",
        checkIn: today,
        checkOut: addDays(today, 2),
        adults: "1",
        children: "0",
        roomId,
        paymentMethod: "Cash",
      },
    });
    expect(booked.status()).toBe(200);
    await page.goto("/reservation");
    const rooms = await offeredRooms(page);
    expect(rooms.length).toBeGreaterThan(0);
    expect(rooms.map(([value]) => value)).not.toContain(roomId);
    expect(rooms.map(([, text]) => text)).not.toContain(label);
  });
});

test.describe("reservation, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("reserves a room and shows the reference after the page reloads", async ({ page }) => {
    await page.goto("/reservation");
    const [roomId] = await someRoom(page);
    await fillStay(page, aStay({ roomId }));
    await submit(page);
    await expect(page).toHaveURL(/\/reservation#reservation-form$/);
    await expect(noticeText(form(page), "status")).toHaveText(
      new RegExp(`^${m.RESERVATION_SUCCESSFUL} Your booking reference is ${REFERENCE.source}\\.$`),
    );
  });

  test("the server refuses a missing room and dates outside the window, beside the fields, keeping the values", async ({
    page,
  }) => {
    await page.goto("/reservation");
    await fillStay(
      page,
      aStay({ name: "Kept Name", checkIn: addDays(today, -1), checkOut: addDays(today, 2) }),
    );
    await submit(page);
    await expect(field(page, "Room")).toHaveAccessibleDescription(m.SELECT_ROOM);
    await expect(field(page, "Check-in Date")).toHaveAccessibleDescription(m.CHECK_IN_PAST);
    await expect(field(page, "Full Name")).toHaveValue("Kept Name");
    await expect(field(page, "Check-out Date")).toHaveValue(addDays(today, 2));
    await expect(field(page, "Payment Method")).toHaveValue("Mobile Money");
  });

  test("a room taken meanwhile: the message, the values, and the list for the guest's dates", async ({
    page,
  }) => {
    await page.goto("/reservation");
    const [roomId, label] = await someRoom(page);
    const stay = aStay({ roomId, name: "Second Guest" });
    // Another guest reserves the room for those nights first.
    const first = await page.request.post("/reservation", {
      form: { ...aStay({ roomId, checkIn: stay.checkIn, checkOut: stay.checkOut }), roomId } as Record<
        string,
        string
      >,
    });
    expect(first.status()).toBe(200);
    await fillStay(page, stay);
    await submit(page);
    await expect(noticeText(form(page), "alert")).toHaveText(m.ROOM_JUST_BOOKED);
    await expect(field(page, "Full Name")).toHaveValue("Second Guest");
    await expect(field(page, "Check-in Date")).toHaveValue(stay.checkIn);
    // The fresh list is the one for those nights: the room is not offered again.
    await expect(field(page, "Room").locator("option", { hasText: label })).toHaveCount(0);
  });

  test("posting the same form twice stores one reservation (same reference)", async ({ page }) => {
    await page.goto("/reservation");
    const [roomId] = await someRoom(page);
    const submissionId = await form(page).locator("input[name=submissionId]").inputValue();
    const stay = aStay({ roomId });
    const fields = { ...stay, roomId, submissionId } as Record<string, string>;
    const references: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post("/reservation", { form: fields });
      expect(response.status()).toBe(200);
      const reference = (await response.text()).match(REFERENCE)?.[0];
      expect(reference).toBeDefined();
      references.push(reference ?? "");
    }
    expect(references[1]).toBe(references[0]);
  });
});

test.describe("reservation, when things go wrong", () => {
  test("a body over 64 KB is refused with 413", async ({ page }) => {
    const response = await page.request.post("/reservation", {
      form: { ...aStay(), message: "x".repeat(64 * 1024) } as unknown as Record<string, string>,
    });
    expect(response.status()).toBe(413);
  });

  test("the database is down: the page still answers 200 with 'Failed to fetch available rooms. Please try again later.'", async ({
    page,
  }) => {
    const response = await gotoEnhanced(page, `${DB_DOWN_URL}/reservation`);
    expect(response?.status()).toBe(200);
    await expect(noticeText(page.getByRole("main"), "alert")).toHaveText(m.FAILED_TO_FETCH_AVAILABLE_ROOMS);
    await expect(field(page, "Room").locator("option")).toHaveText([m.NO_ROOMS_AVAILABLE]);
  });
});

test.describe("reservation availability", () => {
  test("with JavaScript the room list follows the dates", async ({ page }) => {
    await gotoEnhanced(page, "/reservation");
    const label = BOOKED_ROOMS.reservationFollowsDates;
    const roomId = (await offeredRooms(page)).find(([, text]) => text === label)?.[0];
    if (!roomId) throw new Error(`${label} is not offered`);
    const held = await page.request.post("/reservation", {
      headers: { Origin: new URL(page.url()).origin },
      form: {
        name: "Other Guest",
        email: `other.${tag()}@example.com`,
        phone: "+260 96 111 2222",
        checkIn: addDays(today, 120),
        checkOut: addDays(today, 122),
        adults: "1",
        children: "0",
        roomCount: "1",
        roomId,
        paymentMethod: "Cash",
        message: "Holding the room for the test",
      },
    });
    expect(held.status()).toBe(200);
    await field(page, "Check-in Date").fill(addDays(today, 121));
    await field(page, "Check-out Date").fill(addDays(today, 121));
    await expect.poll(async () => (await offeredRooms(page)).map(([value]) => value)).not.toContain(roomId);
    await field(page, "Check-out Date").fill(addDays(today, 123));
    await field(page, "Check-in Date").fill(addDays(today, 122));
    await expect.poll(async () => (await offeredRooms(page)).map(([value]) => value)).toContain(roomId);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("'Check availability' reloads with the list for the dates, keeping what was typed", async ({
      page,
    }) => {
      await page.goto("/reservation");
      await field(page, "Full Name").fill("Checking Reserver");
      await field(page, "Check-in Date").fill(addDays(today, 130));
      await field(page, "Check-out Date").fill(addDays(today, 131));
      await page.getByRole("button", { name: "Check availability" }).click();
      await expect(page).toHaveURL(new RegExp(`checkIn=${addDays(today, 130)}`));
      await expect(field(page, "Full Name")).toHaveValue("Checking Reserver");
      await expect(field(page, "Check-out Date")).toHaveValue(addDays(today, 131));
      expect((await offeredRooms(page)).length).toBeGreaterThan(0);
    });
  });
});
