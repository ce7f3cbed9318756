import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { CARD_NEEDS_JAVASCRIPT } from "../../app/features/payments/pay-view.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expectIslandLive, gotoEnhanced } from "./enhanced.ts";
import { LENCO_SIMULATOR_URL, PAYMENTS_DATA_DIR, PAYMENTS_LOG, PAYMENTS_URL } from "./servers.ts";
import { MANAGER } from "./staff-support.ts";

// Online deposits (ADR 0018) against the site whose LENCO_API_URL is the simulator
// (tests/e2e/lenco-sink.ts): the manager sets the policy, a guest books with Mobile Money, pays on
// the payment step and sees the booking confirmed by the provider's signed webhook. One flow in
// order: the policy must be set before the guests book.
test.describe.configure({ mode: "serial" });
test.use({ baseURL: PAYMENTS_URL });

const today = lodgeToday();
let stayOffset = 20;
/** The first test's confirmed booking, cancelled by the manager further on. */
let paid: { reference: string; url: string } | undefined;

async function signInAsManager(page: Page) {
  await page.goto("/staff/sign-in");
  await page.getByLabel("E-mail address").fill(MANAGER.email);
  await page.getByLabel("Password").fill(MANAGER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The hydrated console signs in by a data request: wait for its answer before going on.
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeVisible();
}

async function managerSetsDeposit(page: Page) {
  await signInAsManager(page);
  await page.getByRole("link", { name: "Deposits" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deposits and cancellation" })).toBeVisible();
  await expect(page.getByText("(sandbox: no real money)")).toBeVisible();
  await page.getByLabel("Deposit", { exact: true }).selectOption({ label: "A percentage of the total" });
  await page.getByLabel("Percentage (with a percentage deposit)").fill("");
  await page.getByRole("button", { name: "Save policies" }).click();
  await expect(page.getByText("Enter a percentage from 1 to 100.")).toBeVisible();
  await page.getByLabel("Percentage (with a percentage deposit)").fill("30");
  await page.getByLabel("Free cancellation until this many days before arrival").fill("3");
  await page.getByRole("button", { name: "Save policies" }).click();
  await expect(page.getByText("Policies saved.")).toBeVisible();
  await expect(page.getByText(/Guests read: .A deposit of 30% of the stay's total/)).toBeVisible();
  await expectNoAxeViolations(page);
}

/** Books a Deluxe room in the dialog with Mobile Money (or a card); answers the payment step's page. */
async function bookWithMobileMoney(page: Page, method: "Mobile Money" | "Credit Card" = "Mobile Money") {
  stayOffset += 3;
  await gotoEnhanced(page, "/rooms");
  await page
    .getByRole("link", { name: /book now/i })
    .first()
    .click();
  const box = page.getByRole("dialog", { name: "Room Booking" });
  await box.getByLabel("Full Name").fill("Chanda Mwale");
  await box.getByLabel("Email Address").fill("chanda@example.com");
  await box.getByLabel("Phone Number").fill("0961111111");
  await box.getByLabel("Check-in Date").fill(addDays(today, stayOffset));
  const listed = page.waitForResponse((response) =>
    response.url().includes(`checkOut=${addDays(today, stayOffset + 2)}`),
  );
  await box.getByLabel("Check-out Date").fill(addDays(today, stayOffset + 2));
  await listed;
  await box.getByRole("combobox", { name: "Room" }).selectOption({ index: 1 });
  await box.getByLabel("Payment Method").selectOption(method);
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/pay\/LDG-[A-Z0-9]{6}\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Pay your deposit" })).toBeVisible();
}

test("the manager sets a 30% deposit; a guest pays it by MTN mobile money and the webhook confirms the booking", async ({
  page,
}) => {
  await managerSetsDeposit(page);
  await page.context().clearCookies();

  await bookWithMobileMoney(page);
  await expect(page.getByText("Test mode: no real money moves.")).toBeVisible();
  await expect(page.getByText("A deposit of 30% of the stay's total confirms your booking")).toBeVisible();
  await expect(
    page.getByText(
      /Free cancellation until 3 days before arrival; after that, or if you do not arrive, the lodge keeps the deposit \(K\d+\)/,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Room held until/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Bad input: told beside each field, nothing sent.
  await page.getByLabel("Mobile money number").fill("12345");
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  await expect(page.getByText("Please enter a Zambian mobile money number, e.g. 0961234567.")).toBeVisible();
  await expect(page.getByText("Please choose MTN or Airtel.")).toBeVisible();

  // React's complaints (a hydration mismatch) while the progress island takes over.
  const reactErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /react|hydrat/i.test(message.text())) reactErrors.push(message.text());
  });
  page.on("pageerror", (error) => reactErrors.push(error.message));
  await page.getByLabel("MTN MoMo").check();
  await page.getByLabel("Mobile money number").fill("096 111 1111");
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  await expect(page.getByText(/A payment request was sent to 096\*\*\*\*111 \(MTN\)/)).toBeVisible();
  await expect(page.getByText("Approve it on your phone with your PIN.")).toBeVisible();
  // The progress is an island that follows the status: the page is never loaded again.
  await expectIslandLive(page, "payment-progress");
  await page.evaluate(() => document.documentElement.setAttribute("data-same-page", ""));
  // The simulated guest approves; the signed webhook confirms; the island shows it in place.
  await expect(page.getByRole("heading", { level: 1, name: "Booking confirmed" })).toBeVisible({
    timeout: 15_000,
  });
  const confirmation = page.getByText(
    /your deposit of K\d+ is received and your booking LDG-[A-Z0-9]{6} is confirmed/,
  );
  await expect(confirmation).toBeVisible();
  // Focus moves to the outcome's notice, so a screen reader reads it out.
  await expect(page.locator("#payment-progress .notice--success")).toBeFocused();
  await expect(page.getByText("Due at the lodge")).toBeVisible();
  await expect(page.locator("html[data-same-page]")).toBeAttached();
  expect(reactErrors).toEqual([]);
  // The JavaScript a guest's browser loaded for it (brotli, as sent): within the budget of a
  // page whose form is in use (tests/e2e/budgets.spec.ts, ADR 0015).
  const scriptBytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
  test.info().annotations.push({ type: "/pay JavaScript while waiting", description: `${scriptBytes} B` });
  expect(scriptBytes).toBeGreaterThan(0);
  expect(scriptBytes).toBeLessThanOrEqual(110 * 1024);
  await expectNoAxeViolations(page);
  const url = page.url();
  paid = { reference: /\/pay\/(LDG-[A-Z0-9]{6})/.exec(url)?.[1] ?? "", url };
});

test("a guest reserves on /reservation with Mobile Money, pays on the simulator, and the webhook confirms the reservation", async ({
  page,
}) => {
  stayOffset += 3;
  const checkIn = addDays(today, stayOffset);
  const checkOut = addDays(today, stayOffset + 2);
  // The rooms free for the nights chosen (the page lists them from its address).
  await gotoEnhanced(page, `/reservation?checkIn=${checkIn}&checkOut=${checkOut}`);
  const form = page.locator("form#reservation-form");
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field("Full Name").fill("Mwila Zulu");
  await field("Email Address").fill("mwila@example.com");
  await field("Phone Number").fill("0961111111");
  await field("Payment Method").selectOption("Mobile Money");
  await field("Check-in Date").fill(checkIn);
  await field("Check-out Date").fill(checkOut);
  await field("Adults").fill("2");
  await field("Children").fill("0");
  await field("Number of Rooms").fill("1");
  await field("Room").selectOption({ index: 1 });
  await field("Message").fill("Arriving after dark.");
  await form.getByRole("button", { name: "Reserve Now" }).click();
  // The island follows the action's redirect to the payment step, as the form does without it.
  await expect(page).toHaveURL(/\/pay\/LDG-[A-Z0-9]{6}\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Pay your deposit" })).toBeVisible();
  await expect(page.getByText(/Room held until/)).toBeVisible();
  await page.getByLabel("MTN MoMo").check();
  await page.getByLabel("Mobile money number").fill("0961111111");
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  await expect(page.getByText(/A payment request was sent to 096\*\*\*\*111 \(MTN\)/)).toBeVisible();
  await expectIslandLive(page, "payment-progress");
  // The simulated guest approves; the signed webhook confirms; the island shows it in place.
  await expect(page.getByRole("heading", { level: 1, name: "Reservation confirmed" })).toBeVisible({
    timeout: 15_000,
  });
  const reference = /\/pay\/(LDG-[A-Z0-9]{6})/.exec(page.url())?.[1] ?? "";
  await expect(
    page
      .getByText(`your deposit of`, { exact: false })
      .filter({ hasText: `your reservation ${reference} is confirmed` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The guest's own view: a Confirmed reservation.
  await gotoEnhanced(page, "/my-booking");
  const lookUp = page.locator("#my-booking");
  await lookUp.getByLabel("Booking reference").fill(reference);
  await lookUp.getByLabel("Email Address").fill("mwila@example.com");
  await lookUp.getByRole("button", { name: "Find my booking" }).click();
  await expect(lookUp.getByText(reference).first()).toBeVisible();
  await expect(lookUp.getByText("Confirmed").first()).toBeVisible();
});

test("without JavaScript /booking's reservation tab leads to the payment step", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: PAYMENTS_URL });
  const page = await context.newPage();
  stayOffset += 3;
  const checkIn = addDays(today, stayOffset);
  const checkOut = addDays(today, stayOffset + 1);
  await page.goto(`/booking?tab=reservation&checkIn=${checkIn}&checkOut=${checkOut}`);
  await page.getByLabel("Full Name").fill("Natasha Tembo");
  await page.getByLabel("Email Address").first().fill("natasha@example.com");
  await page.getByLabel("Phone Number").fill("0971111111");
  await page.getByLabel("Payment Method").selectOption("Mobile Money");
  await page.getByRole("combobox", { name: "Room", exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Check-in Date").fill(checkIn);
  await page.getByLabel("Check-out Date").fill(checkOut);
  await page.getByLabel("Adults").fill("1");
  await page.getByLabel("Children").fill("0");
  await page.getByLabel("Message").fill("Quiet room please");
  await page.getByRole("button", { name: /^Reserve/ }).click();
  await expect(page).toHaveURL(/\/pay\/LDG-[A-Z0-9]{6}\?token=/);
  await page.getByLabel("Airtel Money").check();
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reservation confirmed" })).toBeVisible({
    timeout: 15_000,
  });
  await context.close();
});

test("a sandbox number that times out: the guest is told why and pays with another number", async ({
  page,
}) => {
  await bookWithMobileMoney(page);
  await page.getByLabel("Airtel Money").check();
  await page.getByLabel("Mobile money number").fill("0977777777");
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  await expectIslandLive(page, "payment-progress");
  // The island says why, in place; the form is the page's, so 'Try again' brings the page back.
  await expect(page.getByText(/did not go through: Transaction Timed Out\. You can try again\./)).toBeVisible(
    {
      timeout: 15_000,
    },
  );
  await page.getByRole("link", { name: "Try again" }).click();
  await page.getByLabel("Airtel Money").check();
  await page.getByLabel("Mobile money number").fill("0971111111");
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Booking confirmed" })).toBeVisible({
    timeout: 15_000,
  });
});

/**
 * Every file under a folder, for a byte string (the database's own files). The running database
 * may drop a file between the listing and the reading (a temporary relation, a truncated one): a
 * file that is gone holds nothing.
 */
function filesContaining(folder: string, needle: string): string[] {
  const bytes = Buffer.from(needle);
  const holds = (file: string) => {
    try {
      return readFileSync(file).includes(bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  };
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(holds);
}

test("a guest who chose Credit Card pays the deposit in Lenco's widget; the card never reaches the site", async ({
  page,
}) => {
  const CARD = "4111 1111 1111 1111";
  const DIGITS = CARD.replaceAll(" ", "");
  const CVV = "739";
  // Everything the browser sends to the site (not to the widget's origin).
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(PAYMENTS_URL)) sent.push(`${request.url()}\n${request.postData() ?? ""}`);
  });
  const answers: string[] = [];
  page.on("response", (response) => {
    if (/\/pay\/LDG-/.test(response.url()) && response.request().resourceType() === "document") {
      answers.push(response.headers()["content-security-policy"] ?? "");
    }
  });
  await bookWithMobileMoney(page, "Credit Card");
  // The page lets the widget's origin in for its script and frame, and nothing else new.
  expect(answers.at(-1)).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+' ${LENCO_SIMULATOR_URL}`));
  expect(answers.at(-1)).toContain(`frame-src https://www.openstreetmap.org ${LENCO_SIMULATOR_URL}`);
  await expect(page.getByRole("heading", { level: 2, name: /^Pay K\d+ by card$/ })).toBeVisible();
  // The widget's script is loaded only on the guest's action.
  const widgetLoaded = () =>
    page.evaluate(() =>
      performance.getEntriesByType("resource").some((entry) => entry.name.endsWith("/inline.js")),
    );
  expect(await widgetLoaded()).toBe(false);
  await page.getByRole("button", { name: "Pay by card" }).click();
  const widget = page.frameLocator('iframe[title="Lenco payment"]');
  await widget.getByLabel("Card number").fill(CARD);
  await widget.getByLabel("Expiry").fill("12/30");
  await widget.getByLabel("CVV").fill(CVV);
  await widget.getByRole("button", { name: "Pay" }).click();
  expect(await widgetLoaded()).toBe(true);
  // The widget tells the page; the page asks the site, which asks Lenco and shows its word.
  await expect(page.getByRole("heading", { level: 1, name: "Booking confirmed" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByText(/your deposit of K\d+ is received and your booking LDG-[A-Z0-9]{6} is confirmed/),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Neither the card nor its code in anything the browser sent to the site...
  expect(sent.length).toBeGreaterThan(2);
  for (const request of sent) {
    expect(request).not.toContain(DIGITS);
    expect(request).not.toContain(CARD);
    expect(request).not.toContain(encodeURIComponent(CARD));
    expect(request).not.toMatch(new RegExp(`cvv|${CVV}`, "i"));
  }
  // ...nor in the site's request log, nor in its database's files.
  const log = readFileSync(PAYMENTS_LOG, "utf8");
  expect(log).toContain('"path":"/pay/');
  expect(log).not.toContain(DIGITS);
  expect(filesContaining(PAYMENTS_DATA_DIR, DIGITS)).toEqual([]);
});

test("without JavaScript a card booking's payment step says how to pay instead", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: PAYMENTS_URL });
  const page = await context.newPage();
  stayOffset += 3;
  const checkIn = addDays(today, stayOffset);
  const checkOut = addDays(today, stayOffset + 1);
  await page.goto(`/rooms?book=Deluxe&checkIn=${checkIn}&checkOut=${checkOut}`);
  const box = page.getByRole("dialog", { name: "Room Booking" });
  await box.getByLabel("Full Name").fill("Bwalya Phiri");
  await box.getByLabel("Email Address").fill("bwalya@example.com");
  await box.getByLabel("Phone Number").fill("0971111111");
  await box.getByRole("combobox", { name: "Room" }).selectOption({ index: 1 });
  await box.getByLabel("Payment Method").selectOption("Credit Card");
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/pay\/LDG-[A-Z0-9]{6}\?token=/);
  await expect(page.getByRole("heading", { level: 2, name: /^Pay K\d+ by card$/ })).toBeVisible();
  // The card option says what to do instead, in a <noscript> (which the browser shows when its
  // JavaScript is off; Playwright's switch leaves the parser scripting, so the HTML is read).
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain(`<noscript><p>${CARD_NEEDS_JAVASCRIPT}</p></noscript>`);
  // No button that could do nothing.
  await expect(page.getByRole("button", { name: "Pay by card" })).toHaveCount(0);
  // The mobile-money form works as ever.
  await expect(page.getByLabel("Mobile money number")).toBeVisible();
  await context.close();
});

test("without JavaScript the booking form leads to the payment step, and the waiting page refreshes itself", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: PAYMENTS_URL });
  const page = await context.newPage();
  stayOffset += 3;
  const checkIn = addDays(today, stayOffset);
  const checkOut = addDays(today, stayOffset + 1);
  await page.goto(`/rooms?book=Deluxe&checkIn=${checkIn}&checkOut=${checkOut}`);
  const box = page.getByRole("dialog", { name: "Room Booking" });
  await box.getByLabel("Full Name").fill("Bwalya Phiri");
  await box.getByLabel("Email Address").fill("bwalya@example.com");
  await box.getByLabel("Phone Number").fill("0971111111");
  await box.getByRole("combobox", { name: "Room" }).selectOption({ index: 1 });
  await box.getByLabel("Payment Method").selectOption("Mobile Money");
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/pay\/LDG-[A-Z0-9]{6}\?token=/);
  await page.getByLabel("Airtel Money").check();
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  // The waiting page refreshes itself by a <meta> inside <noscript> (never with JavaScript, where
  // the island follows the status), not by a Refresh header.
  const waiting = await page.request.get(page.url());
  expect(waiting.headers()["refresh"]).toBeUndefined();
  expect(waiting.headers()["cache-control"]).toBe("no-store");
  expect(await waiting.text()).toContain('<noscript><meta http-equiv="refresh" content="5"></noscript>');
  await expect(page.getByRole("heading", { level: 1, name: "Booking confirmed" })).toBeVisible({
    timeout: 15_000,
  });
  await context.close();
});

test("the status the island follows is no-store, and nothing without the link's token", async ({
  request,
}) => {
  expect(paid?.reference).toMatch(/^LDG-/);
  const { reference, url } = paid!;
  const token = new URL(url).searchParams.get("token") ?? "";
  const own = await request.get(`/api/pay?${new URLSearchParams({ reference, token })}`);
  expect(own.status()).toBe(200);
  expect(own.headers()["cache-control"]).toBe("no-store");
  expect(await own.text()).toContain("Chanda Mwale");
  for (const wrong of ["not-a-token", ""]) {
    const answer = await request.get(`/api/pay?${new URLSearchParams({ reference, token: wrong })}`);
    expect(answer.status()).toBe(404);
    const body = await answer.text();
    expect(body).not.toContain("Chanda Mwale");
    expect(body).not.toContain("0961111111");
  }
});

test("the manager cancels the paid booking: the request says the deposit is to be refunded, and the refund settles it", async ({
  page,
}) => {
  expect(paid?.reference).toMatch(/^LDG-/);
  await signInAsManager(page);
  await page.goto(`/staff/requests?q=${paid!.reference}`);
  await page.getByRole("link", { name: "Chanda Mwale" }).click();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const note = page.locator("[data-deposit-outcome]");
  // Booked more than 3 days ahead: cancelled in time, so the deposit is due back.
  await expect(note).toContainText(
    /Refund due\. Cancelled \d+ days before arrival \(free cancellation ends 3 days before arrival\): the deposit is not kept\. Refund due to the guest: K\d+\./,
  );
  await expect(page.getByLabel("Money")).toHaveValue("refund");
  await page.getByLabel("Method").selectOption("Mobile Money");
  await page.getByLabel("Transaction id").fill("MP261125.0901.R12345");
  await page.getByRole("button", { name: "Record" }).click();
  await expect(page.getByText(/Refund of K\d+ \(Mobile Money\) recorded\./)).toBeVisible();
  await expect(note).toContainText("Deposit settled. ");
  await expect(note).toContainText("Nothing is due back to the guest.");
  await expectNoAxeViolations(page);
});

test("a payment link with a wrong token shows nothing of the booking", async ({ page }) => {
  const response = await page.goto("/pay/LDG-ABC234?token=not-a-token");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This payment link is not valid.")).toBeVisible();
});

test("a forged webhook is refused", async ({ request }) => {
  const response = await request.post("/payments/lenco/webhook", {
    headers: { "Content-Type": "application/json", "X-Lenco-Signature": "0".repeat(128) },
    data: {
      event: "collection.successful",
      data: { reference: "x", amount: "1.00", currency: "ZMW", status: "successful" },
    },
  });
  expect(response.status()).toBe(401);
});

test("a number Lenco verifies first: the guest types the texted code in the island, a wrong one is refused beside it", async ({
  page,
}) => {
  await bookWithMobileMoney(page);
  await page.getByLabel("MTN MoMo").check();
  // The simulator's number that asks for a one-time code (tests/lenco-simulator.ts).
  await page.getByLabel("Mobile money number").fill("0969999999");
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  const code = page.getByLabel("Enter the code sent to your phone");
  await expect(code).toBeVisible();
  await expect(
    page.getByText(/sent a one-time code by text message to 096\*\*\*\*999 \(MTN\)/),
  ).toBeVisible();
  await expectIslandLive(page, "payment-progress");
  await expectNoAxeViolations(page);
  // The island answers in place until the code is taken: the page is not loaded again.
  await page.evaluate(() => document.documentElement.setAttribute("data-same-page", ""));
  // Checked by the form's schema before it leaves, the message beside the field.
  await code.fill("12345");
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(
    page.getByText("Please enter the 6-digit code from the text message, e.g. 123456."),
  ).toBeVisible();
  await expect(code).toBeFocused();
  // A wrong code: Lenco refuses it, the island says so in place.
  await code.fill("111111");
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(
    page.getByText("That code was not accepted. Check the text message and enter its 6-digit code again."),
  ).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("html[data-same-page]")).toBeAttached();
  // The sandbox's code: the PIN prompt follows (the simulated guest approves it), then the
  // confirmation.
  await code.fill("000000");
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Booking confirmed" })).toBeVisible({
    timeout: 15_000,
  });
});

test("without JavaScript the code is a plain form: a wrong one is refused beside it, the right one leads on", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: PAYMENTS_URL });
  const page = await context.newPage();
  stayOffset += 3;
  await page.goto(
    `/rooms?book=Deluxe&checkIn=${addDays(today, stayOffset)}&checkOut=${addDays(today, stayOffset + 1)}`,
  );
  const box = page.getByRole("dialog", { name: "Room Booking" });
  await box.getByLabel("Full Name").fill("Bwalya Phiri");
  await box.getByLabel("Email Address").fill("bwalya@example.com");
  await box.getByLabel("Phone Number").fill("0979999999");
  await box.getByRole("combobox", { name: "Room" }).selectOption({ index: 1 });
  await box.getByLabel("Payment Method").selectOption("Mobile Money");
  await box.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/pay\/LDG-[A-Z0-9]{6}\?token=/);
  await page.getByLabel("Airtel Money").check();
  await page.getByRole("button", { name: /^Pay K\d+/ }).click();
  const code = page.getByLabel("Enter the code sent to your phone");
  await code.fill("123456");
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(
    page.getByText("That code was not accepted. Check the text message and enter its 6-digit code again."),
  ).toBeVisible();
  // Never put back into the page.
  await expect(code).toHaveValue("");
  await code.fill("000000");
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Booking confirmed" })).toBeVisible({
    timeout: 15_000,
  });
  await context.close();
});

test("the guest of the cancelled, refunded booking reads on My Booking what became of the deposit", async ({
  page,
}) => {
  expect(paid?.reference).toMatch(/^LDG-/);
  await gotoEnhanced(page, "/my-booking");
  // The footer's newsletter box has an e-mail field too: the look-up's are the island's.
  const lookUp = page.locator("#my-booking");
  await lookUp.getByLabel("Booking reference").fill(paid!.reference);
  await lookUp.getByLabel("Email Address").fill("chanda@example.com");
  await lookUp.getByRole("button", { name: "Find my booking" }).click();
  await expect(page.getByRole("heading", { name: "Your deposit" })).toBeVisible();
  await expect(page.locator("[data-deposit-outcome]")).toHaveText(
    /^Your stay was cancelled while cancellation was still free, so the lodge keeps none of your deposit\. The lodge has refunded you K\d+\.$/,
  );
});
