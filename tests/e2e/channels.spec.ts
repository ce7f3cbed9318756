import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { channelCalendar, startFeedServer, type FeedServer } from "../channel-feeds.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { bookAsGuest, signIn } from "./staff-support.ts";

// Calendar sync in a browser: the manager adds a channel's feed to a room, reads it with Sync
// now, and sees the double booking it brings (both guests, the free rooms) on the page and on
// Today; the room's own feed answers as a calendar, with a 304 on a repeat. The channel is a
// local feed server on a free port. Room 27 (number 127) and the nights 330 days ahead are this
// file's own.

const today = lodgeToday();
const notice = (page: Page) => page.getByRole("status").or(page.getByRole("alert"));

let feeds: FeedServer;
test.beforeAll(async () => {
  feeds = await startFeedServer();
});
test.afterAll(async () => {
  await feeds.close();
});

test("the manager adds a channel's feed and sees the double booking it brings", async ({ page }) => {
  // A guest's booking, a sign-in, a feed read and two accessibility checks in one flow: beside
  // the other tests on a loaded machine, more than the usual 30 s.
  test.setTimeout(90_000);
  const checkIn = addDays(today, 330);
  await bookAsGuest(page, { roomId: 27, checkIn, checkOut: addDays(today, 333), name: "Here First" });
  feeds.play("/airbnb-127.ics", {
    body: channelCalendar([
      {
        uid: "e2e-race@airbnb.com",
        from: addDays(today, 331),
        to: addDays(today, 334),
        description: "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HME2E",
      },
    ]),
  });

  await signIn(page);
  await page
    .getByRole("navigation", { name: "Staff console" })
    .getByRole("link", { name: "Calendar sync" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calendar sync");
  await expectNoAxeViolations(page);

  const add = page.getByRole("region", { name: "Import a channel’s calendar" });
  await add.getByLabel("Room").selectOption({ label: "Room 127, Mini Suite" });
  await add.getByLabel("Channel", { exact: true }).fill("Airbnb");
  await add
    .getByLabel("The channel's calendar address (iCal export link)")
    .fill(feeds.url("/airbnb-127.ics"));
  await add.getByRole("button", { name: "Add feed" }).click();
  await expect(notice(page)).toContainText("Airbnb added.");

  const sync = page.getByRole("button", { name: "Sync now: Airbnb, room 127" });
  await sync.click();
  // The worker may be reading the same feed at that moment: then the button is pressed again.
  await expect(notice(page)).toContainText(/Feed read|being read right now/);
  if ((await notice(page).textContent())?.includes("being read right now")) await sync.click();

  const conflicts = page.getByRole("region", { name: /Double bookings from channels/ });
  await expect(conflicts).toContainText("Room 127 (Mini Suite)");
  await expect(conflicts).toContainText("sold by Airbnb");
  await expect(conflicts).toContainText("HME2E");
  await expect(conflicts).toContainText("Here First, guest@example.com, +260 96 111 2222");
  await expect(conflicts).toContainText("Rooms free for those nights:");
  const room = page.getByRole("region", { name: "Room 127 (Mini Suite)" });
  await expect(room.getByRole("row", { name: /Airbnb/ })).toContainText("over nights already held here");
  await expectNoAxeViolations(page);

  // The room's own feed, as a channel reads it: a calendar, then 304 while nothing changed.
  const address = await room.getByLabel("This room's calendar address, for the channels").inputValue();
  expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  // The address is on the site's public origin (SITE_ORIGIN); the test server answers it here.
  const served = `${STAFF_URL}${new URL(address).pathname}`;
  const feed = await page.request.get(served);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain(`DTSTART;VALUE=DATE:${checkIn.replaceAll("-", "")}`);
  expect(await feed.text()).not.toContain("Here First");
  const etag = feed.headers()["etag"];
  expect(etag).toBeTruthy();
  const again = await page.request.get(served, { headers: { "If-None-Match": etag! } });
  expect(again.status()).toBe(304);

  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Today" }).click();
  await expect(page.getByRole("region", { name: /Double bookings from channels/ })).toContainText("Room 127");
});
