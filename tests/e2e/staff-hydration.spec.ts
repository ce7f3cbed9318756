import { expect, test, type Page, type Route } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { STAFF_URL } from "./servers.ts";
import { bookAsGuest, signIn } from "./staff-support.ts";

// The staff console as a hydrated React Router app (ADR 0015's addendum): links and
// forms go by data requests once it has hydrated, actions say they are under way, the same
// actions work without JavaScript, and the public pages still load no router at all.

const today = lodgeToday();
const notice = (page: Page) => page.getByRole("status").or(page.getByRole("alert"));

/** Errors the page reports (a hydration mismatch is one), to be asserted empty. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Waits until React Router has hydrated the page (its router exists and is initialised). */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
        ?.state.initialized === true,
  );
}

/** Holds the console's POST data requests until `release` is called. */
async function holdWrites(page: Page) {
  const held: Route[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/staff[^?]*\.data(\?|$)/, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    held.push(route);
    await released;
    await route.fallback();
  });
  return { held: () => held.length, release };
}

/** A pending reservation of its own (room and dates no other test uses), by the public form. */
async function reserve(page: Page, name: string, roomId: number, from: number) {
  const checkIn = addDays(today, from);
  const response = await page.request.post(`${STAFF_URL}/reservation`, {
    headers: { Origin: STAFF_URL },
    form: {
      name,
      email: "hydration@example.com",
      phone: "+260 97 000 2222",
      checkIn,
      checkOut: addDays(checkIn, 1),
      adults: "1",
      children: "0",
      roomCount: "1",
      roomId: String(roomId),
      paymentMethod: "Cash",
      message: "A test of the console",
    },
  });
  expect(
    response.status(),
    [...(await response.text()).matchAll(/class="field__error"[^>]*>([^<]*)/g)].map((m) => m[1]).join("; "),
  ).toBe(200);
}

async function openRequest(page: Page, name: string) {
  await page.goto(`${STAFF_URL}/staff/requests?q=${encodeURIComponent(name)}`);
  await page.locator("tbody tr").first().getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

test.describe("the hydrated console", () => {
  test("navigates by data requests, without a document load, and reports no errors", async ({ page }) => {
    const errors = recordErrors(page);
    await signIn(page);
    await hydrated(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });
    // A mark on the window survives only as long as the document does.
    await page.evaluate(() => Object.assign(window, { consoleMark: "still here" }));
    const nav = page.getByRole("navigation", { name: "Staff console" });
    for (const [link, heading] of [
      ["Requests", "Requests"],
      ["Room board", "Room board"],
      ["Reports", "Reports"],
      ["Rates", "Rates and stay rules"],
      ["Today", "Today"],
    ] as const) {
      await nav.getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await expect(nav.getByRole("link", { name: link, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
    // A GET form (the requests' filters) too.
    await nav.getByRole("link", { name: "Requests", exact: true }).click();
    await page.getByLabel("Kind").selectOption("reservation");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/staff\/requests\?kind=reservation/);
    expect(await page.evaluate(() => (window as { consoleMark?: string }).consoleMark)).toBe("still here");
    expect(documents).toEqual([]);
    expect(dataRequests.some((url) => url.includes("/staff/requests.data"))).toBe(true);
    // The reports' charts are styled after a client-side navigation (their CSS came inline).
    await nav.getByRole("link", { name: "Reports", exact: true }).click();
    await expect(page.locator(".report-csv").first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("an action says it is under way, then shows its answer in place; its notice can be dismissed", async ({
    page,
  }) => {
    const errors = recordErrors(page);
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/accounts`);
    await hydrated(page);
    const writes = await holdWrites(page);
    const form = page.getByRole("region", { name: "Add an account" }).locator("form");
    await page.getByLabel("Name").fill("Pending Person");
    await page.getByLabel("E-mail address").fill(`pending-${Date.now()}@lodge.test`);
    await page.getByRole("button", { name: "Add and show invitation link" }).click();
    const button = form.getByRole("button", { name: "Adding…" });
    await expect(button).toBeDisabled();
    await expect(form).toHaveAttribute("aria-busy", "true");
    // The button turns busy as the submission starts, a moment before its request reaches the
    // route that holds it: wait for that, then it is the one write held.
    await expect.poll(writes.held).toBe(1);
    writes.release();
    await expect(notice(page)).toContainText("Account added for Pending Person");
    await expect(form.getByRole("button", { name: "Add and show invitation link" })).toBeEnabled();
    await expect(form).not.toHaveAttribute("aria-busy");
    // A form that created something is empty again, as the page a plain post answers with.
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByRole("row", { name: /Pending Person/ })).toContainText("Invited");
    await page.getByRole("button", { name: "Dismiss message" }).click();
    await expect(page.locator(".staff-link")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a status change shows at once (optimistic), and the server's answer follows", async ({ page }) => {
    await reserve(page, "Optimistic Guest", 12, 150);
    await signIn(page);
    await openRequest(page, "Optimistic Guest");
    await hydrated(page);
    const status = page.locator(".staff-summary div", { hasText: /^Status/ }).locator("dd");
    await expect(status).toHaveText("Pending");
    const writes = await holdWrites(page);
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(status).toHaveText("Confirmed");
    await expect(page.getByRole("button", { name: "Confirming…" })).toBeDisabled();
    writes.release();
    await expect(notice(page)).toContainText("Pending → Confirmed");
    await expect(status).toHaveText("Confirmed");
    await expect(page.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
  });

  test("Today's rows go through the router too: a button says it is sent, a guest opens in place", async ({
    page,
  }) => {
    const errors = recordErrors(page);
    // Room 125: no other test books it or takes it out of service.
    await bookAsGuest(page, {
      roomId: 25,
      checkIn: today,
      checkOut: addDays(today, 1),
      name: "Plain Row Guest",
    });
    await signIn(page);
    await hydrated(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });
    await page.evaluate(() => Object.assign(window, { consoleMark: "still here" }));
    const writes = await holdWrites(page);
    const row = page.getByRole("region", { name: /Arrivals/ }).getByRole("row", { name: /Plain Row Guest/ });
    await row.getByRole("button", { name: "Check in: Plain Row Guest, room" }).click();
    // While it is sent: the pressed button says so, the row's buttons are disabled (one change at
    // a time), and the row shows the status the change leads to.
    await expect(row.getByRole("button", { name: "Check in: Plain Row Guest, room" })).toHaveText(
      "Checking in…",
    );
    await expect(row.getByRole("button", { name: "No-show: Plain Row Guest, room" })).toBeDisabled();
    await expect(row.locator("form")).toHaveAttribute("aria-busy", "true");
    await expect(row.getByRole("cell", { name: "Checked in", exact: true })).toBeVisible();
    await expect.poll(writes.held).toBe(1);
    writes.release();
    await expect(notice(page)).toContainText("Confirmed → Checked in");
    // Sent as the index page's data request, to its own action.
    expect(dataRequests.some((url) => /\/staff\.data\?index/.test(url))).toBe(true);
    const inHouse = page.getByRole("region", { name: /In house/ });
    await inHouse.getByRole("link", { name: "Plain Row Guest" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Plain Row Guest");
    // The board's bars and the requests' rows are links as well.
    await page
      .getByRole("navigation", { name: "Staff console" })
      .getByRole("link", { name: "Room board" })
      .click();
    await page.getByRole("link", { name: "Plain Row Guest (Checked in)" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Plain Row Guest");
    await page
      .getByRole("navigation", { name: "Staff console" })
      .getByRole("link", { name: "Requests", exact: true })
      .click();
    await page.getByLabel("Name, e-mail, phone or reference").fill("Plain Row Guest");
    await page.getByRole("button", { name: "Show" }).click();
    await page.locator("tbody tr").first().getByRole("link", { name: "Plain Row Guest" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Plain Row Guest");
    expect(documents).toEqual([]);
    expect(await page.evaluate(() => (window as { consoleMark?: string }).consoleMark)).toBe("still here");
    expect(errors).toEqual([]);
  });

  test("signed out meanwhile: a data request lands on sign-in, which leads back to the page", async ({
    page,
  }) => {
    await signIn(page);
    await hydrated(page);
    await page.context().clearCookies();
    await page
      .getByRole("navigation", { name: "Staff console" })
      .getByRole("link", { name: "Room board" })
      .click();
    await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff sign-in");
    await page.getByLabel("E-mail address").fill("manager@lodge.test");
    await page.getByLabel("Password").fill("e2e manager password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/staff\/board$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Room board");
  });

  test("a console data request is no-store and noindex, like its page", async ({ page, request }) => {
    await signIn(page);
    for (const path of ["/staff.data", "/staff/requests.data"]) {
      const response = await page.request.get(`${STAFF_URL}${path}`);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("no-store");
      expect(response.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
    }
    // Signed out: the redirect to sign-in names the page, not its data request.
    const signedOut = await request.get(`${STAFF_URL}/staff/requests.data?kind=booking`);
    expect(await signedOut.text()).toContain("/staff/sign-in?next=%2Fstaff%2Frequests%3Fkind%3Dbooking");
  });

  test("its JavaScript stays within the console's budget", async ({ page }) => {
    await signIn(page);
    const sizes: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script")
        sizes.push(request.sizes().then((size) => size.responseBodySize));
    });
    await page.goto(`${STAFF_URL}/staff`);
    await hydrated(page);
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    test.info().annotations.push({ type: "/staff JavaScript (brotli)", description: `${bytes} B` });
    // docs/performance.md, "Budgets".
    expect(bytes).toBeLessThanOrEqual(160 * 1024);
  });
});

test.describe("the console without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signs in, adds an account, confirms a request and dismisses nothing it cannot", async ({ page }) => {
    await reserve(page, "Plain Form Guest", 13, 160);
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/accounts`);
    await page.getByLabel("Name").fill("Plain Person");
    await page.getByLabel("E-mail address").fill(`plain-${Date.now()}@lodge.test`);
    await page.getByRole("button", { name: "Add and show invitation link" }).click();
    await expect(notice(page)).toContainText("Account added for Plain Person");
    await expect(page.locator(".staff-link")).toContainText("/staff/set-password?token=");
    await openRequest(page, "Plain Form Guest");
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(notice(page)).toContainText("Pending → Confirmed");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/staff\/sign-in$/);
  });

  test("Today's row buttons post to Today itself and its guest links open their page", async ({ page }) => {
    // Room 126: no other test books it or takes it out of service.
    await bookAsGuest(page, {
      roomId: 26,
      checkIn: today,
      checkOut: addDays(today, 1),
      name: "No Script Row Guest",
    });
    await signIn(page);
    const row = page
      .getByRole("region", { name: /Arrivals/ })
      .getByRole("row", { name: /No Script Row Guest/ });
    await expect(row.locator("form")).toHaveAttribute("action", "/staff?index");
    await row.getByRole("button", { name: "Check in: No Script Row Guest, room" }).click();
    await expect(notice(page)).toContainText("Confirmed → Checked in");
    await page
      .getByRole("region", { name: /In house/ })
      .getByRole("link", { name: "No Script Row Guest" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("No Script Row Guest");
  });
});

test.describe("the public pages", () => {
  const PUBLIC = [
    "/",
    "/about",
    "/services",
    "/services/swimming-pool",
    "/rooms",
    "/details/1",
    "/booking",
    "/reservation",
    "/team",
    "/testimonial",
    "/contact",
    "/privacy",
    "/terms",
    "/my-booking",
    "/no-such-page",
  ];

  test("ship no router: no router data, manifest, client entry or module preload", async ({ request }) => {
    for (const path of PUBLIC) {
      const html = await (await request.get(`${STAFF_URL}${path}`)).text();
      expect(html, path).not.toMatch(/__reactRouter(Context|Manifest|RouteModules)/);
      expect(html, path).not.toMatch(/entry\.client|\/assets\/root-[\w-]+\.js|<link\b[^>]*modulepreload/);
    }
    // The console's pages do.
    const signIn = await (await request.get(`${STAFF_URL}/staff/sign-in`)).text();
    expect(signIn).toContain("__reactRouterManifest");
    expect(signIn).not.toMatch(/\/assets\/enhance-[\w-]+\.js/);
  });
});
