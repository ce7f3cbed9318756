import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import {
  occupancyByNight,
  ON_THE_BOOKS_STATUSES,
  roomRevenueBy,
} from "../../app/features/reports/report-queries.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import * as exportCsv from "~/routes/staff/export.ts";
import * as reports from "~/routes/staff/reports.tsx";
import { parseCsv } from "../parse-csv.ts";
import { createStaff, outcome, routeArgs, signedIn, staffGet } from "./staff-support.ts";
import { book, reserve } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// A stay that left early, in the reports: room 110 (Deluxe, K400) booked 10 → 15 August 2032 and
// checked out on the 12th, so it used the nights of the 10th and 11th. The room went back on sale
// and was booked again, 12 → 14 August. The occupancy table and the calendar of nights on the
// books count each night of the room once, the same in both. A reservation by phone and one at
// the door (room 111) give the sources their names.

const AUGUST = { from: "2032-08-01", until: "2032-09-01" };

describeEachEngine("reports: a stay that left early", (getDatabase) => {
  const db = () => getDatabase().db;
  let cookie = "";

  beforeAll(async () => {
    const manager = await createStaff(db(), "manager");
    cookie = (await signedIn(db(), manager.id)).cookie;
    const first = await book(db(), "110", "2032-08-10", "2032-08-15");
    if (first.kind !== "booked") throw new Error(first.kind);
    for (const to of ["Checked in", "Checked out"] as const) {
      const changed = await changeStayStatus(db(), "booking", first.booking.id, to, { actor: "staff" });
      if (changed.kind !== "changed") throw new Error(changed.kind);
    }
    // The check-out happened on the 12th at 09:00 in Lusaka.
    await sql`update request_history set at = '2032-08-12T07:00:00Z'
               where request_id = ${first.booking.id} and to_status = 'Checked out'`.execute(db());
    const second = await book(db(), "110", "2032-08-12", "2032-08-14");
    if (second.kind !== "booked") throw new Error(second.kind);
    for (const channel of ["phone", "walk-in"] as const) {
      const at = channel === "phone" ? "2032-08-20" : "2032-08-24";
      const saved = await reserve(db(), "111", at, `2032-08-2${channel === "phone" ? 1 : 5}`, { channel });
      if (saved.kind !== "saved") throw new Error(saved.kind);
      await changeStayStatus(db(), "reservation", saved.record.id, "Confirmed", { actor: "staff" });
    }
  });

  it("sells the nights it used, and the room's other nights once each", async () => {
    const nights = await occupancyByNight(db(), { from: "2032-08-10", until: "2032-08-15" });
    expect(nights.map((n) => [n.night, n.sold, n.revenue])).toEqual([
      ["2032-08-10", 1, 400],
      ["2032-08-11", 1, 400],
      ["2032-08-12", 1, 400],
      ["2032-08-13", 1, 400],
      ["2032-08-14", 0, 0],
    ]);
  });

  it("agrees with the calendar of nights on the books, night by night", async () => {
    // The calendar as it read on the day the guest left: from the 12th.
    const fromThen = { from: "2032-08-12", until: AUGUST.until };
    const sold = await occupancyByNight(db(), fromThen);
    const onTheBooks = await occupancyByNight(db(), fromThen, ON_THE_BOOKS_STATUSES);
    // The calendar also shows what is pending; nothing here is.
    expect(onTheBooks.map((n) => [n.night, n.sold + n.pending])).toEqual(sold.map((n) => [n.night, n.sold]));
  });

  it("names each source as the console does", async () => {
    expect((await roomRevenueBy(db(), AUGUST, "channel")).map((row) => row.key)).toEqual([
      "phone",
      "walk-in",
      "web",
    ]);
    const page = await outcome(
      reports.loader(
        routeArgs(staffGet("/staff/reports?show=month&month=2032-08", cookie), getDatabase().context()),
      ),
    );
    expect(page.status).toBe(200);
    const response = await exportCsv.loader(
      routeArgs(
        staffGet("/staff/export/report-sources?show=month&month=2032-08", cookie),
        getDatabase().context(),
        {
          list: "report-sources",
        },
      ),
    );
    const csv = parseCsv(await response.text());
    expect(csv.slice(1).map((row) => row[0])).toEqual(["By phone", "At the door (walk-in)", "The website"]);
  });

  it("says when the kind of period is not understood, and refuses it as a download", async () => {
    const page = await outcome(
      reports.loader(
        routeArgs(staffGet("/staff/reports?show=quarter&month=2032-08", cookie), getDatabase().context()),
      ),
    );
    const data = page.data as Awaited<ReturnType<typeof reports.loader>>;
    expect(data.query.fieldErrors).toEqual({
      show: "That period was not understood. Please choose one from the list.",
    });
    const response = await exportCsv.loader(
      routeArgs(staffGet("/staff/export/report-summary?show=quarter", cookie), getDatabase().context(), {
        list: "report-summary",
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("That period was not understood. Please choose one from the list.");
  });
});
