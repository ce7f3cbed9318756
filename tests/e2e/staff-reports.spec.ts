import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, formatDisplayDate, lodgeToday } from "../../app/shared/dates.ts";
import { parseCsv } from "../parse-csv.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { bookAsGuest, downloaded, signIn } from "./staff-support.ts";

// The reports page in a browser, on the staff console's server: the charts show the
// figures of the tables beside them, the CSV holds them too, bad input is named beside its field,
// and the page reads on a phone and prints without the console's frame. Rooms 30–32 (130–132,
// Mini Suite K350) and nights 60 and 300 days ahead are this file's own.

const today = lodgeToday();
const first = addDays(today, 300);
const last = addDays(today, 304);

/** Each body row of a table as its cells' text. */
function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? "").trim())),
    );
}

function section(page: Page, heading: RegExp | string): Locator {
  return page.locator("section", { has: page.getByRole("heading", { level: 2, name: heading }) });
}

async function showRange(page: Page, from: string, to: string) {
  await page.getByLabel("Period", { exact: true }).selectOption("range");
  await page.getByLabel("First day").fill(from);
  await page.getByLabel("Last day").fill(to);
  await page.getByRole("button", { name: "Show", exact: true }).click();
}

test.describe("staff reports", () => {
  test("charts and their tables show the same figures, and the CSV holds them", async ({ page }) => {
    // Booked here, not in beforeAll: each worker runs a beforeAll, and a room is sold once.
    await bookAsGuest(page, {
      roomId: 30,
      checkIn: first,
      checkOut: addDays(today, 303),
      name: "Report Guest A",
    });
    await bookAsGuest(page, {
      roomId: 31,
      checkIn: addDays(today, 301),
      checkOut: addDays(today, 302),
      name: "Report Guest B",
    });
    await bookAsGuest(page, {
      roomId: 32,
      checkIn: addDays(today, 60),
      checkOut: addDays(today, 62),
      name: "Report Guest C",
    });
    await signIn(page);
    await page
      .getByRole("navigation", { name: "Staff console" })
      .getByRole("link", { name: "Reports" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reports: ");
    await showRange(page, first, last);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Reports: ${formatDisplayDate(first)} – ${formatDisplayDate(last)}`,
    );
    await expectNoAxeViolations(page);

    // Occupancy: 3 nights of room 130 and 1 of room 131, 35 rooms a night, K350 a night.
    const occupancy = section(page, "Occupancy by night");
    const nights = await tableRows(occupancy.getByRole("table"));
    expect(nights.map((row) => row.slice(1))).toEqual([
      ["35", "1", "2.9%", "K350"],
      ["35", "2", "5.7%", "K700"],
      ["35", "1", "2.9%", "K350"],
      ["35", "0", "0.0%", "K0"],
      ["35", "0", "0.0%", "K0"],
    ]);
    const points = await occupancy.locator("svg circle > title").allTextContents();
    expect(points).toEqual(
      nights.map(([night, available, sold, share]) => `${night}: ${share} (${sold} of ${available} rooms)`),
    );
    await expect(occupancy.locator("#occupancy-summary")).toContainText(
      "Occupancy was 2.3% over 5 nights (4 of 175",
    );

    // Room revenue by type: each bar segment is a non-empty cell of the table.
    const types = section(page, /Room revenue by room type/);
    const typeTable = types.getByRole("table");
    const typeNames = (await typeTable.locator("thead th").allTextContents()).slice(1, -1);
    const segments = (await tableRows(typeTable)).flatMap(([week, ...cells]) =>
      typeNames.flatMap((type, i) => (cells[i] && cells[i] !== "K0" ? [`${week}: ${type} ${cells[i]}`] : [])),
    );
    expect((await types.locator("svg rect > title").allTextContents()).sort()).toEqual([...segments].sort());
    // Only Mini Suites were sold: K350 + K700 + K350 over the weeks the range touches.
    expect(segments.every((segment) => segment.includes(": Mini Suite K"))).toBe(true);
    expect(
      segments.reduce((sum, segment) => sum + Number(segment.split(" K")[1]?.replaceAll(",", "")), 0),
    ).toBe(1400);

    // The next 90 nights: each day of the calendar is a row of the table; room 132's two nights.
    const forward = section(page, /The next 90 nights/);
    const days = await tableRows(forward.getByRole("table"));
    expect(days).toHaveLength(90);
    const cells = await forward.locator("svg rect > title").allTextContents();
    expect(cells).toEqual(
      days.map(([night, sold, pending, share]) => `${night}: ${share} (${sold} rooms, ${pending} pending)`),
    );
    const booked = days.find(([night]) => night === formatDisplayDate(addDays(today, 60)));
    expect(Number(booked?.[1]?.split(" of ")[0])).toBeGreaterThanOrEqual(1);

    // The CSV of occupancy parses back to the table's figures.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download occupancy by night as CSV" }).click(),
    ]);
    const csv = parseCsv(await downloaded(download));
    expect(csv[0]).toEqual([
      "Night",
      "Rooms available",
      "Room-nights sold",
      "Occupancy (%)",
      "Room revenue (K)",
    ]);
    expect(csv.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 5 }, (_, i) => addDays(first, i)));
    expect(
      csv
        .slice(1)
        .map((row) => [
          row[1],
          row[2],
          `${Number(row[3]).toFixed(1)}%`,
          `K${Number(row[4]).toLocaleString("en-US")}`,
        ]),
    ).toEqual(nights.map((row) => row.slice(1)));
    const [summaryDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the summary as CSV" }).click(),
    ]);
    const summary = parseCsv(await downloaded(summaryDownload));
    expect(summary.find((row) => row[0] === "Room-nights sold")?.[1]).toBe("4");
    expect(summary.find((row) => row[0] === "Room revenue (K)")?.[1]).toBe("1400");
  });

  test("beyond two months the occupancy table gives weeks, which add up to the CSV's nights", async ({
    page,
  }) => {
    const from = addDays(today, 280);
    const nights = Array.from({ length: 100 }, (_, i) => addDays(from, i));
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/reports`);
    await showRange(page, from, nights.at(-1) ?? from);
    const occupancy = section(page, "Occupancy by night");
    await expect(
      occupancy.getByText("The table adds up each week; the CSV gives every night."),
    ).toBeVisible();
    const weeks = await tableRows(occupancy.getByRole("table", { name: "Occupancy by week" }));
    const mondays = nights.filter((night) => new Date(`${night}T00:00:00Z`).getUTCDay() === 1);
    expect(weeks).toHaveLength(mondays.length + (mondays[0] === from ? 0 : 1));
    expect(weeks[1]?.[0]).toMatch(/^Week of \d+\u00a0[A-Z][a-z]{2}$/);
    // A hundred nights are a line without a dot each; the CSV still gives every night.
    await expect(occupancy.locator("svg circle")).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download occupancy by night as CSV" }).click(),
    ]);
    const csv = parseCsv(await downloaded(download)).slice(1);
    expect(csv.map((row) => row[0])).toEqual(nights);
    const total = (rows: string[][], column: number) =>
      rows.reduce((sum, row) => sum + Number((row[column] ?? "").replace(/[K,]/g, "")), 0);
    expect(total(weeks, 1)).toBe(total(csv, 1));
    expect(total(weeks, 2)).toBe(total(csv, 2));
    expect(total(weeks, 4)).toBe(total(csv, 4));
    await expectNoAxeViolations(page);
  });

  test("names a wrong period beside its field, reads on a phone and prints without the frame", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/reports`);
    await showRange(page, last, first);
    await expect(page.getByLabel("Last day")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("The last day must be on or after the first day.")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("That period could not be shown");
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${STAFF_URL}/staff/reports?show=month&compare=1`);
    await expect(page.getByRole("heading", { name: "Occupancy by night" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Staff console" })).toBeHidden();
    await expect(page.getByLabel("Period", { exact: true })).toBeHidden();
    // Printed, the wide drawing of each chart (the page is as wide as the paper).
    await expect(section(page, "Occupancy by night").locator("svg.report-chart--wide")).toBeVisible();
  });
});
