import { expect, test, type Page } from "@playwright/test";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { STAFF_URL } from "./servers.ts";
import { bookAsGuest, signIn } from "./staff-support.ts";

// The reports' charts as a manager reads them: on a 390 px phone their text stays at a readable
// size, no label is cut at a chart's edge, the value axis steps by round numbers, a week the
// period cuts says so, and a date in a table stays on one line without the table scrolling
// sideways. Room 29 (129, Mini Suite) and the nights 200 to 240 days ahead are this file's own.

const today = lodgeToday();
/** The Wednesday 200 to 206 days ahead: the period starts mid-week. */
const wednesday = (() => {
  const start = addDays(today, 200);
  const weekday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(start, (2 - weekday + 7) % 7);
})();
const period = `show=range&from=${wednesday}&to=${addDays(wednesday, 40)}&compare=1`;

interface ChartText {
  text: string;
  /** The size the text is drawn at on the screen, in CSS pixels. */
  size: number;
  /** How far it reaches past its chart's edges (0 when inside). */
  outside: number;
}

/** Every text of every chart shown, with its size on the screen and whether it is cut. */
function chartTexts(page: Page): Promise<ChartText[]> {
  return page.locator("svg.report-chart").evaluateAll((charts) =>
    charts
      .filter((svg) => (svg as SVGSVGElement).getBoundingClientRect().width > 0)
      .flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        const scale = box.width / (svg as SVGSVGElement).viewBox.baseVal.width;
        return [...svg.querySelectorAll("text")]
          .filter((text) => (text.textContent ?? "").trim() !== "")
          .map((text) => {
            const own = text.getBoundingClientRect();
            return {
              text: text.textContent ?? "",
              size: parseFloat(getComputedStyle(text).fontSize) * scale,
              outside: Math.max(
                0,
                box.left - own.left,
                own.right - box.right,
                box.top - own.top,
                own.bottom - box.bottom,
              ),
            };
          });
      }),
  );
}

/** The value axis labels of the chart shown in a section, as numbers. */
async function axisValues(page: Page, heading: string): Promise<number[]> {
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: heading }) });
  const labels = await section
    .locator("svg.report-chart")
    .filter({ visible: true })
    .locator(".report-chart__values text")
    .allTextContents();
  return labels.map((label) => Number(label.replace(/[K%,]/g, "").replace(/k$/, "000")));
}

function expectRoundSteps(values: number[]) {
  expect(values.length).toBeGreaterThanOrEqual(2);
  const step = (values[1] ?? 0) - (values[0] ?? 0);
  const power = 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 5]).toContain(step / power);
  values.forEach((value, i) => expect(value).toBe(i * step));
}

test.describe("reports on a phone and a desktop", () => {
  test("charts keep readable text on a 390 px phone, and tables fit", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/reports?${period}`);
    await expect(page.getByRole("heading", { name: "Occupancy by night" })).toBeVisible();

    const texts = await chartTexts(page);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) {
      expect(text.size, `"${text.text}" is drawn at ${text.size.toFixed(1)} px`).toBeGreaterThanOrEqual(11);
      expect(text.outside, `"${text.text}" is cut`).toBeLessThanOrEqual(1);
    }
    expectRoundSteps(await axisValues(page, "Occupancy by night"));

    // Each night on one line, and no table wider than its box.
    const nights = page.locator("table[data-report='occupancy'], table[data-report='forward']");
    const wrapped = await nights.locator("th[scope='row']").evaluateAll((cells) =>
      cells
        .filter((cell) => {
          // One line is about 1.5 × the font size high; two would be 3 ×.
          const style = getComputedStyle(cell);
          const text = cell.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          return text > 2 * parseFloat(style.fontSize);
        })
        .map((cell) => cell.textContent),
    );
    expect(wrapped).toEqual([]);
    const sideways = await page
      .locator(".report-block [role='region']")
      .evaluateAll((regions) =>
        regions
          .filter((region) => region.scrollWidth > region.clientWidth + 1)
          .map((r) => `${r.getAttribute("aria-label")}: ${r.scrollWidth} > ${r.clientWidth}`),
      );
    expect(sideways).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test("on a desktop no label is cut, steps are round and a cut week says so", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/reports?${period}`);
    for (const text of await chartTexts(page)) {
      expect(text.outside, `"${text.text}" is cut`).toBeLessThanOrEqual(1);
      expect(text.size, `"${text.text}"`).toBeGreaterThanOrEqual(11);
    }
    expectRoundSteps(await axisValues(page, "Occupancy by night"));
    expectRoundSteps(await axisValues(page, "Room revenue by room type, by week"));

    const weeks = page.locator("table[data-report='room-types'] tbody th");
    await expect(weeks.first()).toHaveText(/^Part week: /);
    await expect(weeks.nth(1)).toHaveText(/^Week of /);
    await expect(weeks.last()).toHaveText(/^Part week: /);
  });

  test("names sources as the console does, keeps money received under its own heading", async ({ page }) => {
    // Booked here, not in a beforeAll: each worker runs a beforeAll, and a room is sold once.
    await bookAsGuest(page, {
      roomId: 29,
      checkIn: addDays(wednesday, 1),
      checkOut: addDays(wednesday, 4),
      name: "Report Phone Guest",
    });
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/reports?${period}`);
    const sources = page.locator("section", {
      has: page.getByRole("heading", { level: 2, name: "Room revenue by source and by payment method" }),
    });
    await expect(sources.getByRole("table", { name: "By source" }).locator("tbody th")).toContainText([
      "The website",
    ]);
    await expect(sources.getByText("Money received")).toHaveCount(0);
    await expect(
      page.getByRole("heading", { level: 2, name: "Money received (payments ledger)" }),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Money received by method" })).toBeVisible();
    // The definition says how the figures are worked out: each night at its own kept price.
    const definitions = page.locator(".report-definitions");
    await expect(definitions).toContainText("each night at the price kept for it");
    await expect(definitions).not.toContainText("spread evenly");
    await expect(definitions).toContainText("A stay that left early is sold up to the day it checked out");
  });

  test("says when the period in the address is not understood", async ({ page }) => {
    await signIn(page);
    await page.goto(`${STAFF_URL}/staff/reports?show=quarter`);
    await expect(page.getByLabel("Period", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText("That period was not understood. Please choose one from the list."),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("That period could not be shown");
    await page.goto(`${STAFF_URL}/staff/reports?show=month&month=0000-01`);
    await expect(page.getByText("Please choose a date from the year 2000 to 2100.")).toBeVisible();
  });
});
