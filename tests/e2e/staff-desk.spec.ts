import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { ROOM_JUST_BOOKED } from "../../app/shared/messages.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { bookAsGuest, signIn } from "./staff-support.ts";

// The front desk in a browser: a phone booking paid in cash with its receipt, a
// walk-in checked in from Today, a check-out with a balance due, a walk-in into a room not ready,
// bad input, a room just taken.
// Rooms 30-34 (numbers 130-134) are this file's own; the console's tests use rooms 1-9.

const today = lodgeToday();
const notice = (page: Page) => page.getByRole("status").or(page.getByRole("alert"));

async function openDesk(page: Page, checkIn: string, checkOut: string) {
  await page.goto(`${STAFF_URL}/staff/desk`);
  await page.getByLabel("Arriving", { exact: true }).fill(checkIn);
  await page.getByLabel("Leaving", { exact: true }).fill(checkOut);
  await page.getByRole("button", { name: "Show free rooms" }).click();
  await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}`));
}

test.describe("the front desk", () => {
  test("a phone booking without an e-mail, paid in cash at the desk, with its receipt", async ({ page }) => {
    // A sign-in, a booking, a payment and a receipt, each post answered by a redirect.
    test.slow();
    const checkIn = addDays(today, 10);
    const checkOut = addDays(today, 12);
    await signIn(page);
    await page
      .getByRole("navigation", { name: "Staff console" })
      .getByRole("link", { name: "New booking" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New booking at the desk");
    await expectNoAxeViolations(page);
    await openDesk(page, checkIn, checkOut);
    const form = page.getByRole("form", { name: "Room booking" });
    await form.getByLabel("How the guest reached us").selectOption("phone");
    await form.getByLabel("Full Name").fill("Phoning Guest");
    await form.getByLabel("Phone Number").fill("+260 977 100200");
    await form.getByLabel("Room", { exact: true }).selectOption("30");
    await form.getByLabel("Adults").fill("2");
    await form.getByRole("button", { name: "Save the room booking" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Room booking: Phoning Guest");
    await expect(notice(page).first()).toContainText("Entered.");
    const facts = page.locator(".staff-summary");
    await expect(facts).toContainText("+260 977 100200");
    await expect(facts).toContainText("None given (no mail is sent)");
    await expect(facts).toContainText("2 nights");
    await expect(facts).toContainText("By phone");
    const total = (await facts.locator("dt:text-is('Total') + dd").textContent()) ?? "";
    expect(total).toMatch(/^K[\d,]+$/);
    await expect(facts.locator("dt:text-is('Balance due') + dd")).toHaveText(total);
    await expect(page.locator(".staff-technical")).not.toHaveAttribute("open");
    await expectNoAxeViolations(page);

    const payment = page.getByRole("form", { name: "Record a payment or refund" });
    await expect(payment.getByLabel("Amount (kwacha)")).toHaveValue(total.replace(/[K,]/g, ""));
    await payment.getByLabel("Method").selectOption("Cash");
    await payment.getByRole("button", { name: "Record" }).click();
    await expect(notice(page)).toContainText(`Payment of ${total} (Cash) recorded.`);
    await expect(page.locator(".staff-summary dt:text-is('Balance due') + dd")).toHaveText("K0");

    await page.getByRole("link", { name: "Print the receipt" }).click();
    const receipt = page.locator("article.folio");
    await expect(receipt.getByRole("heading", { name: "Receipt" })).toBeVisible();
    await expect(receipt).toContainText("Received fromPhoning Guest");
    await expect(receipt).toContainText(`Amount${total}`);
    await expect(receipt).toContainText("MethodCash");
    await expect(receipt).toContainText("Balance due nowK0");
    await expect(receipt).toContainText("This is not a fiscal tax invoice.");
    await expectNoAxeViolations(page);
    // Printed, the receipt stands alone: no console header, no navigation, no links.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".staff-header")).toBeHidden();
    await expect(page.getByRole("link", { name: "Back to the request" })).toBeHidden();
    await expect(receipt).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("link", { name: "Back to the request" }).click();
    await page.getByRole("link", { name: "Print the folio" }).click();
    const folio = page.locator("article.folio");
    await expect(folio).toContainText(/Room 130 \(Mini Suite\), 2 nights × K[\d,]+/);
    await expect(folio).toContainText("Balance due");
    await expect(folio).toContainText("This is not a fiscal tax invoice.");

    await page.goto(`${STAFF_URL}/staff/requests?channel=phone&q=Phoning`);
    await expect(page.getByRole("table")).toContainText("Phoning Guest");
    await page.goto(`${STAFF_URL}/staff/requests?due=1&q=Phoning`);
    await expect(page.getByRole("table")).not.toContainText("Phoning Guest");
  });

  test("says what is wrong beside each field, for the booking and for the payment", async ({ page }) => {
    await signIn(page);
    await openDesk(page, addDays(today, 14), addDays(today, 15));
    const form = page.getByRole("form", { name: "Room booking" });
    await form.getByLabel("Email Address (optional)").fill("not-an-address");
    await form.getByLabel("Check-out Date").fill(addDays(today, 13));
    await form.getByRole("button", { name: "Save the room booking" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Please correct the fields marked below.");
    await expect(page.getByLabel("Full Name")).toHaveAccessibleDescription(/Please enter your (full )?name/i);
    await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(/phone/i);
    await expect(page.getByLabel("Email Address (optional)")).toHaveAccessibleDescription(/valid email/i);
    await expect(page.getByLabel("Room", { exact: true })).toHaveAccessibleDescription(/room/i);
    await expect(page.getByLabel("Email Address (optional)")).toHaveValue("not-an-address");

    await form.getByLabel("Full Name").fill("Careful Guest");
    await form.getByLabel("Phone Number").fill("0977 300400");
    await form.getByLabel("Email Address (optional)").fill("careful@example.com");
    await form.getByLabel("Check-out Date").fill(addDays(today, 15));
    await form.getByLabel("Room", { exact: true }).selectOption("33");
    await form.getByRole("button", { name: "Save the room booking" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Room booking: Careful Guest");

    const payment = page.getByRole("form", { name: "Record a payment or refund" });
    await payment.getByLabel("Method").selectOption("Mobile Money");
    await payment.getByLabel("Amount (kwacha)").fill("0");
    await payment.getByRole("button", { name: "Record" }).click();
    await expect(payment.getByLabel("Transaction id")).toHaveAccessibleDescription(
      /transaction id from the guest's SMS/,
    );
    await expect(payment.getByLabel("Amount (kwacha)")).toHaveAccessibleDescription(/at least K1/);
    await expect(page.getByText("No money recorded yet.")).toBeVisible();
  });

  test("a room taken while the desk was typing is refused with the public forms' message", async ({
    page,
  }) => {
    const checkIn = addDays(today, 20);
    const checkOut = addDays(today, 22);
    await signIn(page);
    await openDesk(page, checkIn, checkOut);
    const form = page.getByRole("form", { name: "Room booking" });
    await form.getByLabel("Full Name").fill("Late Caller");
    await form.getByLabel("Phone Number").fill("0966 123456");
    await form.getByLabel("Room", { exact: true }).selectOption("31");
    // Meanwhile a guest books the same room on the website.
    await bookAsGuest(page, { roomId: 31, checkIn, checkOut, name: "Quick Web Guest" });
    await form.getByRole("button", { name: "Save the room booking" }).click();
    await expect(page.getByRole("alert").first()).toContainText(ROOM_JUST_BOOKED);
    await expect(page.getByLabel("Full Name")).toHaveValue("Late Caller");
  });
});

test.describe("walk-in and check-out without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("checks a walk-in in from Today in one step, and asks before checking out with a balance", async ({
    page,
  }) => {
    await signIn(page);
    const walkIn = page.getByRole("form", { name: "Walk-in check-in" });
    await page.getByText("Check in a guest at the door").click();
    await walkIn.getByLabel("Room free tonight").selectOption("32");
    await walkIn.getByLabel("Full Name").fill("Door Walker");
    await walkIn.getByLabel("Phone Number").fill("0955 777888");
    await walkIn.getByRole("button", { name: "Check in the walk-in guest" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Room booking: Door Walker");
    await expect(page.locator(".staff-summary")).toContainText("Checked in");
    await expect(page.locator(".staff-summary")).toContainText("At the door (walk-in)");

    await page.getByRole("link", { name: "Today" }).click();
    const inHouse = page.getByRole("region", { name: /In house/ });
    const row = inHouse.getByRole("row", { name: /Door Walker/ });
    await expect(row).toContainText(/K[\d,]+/);
    await row.getByRole("button", { name: /^Check out: Door Walker/ }).click();
    await expect(page.getByRole("alert")).toContainText(/Door Walker still owes K[\d,]+/);
    await expect(page.getByRole("region", { name: /In house/ })).toContainText("Door Walker");
    await page.getByRole("button", { name: /^Check out with K[\d,]+ due$/ }).click();
    await expect(notice(page)).toContainText("Checked in → Checked out");
    await expect(page.getByRole("region", { name: /In house/ })).not.toContainText("Door Walker");

    // The check-out left room 132 Dirty: the next walk-in into it asks first, as a check-in does.
    await page.getByText("Check in a guest at the door").click();
    await walkIn.getByLabel("Room free tonight").selectOption("32");
    await walkIn.getByLabel("Full Name").fill("Second Walker");
    await walkIn.getByLabel("Phone Number").fill("0955 777999");
    await walkIn.getByRole("button", { name: "Check in the walk-in guest" }).click();
    await expect(page.getByRole("alert").first()).toContainText(
      "Room 132 is Dirty: it is not ready for a guest",
    );
    await page.getByRole("button", { name: "Check in to room 132 anyway" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Room booking: Second Walker");
    await expect(page.locator(".staff-summary")).toContainText("Checked in");
  });
});
