import { expect, test } from "@playwright/test";
import { PAYMENTS_URL } from "./servers.ts";
import { MANAGER } from "./staff-support.ts";
import { expectNoAxeViolations } from "./axe.ts";

// A stay settled at the desk and printed with ZRA's fiscal invoice and its QR code (decisions.md
// 37), made out to the business buyer the desk recorded, on the site whose VSDC is the simulator
// (tests/e2e/vsdc-sink.ts). Without JavaScript: the console's plain forms and links; then axe on
// the printed folio with its mark, /staff/fiscal and the guest's /my-booking, with JavaScript.

test.use({ baseURL: PAYMENTS_URL, javaScriptEnabled: false });

test("a walk-in checked out is printed as ZRA's fiscal invoice to its business buyer with its QR code; a reprint is a copy", async ({
  page,
  browser,
}) => {
  // Sign-in, walk-in, payment, check-out, the worker's pass: a long test.
  test.setTimeout(240_000);
  await page.goto("/staff/sign-in");
  await page.getByLabel("E-mail address").fill(MANAGER.email);
  await page.getByLabel("Password").fill(MANAGER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeVisible();

  const walkIn = page.getByRole("form", { name: "Walk-in check-in" });
  await page.getByText("Check in a guest at the door").click();
  const rooms = walkIn.getByLabel("Room free tonight");
  // The last room free tonight: the deposits' tests book the first ones.
  const last = await rooms.locator("option").last().getAttribute("value");
  await rooms.selectOption(last ?? "");
  await walkIn.getByLabel("Full Name").fill("Fiscal Guest");
  await walkIn.getByLabel("Phone Number").fill("0955 123456");
  await walkIn.getByLabel("Email Address (optional)").fill("fiscal.guest@example.com");
  await walkIn.getByRole("button", { name: "Check in the walk-in guest" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Room booking: Fiscal Guest");
  const request = page.url();
  const reference = (await page.locator(".staff-summary dt:text-is('Reference') + dd").textContent()) ?? "";

  // The business buyer: a malformed TPIN is refused beside its field, then recorded.
  const buyer = page.getByRole("form", { name: "Business buyer of the tax invoice" });
  await buyer.getByLabel("Business's TPIN").fill("12345");
  await buyer.getByLabel("Business's name").fill("Kafue Safaris Ltd");
  await buyer.getByRole("button", { name: "Save the buyer" }).click();
  await expect(buyer.getByLabel("Business's TPIN")).toHaveAttribute("aria-invalid", "true");
  await expect(buyer).toContainText("A TPIN is the 10 digits ZRA issued the business");
  await expect(buyer.getByLabel("Business's name")).toHaveValue("Kafue Safaris Ltd");
  await buyer.getByLabel("Business's TPIN").fill("400 123 4567");
  await buyer.getByRole("button", { name: "Save the buyer" }).click();
  await expect(page.getByRole("region", { name: "Tax invoice" })).toContainText(
    "Made out to Kafue Safaris Ltd, TPIN 4001234567.",
  );

  const payment = page.getByRole("form", { name: "Record a payment or refund" });
  await payment.getByLabel("Method").selectOption("Cash");
  await payment.getByRole("button", { name: "Record" }).click();
  await expect(page.locator(".staff-summary dt:text-is('Balance due') + dd")).toHaveText("K0");

  await page.getByRole("link", { name: "Today" }).click();
  await page
    .getByRole("region", { name: /In house/ })
    .getByRole("row", { name: /Fiscal Guest/ })
    .getByRole("button", { name: /^Check out: Fiscal Guest/ })
    .click();
  await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toContainText(
    "Checked in → Checked out",
  );

  // The worker sends the queue every few seconds: until then the folio says it is pending.
  await page.goto(request);
  await page.getByRole("link", { name: "Print the folio" }).click();
  const folio = page.locator("article.folio");
  const mark = folio.getByRole("region", { name: "ZRA fiscal tax invoice" });
  await expect(async () => {
    await page.reload();
    await expect(mark).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(folio).not.toContainText("This is not a fiscal tax invoice");
  await expect(mark).toContainText(/ZRA invoice number\d+/);
  await expect(mark).toContainText(/VSDC date and time\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(mark).toContainText("TPIN1002003004");
  await expect(mark).toContainText("BuyerKafue Safaris Ltd");
  await expect(mark).toContainText("Buyer's TPIN4001234567");
  await expect(mark.getByRole("img", { name: "QR code of the fiscal invoice" }).locator("svg")).toBeVisible();
  // The reload that found it was a print; this one is a copy.
  await page.reload();
  await expect(mark.getByRole("heading")).toContainText("COPY");
  const folioUrl = page.url();

  await page.goto("/staff/fiscal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ZRA fiscal invoices");
  await expect(page.locator(".staff-facts")).toContainText("Active");
  await expect(page.getByRole("table")).toContainText("Fiscalised");

  // Invoiced: the stay's page says the buyer is fixed and offers no form.
  await page.goto(request);
  await expect(page.getByRole("region", { name: "Tax invoice" })).toContainText(
    "The buyer can no longer change",
  );
  await expect(page.getByRole("form", { name: "Business buyer of the tax invoice" })).toHaveCount(0);

  // The folio as the hydrated console shows it, with its mark, checked by axe. A new context takes
  // the test's options, JavaScript off among them, unless it names them: without scripts the
  // page is not hydrated and axe, a script in the page, never finishes.
  const checked = await browser.newContext({
    baseURL: PAYMENTS_URL,
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  const withScript = await checked.newPage();
  await withScript.goto(folioUrl);
  await expect(withScript.getByRole("region", { name: "ZRA fiscal tax invoice" })).toBeVisible();
  await expectNoAxeViolations(withScript);
  await withScript.goto("/staff/fiscal");
  await expect(withScript.getByRole("heading", { level: 1 })).toHaveText("ZRA fiscal invoices");
  await expectNoAxeViolations(withScript);
  await checked.close();

  // The guest's folio on /my-booking, with its mark.
  const guest = await browser.newContext({ baseURL: PAYMENTS_URL, javaScriptEnabled: true });
  const mine = await guest.newPage();
  await mine.goto("/my-booking");
  const lookUp = mine.locator("form").filter({ has: mine.getByRole("button", { name: "Find my booking" }) });
  await lookUp.getByLabel("Booking reference").fill(reference);
  await lookUp.getByLabel("Email Address").fill("fiscal.guest@example.com");
  await lookUp.getByRole("button", { name: "Find my booking" }).click();
  await mine.getByRole("button", { name: "Show my folio and receipts" }).click();
  await expect(mine.getByRole("region", { name: "ZRA fiscal tax invoice" }).first()).toBeVisible();
  await expectNoAxeViolations(mine);
  await guest.close();
});
