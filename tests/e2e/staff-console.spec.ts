import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { parseCsv } from "../parse-csv.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { bookAsGuest, downloaded, MANAGER, SETUP_PAGE_FILE, signIn } from "./staff-support.ts";

// The staff console in a browser, on its own server and database (STAFF_URL). Each
// test that makes a stay uses rooms of its own (ids below), so tests never collide.

const today = lodgeToday();
const notice = (page: Page) => page.getByRole("status").or(page.getByRole("alert"));

test.describe("staff sign-in", () => {
  test("says the same for a wrong password, signs in, signs out server-side", async ({ page }) => {
    await page.goto(`${STAFF_URL}/staff`);
    await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await page.getByLabel("E-mail address").fill(MANAGER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("The e-mail address or password is not right.");
    await expectNoAxeViolations(page);
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Today");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/staff\/sign-in$/);
    await page.goto(`${STAFF_URL}/staff/requests`);
    await expect(page).toHaveURL(/\/staff\/sign-in/);
  });

  test("is not linked from the public site and robots.txt disallows it", async ({ page }) => {
    await page.goto(`${STAFF_URL}/`);
    await expect(page.locator('a[href^="/staff"]')).toHaveCount(0);
    const robots = await page.request.get(`${STAFF_URL}/robots.txt`);
    expect(await robots.text()).toContain("Disallow: /staff");
    const headers = (await page.request.get(`${STAFF_URL}/staff/sign-in`)).headers();
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  });
});

test.describe("staff console", () => {
  test("today: check in, check out and no-show in one click each", async ({ page }) => {
    await bookAsGuest(page, {
      roomId: 1,
      checkIn: today,
      checkOut: addDays(today, 2),
      name: "Arriving Guest",
    });
    await bookAsGuest(page, {
      roomId: 2,
      checkIn: today,
      checkOut: addDays(today, 1),
      name: "Missing Guest",
    });
    await signIn(page);
    await expectNoAxeViolations(page);
    const arrivals = page.getByRole("region", { name: /Arrivals/ });
    await page.getByRole("button", { name: /^Check in: Arriving Guest/ }).click();
    await expect(notice(page)).toContainText("Confirmed → Checked in");
    await page.getByRole("button", { name: /^No-show: Missing Guest/ }).click();
    await expect(notice(page)).toContainText("Confirmed → No-show");
    await expect(arrivals).not.toContainText("Missing Guest");
    const inHouse = page.getByRole("region", { name: /In house/ });
    await expect(inHouse).toContainText("Arriving Guest");
    await inHouse.getByRole("button", { name: /^Check out: Arriving Guest/ }).click();
    // Nothing paid yet: the check-out asks first (tests/e2e/staff-desk.spec.ts pays at the desk).
    await expect(page.getByRole("alert")).toContainText("Arriving Guest still owes");
    await page.getByRole("button", { name: /^Check out with K[\d,]+ due$/ }).click();
    await expect(notice(page)).toContainText("Checked in → Checked out");
    await expect(page.getByRole("region", { name: /In house/ })).not.toContainText("Arriving Guest");
  });

  test("requests: filters by kind and search, opens the detail, confirms a reservation, moves a stay", async ({
    page,
  }) => {
    const checkIn = addDays(today, 20);
    const reserved = await page.request.post(`${STAFF_URL}/reservation`, {
      headers: { Origin: STAFF_URL },
      form: {
        name: "Reserving Guest",
        email: "reserving@example.com",
        phone: "+260 97 000 1111",
        checkIn,
        checkOut: addDays(checkIn, 2),
        adults: "1",
        children: "0",
        roomCount: "1",
        roomId: "3",
        paymentMethod: "Cash",
        message: "Quiet room please",
      },
    });
    expect(reserved.status()).toBe(200);
    await signIn(page);
    await page.getByRole("link", { name: "Requests" }).click();
    await page.getByLabel("Kind").selectOption("reservation");
    await page.getByLabel("Name, e-mail, phone or reference").fill("Reserving Guest");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/kind=reservation/);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Pending");
    await expectNoAxeViolations(page);
    await rows.first().getByRole("link", { name: "Reserving Guest" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reserving Guest");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(notice(page)).toContainText("Pending → Confirmed");
    await expect(
      page.getByRole("list").filter({ hasText: "Pending → Confirmed by Mary Manager" }),
    ).toBeVisible();
    const roomSelect = page.getByLabel("Move to a room free for every night");
    await expect(roomSelect.locator("option", { hasText: /^103 / })).toHaveCount(0);
    await roomSelect.selectOption({ label: "104 (Deluxe)" });
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(notice(page)).toContainText("moved from room 103 to room 104");
  });

  test("a contact message: opened from the inbox, marked handled, its history says who", async ({ page }) => {
    const sent = await page.request.post(`${STAFF_URL}/contact`, {
      headers: { Origin: STAFF_URL },
      form: {
        name: "Handled Writer",
        email: "handled.writer@example.com",
        subject: "Pool hours",
        message: "Until when is the pool open on Sundays?",
        submissionId: `handled-${Date.now()}`,
      },
    });
    expect(sent.status()).toBe(200);
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/requests?kind=contact-message&q=handled.writer%40example.com`);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("New");
    await rows.first().getByRole("link", { name: "Handled Writer" }).click();
    await expect(page.locator("body")).toContainText("Until when is the pool open on Sundays?");
    await page.getByRole("button", { name: "Mark handled" }).click();
    await expect(notice(page)).toContainText("Message marked handled.");
    await expect(page.getByRole("list").filter({ hasText: "New → Handled by Mary Manager" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark handled" })).toHaveCount(0);
    await page.goto(`${STAFF_URL}/staff/requests?kind=contact-message&q=handled.writer%40example.com`);
    await expect(page.locator("tbody tr").first()).toContainText("Handled");
  });

  test("the mail outbox lists the mails a booking wrote, waiting without SMTP", async ({ page }) => {
    await bookAsGuest(page, {
      roomId: 9,
      checkIn: addDays(today, 20),
      checkOut: addDays(today, 21),
      name: "Outbox Guest",
    });
    await signIn(page);
    await page.getByRole("link", { name: "Mail outbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mail outbox" })).toBeVisible();
    // The staff server has no SMTP_URL: the guest's confirmation waits, and is not lost.
    const row = page.getByRole("row").filter({ hasText: "guest@example.com" }).first();
    await expect(row).toContainText("Waiting");
    await page.getByLabel("Status").selectOption("sent");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/status=sent/);
    await expect(page.getByRole("row").filter({ hasText: "guest@example.com" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("room board shows each stay as a bar and out-of-service rooms", async ({ page }) => {
    await bookAsGuest(page, {
      roomId: 6,
      checkIn: addDays(today, 1),
      checkOut: addDays(today, 4),
      name: "Board Guest",
    });
    await signIn(page);
    // Room 120 out of service from today for three nights, through the manager's form.
    await page.getByRole("link", { name: "Rooms and venues" }).click();
    const roomSelect = page.getByLabel("Room", { exact: true });
    const room120 = await roomSelect.locator("option", { hasText: /^120 / }).getAttribute("value");
    await roomSelect.selectOption(room120 ?? "");
    await page.getByLabel("First day out of service").fill(today);
    await page.getByLabel("Back in service on (empty: until further notice)").fill(addDays(today, 3));
    await page.getByLabel("Reason").fill("Board test paint");
    await page.getByRole("button", { name: "Take out of service" }).click();
    await expect(notice(page)).toContainText("Room taken out of service.");

    await page.getByRole("link", { name: "Room board" }).click();
    const bar = page.getByRole("link", { name: "Board Guest (Confirmed)" });
    await expect(bar).toBeVisible();
    await expect(bar.locator("xpath=ancestor::td")).toHaveAttribute("colspan", "3");
    const closedRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^120 / }) });
    await expect(closedRow.getByRole("rowheader")).toContainText("(out of service)");
    const closure = closedRow.getByRole("cell", { name: "Out of service: Board test paint" });
    await expect(closure).toBeVisible();
    await expect(closure).toHaveAttribute("colspan", "3");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 820, height: 1180 });
    const roomHeader = page.getByRole("rowheader").first();
    await page.getByRole("region", { name: "Room board" }).evaluate((el) => el.scrollTo({ left: 600 }));
    await expect(roomHeader).toBeInViewport();
  });

  test("room board over 30 days shows the stays beyond the first 14", async ({ page }) => {
    await bookAsGuest(page, {
      roomId: 6,
      checkIn: addDays(today, 20),
      checkOut: addDays(today, 22),
      name: "Later Board Guest",
    });
    await signIn(page);
    await page.getByRole("link", { name: "Room board" }).click();
    await expect(page.getByRole("columnheader")).toHaveCount(1 + 14);
    await expect(page.getByRole("link", { name: "Later Board Guest (Confirmed)" })).toHaveCount(0);
    await page.getByRole("link", { name: "Show 30 days" }).click();
    await expect(page).toHaveURL(new RegExp(`/staff/board\\?from=${today}&days=30$`));
    await expect(page.getByRole("columnheader")).toHaveCount(1 + 30);
    const later = page.getByRole("link", { name: "Later Board Guest (Confirmed)" });
    await expect(later).toBeVisible();
    await expect(later.locator("xpath=ancestor::td")).toHaveAttribute("colspan", "2");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Later", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`from=${addDays(today, 30)}&days=30$`));
    await page.getByRole("link", { name: "Show 14 days" }).click();
    await expect(page.getByRole("columnheader")).toHaveCount(1 + 14);
  });

  test("a price change shows on the public site at once; closures are refused over a stay", async ({
    page,
  }) => {
    // A guest's booking, a sign-in, an axe check and four posts, each answered by a redirect.
    test.slow();
    await bookAsGuest(page, {
      roomId: 7,
      checkIn: addDays(today, 30),
      checkOut: addDays(today, 32),
      name: "Closure Guest",
    });
    // The home page's room cards, kept by the server until the data changes (ADR 0013).
    const home = await page.context().newPage();
    await home.goto(`${STAFF_URL}/`);
    await home.reload();
    await expect(home.locator(".room-card__price").first()).toBeVisible();
    await expect(home.locator("body")).not.toContainText("K999");
    await signIn(page);
    await page.getByRole("link", { name: "Rooms and venues" }).click();
    await expectNoAxeViolations(page);
    const price = page.getByRole("spinbutton", { name: "Room 135, Mini Suite (K)" });
    await price.fill("999");
    await page.getByRole("button", { name: "Save: Room 135, Mini Suite (K)" }).click();
    await expect(notice(page)).toContainText("Nightly rate set to K999");
    await page.getByLabel("Room", { exact: true }).selectOption({ label: "107 (Deluxe)" });
    await page.getByLabel("First day out of service").fill(addDays(today, 31));
    await page.getByLabel("Back in service on (empty: until further notice)").fill(addDays(today, 33));
    await page.getByLabel("Reason").fill("New paint");
    await page.getByRole("button", { name: "Take out of service" }).click();
    await expect(page.getByRole("alert")).toContainText("Move or cancel that stay first");
    await expect(page.getByRole("region", { name: "Changes" })).toContainText("Room 135: nightly rate");

    const publicPage = await page.context().newPage();
    await publicPage.goto(`${STAFF_URL}/rooms?book=1`);
    await expect(publicPage.locator("body")).toContainText("135 - Mini Suite - K999");
    // The home page shows each type's lowest rate: lower this room's below the others'.
    await price.fill("199");
    await page.getByRole("button", { name: "Save: Room 135, Mini Suite (K)" }).click();
    await expect(notice(page)).toContainText("Nightly rate set to K199");
    await home.reload();
    await expect(
      home.locator(".room-card", { hasText: "Mini Suite" }).locator(".room-card__price"),
    ).toContainText("K199");
  });

  test("CSV download of the filtered list parses back", async ({ page }) => {
    await bookAsGuest(page, {
      roomId: 8,
      checkIn: addDays(today, 40),
      checkOut: addDays(today, 41),
      name: '=Formula, "Guest"',
    });
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/requests?kind=booking&q=Formula`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download as CSV" }).click(),
    ]);
    const text = await downloaded(download);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const records = parseCsv(text);
    expect(records[0]?.join()).toBe(
      "Received,Kind,Reference,Name,E-mail,Phone,Status,Details,Total (K),Of which VAT (K),Of which tourism levy (K)",
    );
    expect(records).toHaveLength(2);
    const cells = records[1] ?? [];
    expect(cells[1]).toBe("Room bookings");
    expect(cells[3]).toBe(`'=Formula, "Guest"`);
    expect(cells[6]).toBe("Confirmed");

    // The room board's download holds the stays the board shows for its range.
    await page.goto(`${STAFF_URL}/staff/board?from=${addDays(today, 39)}&days=14`);
    const [boardDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download these stays as CSV" }).click(),
    ]);
    const board = parseCsv(await downloaded(boardDownload));
    expect(board[0]?.join()).toBe("Room,Type,Kind,Guest or reason,Status,First night,Until");
    expect(board.find((row) => row[3] === `'=Formula, "Guest"`)).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.any(String),
      "Room bookings",
      `'=Formula, "Guest"`,
      "Confirmed",
      addDays(today, 40),
      addDays(today, 41),
    ]);
  });

  test("accounts: a manager adds a reception account, which signs in and cannot change prices", async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole("link", { name: "Accounts" }).click();
    await expectNoAxeViolations(page);
    await page.getByLabel("Name").fill("Rita Reception");
    await page.getByLabel("E-mail address").fill("rita@lodge.test");
    await page.getByRole("button", { name: "Add and show invitation link" }).click();
    const link = (await page.locator(".staff-link").textContent()) ?? "";
    expect(link).toContain("/staff/set-password?token=");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(link.replace("http://localhost:3000", STAFF_URL));
    await page.getByLabel("Password", { exact: true }).fill("rita's long password");
    await page.getByLabel("Password again").fill("rita's long password");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    const nav = page.getByRole("navigation", { name: "Staff console" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Rooms and venues" })).toHaveCount(0);
    const refused = await page.goto(`${STAFF_URL}/staff/rooms`);
    expect(refused?.status()).toBe(403);
    await expectNoAxeViolations(page);
    await page.goto(`${STAFF_URL}/staff/board`);
    await expectNoAxeViolations(page);
  });
});

test.describe("staff one-time links", () => {
  test("the setup, invitation, reset and invalid link pages have no axe violations", async ({ page }) => {
    // The setup page as the server answered it before the first manager existed (saved by
    // tests/e2e/staff-global-setup.ts before it used the link), served at its own address.
    const setupPage = `${STAFF_URL}/staff/set-password?token=setup-page-as-served`;
    await page.route(setupPage, (route) =>
      route.fulfill({ contentType: "text/html; charset=utf-8", body: readFileSync(SETUP_PAGE_FILE, "utf8") }),
    );
    await page.goto(setupPage);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create the first manager account");
    await expect(page.getByLabel("Your name")).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page);
    const pageTitled = async (link: string, title: string) => {
      expect(link).toContain("/staff/set-password?token=");
      await page.goto(link.replace("http://localhost:3000", STAFF_URL));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    };
    await page.goto(`${STAFF_URL}/staff/accounts`);
    const name = `Axe Person ${Date.now()}`;
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("E-mail address").fill(`axe-${Date.now()}@lodge.test`);
    await page.getByRole("button", { name: "Add and show invitation link" }).click();
    const invitation = (await page.locator(".staff-link").textContent()) ?? "";
    await pageTitled(invitation, "Choose your password");
    await expect(page.locator("body")).toContainText(name);
    await expectNoAxeViolations(page);

    await page.goto(`${STAFF_URL}/staff/accounts`);
    await page.getByRole("button", { name: `Reset password of ${name}` }).click();
    const reset = (await page.locator(".staff-link").textContent()) ?? "";
    await pageTitled(reset, "Choose a new password");
    await expectNoAxeViolations(page);

    await pageTitled(`${STAFF_URL}/staff/set-password?token=not-a-real-token`, "Link not valid");
    await expectNoAxeViolations(page);
    // The reset link replaced the invitation: that one no longer works.
    await pageTitled(invitation, "Link not valid");
  });
});

test.describe("staff console on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("every page fits the screen's width (the board scrolls in its own box) and has no axe violations", async ({
    page,
  }) => {
    // Every console page, each with an axe check.
    test.slow();
    await bookAsGuest(page, {
      roomId: 9,
      checkIn: addDays(today, 50),
      checkOut: addDays(today, 52),
      name: "Phone Width Guest",
    });
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/requests?q=Phone%20Width%20Guest`);
    await page.locator("tbody tr").first().getByRole("link", { name: "Phone Width Guest" }).click();
    // The hydrated console navigates without a document load: wait for the detail's address.
    await expect(page).toHaveURL(/\/staff\/requests\/booking\/[\w-]+$/);
    const detail = page.url();
    for (const path of [
      "/staff",
      "/staff/requests",
      detail,
      "/staff/board",
      "/staff/rooms",
      "/staff/accounts",
      "/staff/outbox",
    ]) {
      await page.goto(path.startsWith("http") ? path : `${STAFF_URL}${path}`);
      const overflow = await page.evaluate(
        () => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
    // The console's menu and its actions are reachable on the narrow screen.
    await page.goto(`${STAFF_URL}/staff`);
    await expect(
      page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Requests" }),
    ).toBeVisible();
    await page.goto(detail);
    const cancel = page.getByRole("button", { name: "Cancel", exact: true });
    await cancel.scrollIntoViewIfNeeded();
    const box = await cancel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });
});
