import { beforeAll, describe, expect, it } from "vitest";
import * as board from "~/routes/staff/board.tsx";
import * as exportCsv from "~/routes/staff/export.ts";
import * as reports from "~/routes/staff/reports.tsx";
import * as requests from "~/routes/staff/requests.tsx";
import { REPORT_EXPORTS } from "../../app/features/reports/report-exports.server.ts";
import { DATE_OUT_OF_RANGE } from "../../app/shared/dates.ts";
import { createStaff, outcome, routeArgs, signedIn, staffGet } from "./staff-support.ts";
import { describeEachEngine } from "./test-database.ts";

// Dates the lodge cannot use (year 0, which neither the database nor the calendar arithmetic
// knows, and years far from any stay) in the address of every staff list, board, report and CSV
// download: the page shows the form's message beside the field and still answers; a download
// answers 400 with the same message, never a server error.

type Loader = (args: never) => unknown;

const REPORT_PERIODS = [
  "?show=month&month=0000-01",
  "?show=month&month=0001-02&compare=1",
  "?show=range&from=0000-01-01&to=0000-01-31",
  "?show=week&week=0000-01-05",
  "?show=month&month=9999-12",
];

describeEachEngine("dates the lodge cannot use", (getDatabase) => {
  let cookie = "";
  const ctx = () => getDatabase().context();
  const get = (loader: Loader, path: string, params: Record<string, string> = {}) =>
    outcome(loader(routeArgs(staffGet(path, cookie), ctx(), params) as never));
  const download = async (list: string, search: string) => {
    const response = await exportCsv.loader(
      routeArgs(staffGet(`/staff/export/${list}${search}`, cookie), ctx(), { list }),
    );
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    const manager = await createStaff(getDatabase().db, "manager");
    cookie = (await signedIn(getDatabase().db, manager.id)).cookie;
  });

  describe("the requests list", () => {
    it("shows the message beside the date and lists without it", async () => {
      const page = await get(requests.loader, "/staff/requests?to=0000-01-01&from=2026-02-30");
      expect(page.status).toBe(200);
      const data = page.data as Awaited<ReturnType<typeof requests.loader>>;
      expect(data.query.errors).toEqual({
        to: DATE_OUT_OF_RANGE,
        from: "Please enter the first day as a date.",
      });
      expect(data.query.to).toBeUndefined();
    });

    it("refuses the download with the same message", async () => {
      expect(await download("requests", "?to=0000-01-01")).toEqual({ status: 400, text: DATE_OUT_OF_RANGE });
      expect(await download("requests", "?from=2101-01-01")).toEqual({
        status: 400,
        text: DATE_OUT_OF_RANGE,
      });
      expect((await download("requests", "?from=2031-01-01&to=2031-12-31")).status).toBe(200);
    });
  });

  describe("the room board", () => {
    it("shows the board from today with the message", async () => {
      const page = await get(board.loader, "/staff/board?from=0000-01-01");
      expect(page.status).toBe(200);
      const data = page.data as Awaited<ReturnType<typeof board.loader>>;
      expect(data.error).toBe(DATE_OUT_OF_RANGE);
    });

    it("refuses the download with the same message", async () => {
      expect(await download("board", "?from=0000-01-01")).toEqual({ status: 400, text: DATE_OUT_OF_RANGE });
      expect((await download("board", "?from=2031-06-01")).status).toBe(200);
    });
  });

  describe("the reports", () => {
    it.each(REPORT_PERIODS)("show the message beside the field for %s", async (search) => {
      const page = await get(reports.loader, `/staff/reports${search}`);
      expect(page.status).toBe(200);
      const data = page.data as Awaited<ReturnType<typeof reports.loader>>;
      expect(Object.values(data.query.fieldErrors)).toContain(DATE_OUT_OF_RANGE);
    });

    it.each(REPORT_PERIODS)("refuse every download with that message for %s", async (search) => {
      for (const list of Object.keys(REPORT_EXPORTS)) {
        expect(await download(list, search), list).toEqual({ status: 400, text: DATE_OUT_OF_RANGE });
      }
    });

    it("still compare the first month the lodge accepts with the year before", async () => {
      const page = await get(reports.loader, "/staff/reports?show=month&month=2000-01&compare=1");
      const data = page.data as Awaited<ReturnType<typeof reports.loader>>;
      expect(data.query.fieldErrors).toEqual({});
      expect(data.query.compareWith?.label).toBe("January 1999");
      expect((await download("report-summary", "?show=month&month=2100-12&compare=1")).status).toBe(200);
    });
  });
});
