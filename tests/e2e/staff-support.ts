import { expect, type Download, type Page } from "@playwright/test";
import { STAFF_DATA_DIR, STAFF_URL } from "./servers.ts";

// The staff console's browser tests run against their own server (STAFF_URL), whose first
// manager tests/e2e/staff-global-setup.ts creates through the setup link.

/**
 * The setup page as the server answered the one-time setup link, before the global setup used it
 * (the link works once, so a test can only look at it in this copy). Beside the data folder.
 */
export const SETUP_PAGE_FILE = `${STAFF_DATA_DIR}-setup-page.html`;

export const MANAGER = {
  email: "manager@lodge.test",
  name: "Mary Manager",
  password: "e2e manager password",
};

export async function signIn(page: Page, account: { email: string; password: string } = MANAGER) {
  await page.goto(`${STAFF_URL}/staff/sign-in`);
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeVisible();
}

/** A confirmed room booking made as a guest would (the Room Booking dialog's action on /rooms). */
export async function bookAsGuest(
  page: Page,
  stay: { roomId: number; checkIn: string; checkOut: string; name: string },
): Promise<void> {
  const response = await page.request.post(`${STAFF_URL}/rooms`, {
    headers: { Origin: STAFF_URL },
    form: {
      name: stay.name,
      email: "guest@example.com",
      phone: "+260 96 111 2222",
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      adults: "1",
      children: "0",
      roomId: String(stay.roomId),
      paymentMethod: "Cash",
    },
  });
  expect(response.status()).toBe(200);
}

/** A download's bytes as UTF-8 text. */
export async function downloaded(download: Download): Promise<string> {
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
}
