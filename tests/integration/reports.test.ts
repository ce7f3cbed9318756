import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import {
  bucketFor,
  cancellationsAndNoShows,
  moneyReceived,
  occupancyByNight,
  ON_THE_BOOKS_STATUSES,
  readPeriodRooms,
  readTaxReturn,
  roomRevenueBy,
  roomRevenueByTypeAndBucket,
  stayPattern,
  venueRevenue,
} from "../../app/features/reports/report-queries.server.ts";
import {
  changeStayStatus,
  changeVenueBookingStatus,
  type StayKind,
} from "../../app/features/requests/request-status.server.ts";
import { closeRoom } from "../../app/features/stays/room-closures.server.ts";
import { changeRequestPrice } from "../../app/features/desk/price-change.server.ts";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { setRoomPrice } from "../../app/features/stays/staff-rooms.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import type { PaymentMethod } from "../../app/shared/db/schema.ts";
import { roomKpis } from "../../app/features/reports/report-figures.ts";
import { daysBetween } from "../../app/shared/dates.ts";
import type { RequestChannel } from "../../app/shared/db/schema.ts";
import * as exportCsv from "~/routes/staff/export.ts";
import * as reports from "~/routes/staff/reports.tsx";
import { parseCsv } from "../parse-csv.ts";
import { createStaff, outcome, routeArgs, signedIn, staffGet } from "./staff-support.ts";
import { GUEST, reserve, roomId } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// The fixture month, June 2031 (30 nights; 1 June is a Sunday), worked out by hand. The seed has
// 35 rooms: 101–115 Deluxe (K400), 116–125 Executive Suite (K550), 126–135 Mini Suite (K350).
//
// Sold (Confirmed, Checked in, Checked out), nights in June and their revenue:
//   A   booking 101 Deluxe, 29 May → 3 Jun, K2,000 (5 × 400), checked out, Cash:  2 nights  K800
//   P1  booking 102 Deluxe, 5 → 8 Jun, K1,200 at K400, checked out, Cash:         3 nights  K1,200
//       then room 102's rate changes to K460 (mid-month)
//   P2  booking 102 Deluxe, 15 → 17 Jun, K920 at K460, confirmed, Credit Card:    2 nights  K920
//   S   booking 107 Deluxe, 9 → 9 Jun (a same-day stay: one night), K400, Cash:   1 night   K400
//   B   booking 116 Executive, 28 Jun → 2 Jul, K2,200, confirmed, Mobile Money:   3 nights  K1,650
//   R2  reservation 126 Mini, 2 rooms, 24 → 27 Jun, K2,100, phone, Mobile Money:  6 nights  K2,100
//   R3  reservation 118 Executive, 30 Jun → 3 Jul, priced 3 × 550 = K1,650, then changed by
//       staff to K1,000 (agreed), walk-in, Cash: the nights are spread in proportion to their
//       prices (1,000 / 3 = 333.33 each, the leftover kwacha to the first): 334 + 333 + 333,
//       June has the first                                                         1 night   K334
//   = 18 room-nights, K800 + 1,200 + 920 + 400 + 1,650 + 2,100 + 334 = K7,404. Not sold: C (cancelled), N (no-show), a declined and a pending
//   reservation. Room 130 is out of service 10–20 June (10 nights): 35 × 30 − 10 = 1,040
//   room-nights available. Occupancy 18 / 1,040 = 1.73%; ADR 7,404 / 18 = K411.33;
//   RevPAR 7,404 / 1,040 = K7.12.
// Taxes: every request is made while the lodge is VAT-registered (VAT 16%, levy 1.5%: each kept
// line is round(total × rate / 11,750)); after the month the lodge deregisters and the levy goes to
// 2%, which the June return must not use.
const JUNE = { from: "2031-06-01", until: "2031-07-01" };

describeEachEngine("reports", (getDatabase) => {
  const db = () => getDatabase().db;
  let managerCookie = "";
  let receptionCookie = "";

  async function booking(
    roomNumber: string,
    checkIn: string,
    checkOut: string,
    paymentMethod: PaymentMethod,
    statuses: string[],
    createdAt: string,
  ): Promise<string> {
    const result = await bookRoom(db(), {
      ...GUEST,
      paymentMethod,
      roomId: await roomId(db(), roomNumber),
      checkIn,
      checkOut,
    });
    if (result.kind !== "booked") throw new Error(`not booked: ${result.kind}`);
    await advance("booking", result.booking.id, statuses);
    await sql`update bookings set created_at = ${createdAt}::timestamptz where id = ${result.booking.id}`.execute(
      db(),
    );
    return result.booking.id;
  }

  async function reservation(
    roomNumber: string,
    checkIn: string,
    checkOut: string,
    stay: { roomCount: number; channel: RequestChannel; paymentMethod: PaymentMethod },
    statuses: string[],
    createdAt: string,
  ): Promise<string> {
    const result = await reserve(db(), roomNumber, checkIn, checkOut, stay);
    if (result.kind !== "saved") throw new Error(`not saved: ${result.kind}`);
    await advance("reservation", result.record.id, statuses);
    await sql`update reservations set created_at = ${createdAt}::timestamptz where id = ${result.record.id}`.execute(
      db(),
    );
    return result.record.id;
  }

  async function advance(kind: StayKind, id: string, statuses: string[]) {
    for (const to of statuses) {
      const changed = await changeStayStatus(db(), kind, id, to as never, { actor: "staff" });
      if (changed.kind !== "changed") throw new Error(`${kind} ${id} → ${to}: ${changed.kind}`);
    }
  }

  async function payment(
    request: { kind: "booking"; id: string },
    kind: "payment" | "refund",
    method: "Cash" | "Mobile Money",
    amount: number,
    at: string,
  ) {
    const row = await recordPayment(db(), request, { kind, method, amount });
    await sql`update payments set at = ${at}::timestamptz where id = ${row?.id ?? "0"}`.execute(db());
  }

  async function venue(name: string, date: string, people: number, confirm: "Confirmed" | "Cancelled") {
    const row = await db()
      .selectFrom("venues")
      .selectAll()
      .where("venue", "=", name)
      .executeTakeFirstOrThrow();
    const saved = await insertVenueBooking(db(), {
      name: GUEST.name,
      email: GUEST.email,
      phone: GUEST.phone,
      paymentMethod: GUEST.paymentMethod,
      submissionId: null,
      message: null,
      venueId: row.id,
      venueName: row.venue,
      bookingDate: date,
      numberOfPeople: people,
      totalPrice: row.price,
    });
    if (saved.kind !== "saved") throw new Error("venue taken");
    if (confirm === "Cancelled") {
      await changeVenueBookingStatus(db(), saved.record.id, "Cancelled", { actor: "staff" });
    } else {
      await changeVenueBookingStatus(db(), saved.record.id, "Confirmed", { actor: "staff" });
    }
  }

  beforeAll(async () => {
    const manager = await createStaff(db(), "manager");
    const reception = await createStaff(db(), "reception", manager.id);
    managerCookie = (await signedIn(db(), manager.id)).cookie;
    receptionCookie = (await signedIn(db(), reception.id)).cookie;
    await updateLodgeSettings(db(), { vatRegistered: true }, manager.id);

    // Lusaka is UTC+2: 22:30 UTC is already the next day at the lodge.
    await booking(
      "101",
      "2031-05-29",
      "2031-06-03",
      "Cash",
      ["Checked in", "Checked out"],
      "2031-05-01T08:00:00Z",
    );
    await booking(
      "102",
      "2031-06-05",
      "2031-06-08",
      "Cash",
      ["Checked in", "Checked out"],
      "2031-05-06T08:00:00Z",
    );
    await setRoomPrice(db(), manager.id, await roomId(db(), "102"), 460);
    await booking("102", "2031-06-15", "2031-06-17", "Credit Card", [], "2031-06-01T08:00:00Z");
    await booking(
      "107",
      "2031-06-09",
      "2031-06-09",
      "Cash",
      ["Checked in", "Checked out"],
      "2031-06-08T22:30:00Z",
    );
    await booking("116", "2031-06-28", "2031-07-02", "Mobile Money", [], "2031-06-18T08:00:00Z");
    await reservation(
      "126",
      "2031-06-24",
      "2031-06-27",
      { roomCount: 2, channel: "phone", paymentMethod: "Mobile Money" },
      ["Confirmed"],
      "2031-06-04T08:00:00Z",
    );
    const r3 = await reservation(
      "118",
      "2031-06-30",
      "2031-07-03",
      { roomCount: 1, channel: "walk-in", paymentMethod: "Cash" },
      ["Confirmed"],
      "2031-06-30T06:00:00Z",
    );
    const agreed = await changeRequestPrice(
      db(),
      { kind: "reservation", id: r3 },
      1000,
      "agreed",
      manager.id,
    );
    expect(agreed).toEqual({ kind: "changed", from: 1650, to: 1000 });
    // Not sold: a cancellation (K300 paid, K100 refunded), a no-show (K400 paid, recorded on
    // 1 July at the lodge), a declined and a pending reservation.
    const cancelled = await booking(
      "103",
      "2031-06-12",
      "2031-06-15",
      "Cash",
      ["Cancelled"],
      "2031-06-01T08:00:00Z",
    );
    const noShow = await booking(
      "104",
      "2031-06-20",
      "2031-06-22",
      "Cash",
      ["No-show"],
      "2031-06-02T08:00:00Z",
    );
    const p1 = await db()
      .selectFrom("bookings")
      .select("id")
      .where("roomNumber", "=", "102")
      .where("checkIn", "=", "2031-06-05")
      .executeTakeFirstOrThrow();
    await payment({ kind: "booking", id: p1.id }, "payment", "Cash", 1200, "2031-05-31T22:30:00Z");
    await payment({ kind: "booking", id: cancelled }, "payment", "Cash", 300, "2031-06-10T08:00:00Z");
    await payment({ kind: "booking", id: cancelled }, "refund", "Cash", 100, "2031-06-13T08:00:00Z");
    await payment({ kind: "booking", id: noShow }, "payment", "Mobile Money", 400, "2031-06-30T22:30:00Z");
    const money = { roomCount: 1, channel: "web", paymentMethod: "Cash" } as const;
    await reservation("105", "2031-06-03", "2031-06-05", money, ["Declined"], "2031-06-01T08:00:00Z");
    await reservation("106", "2031-06-25", "2031-06-26", money, [], "2031-06-01T08:00:00Z");
    const closed = await closeRoom(db(), {
      roomId: await roomId(db(), "130"),
      startsOn: "2031-06-10",
      endsOn: "2031-06-20",
      reason: "Repainting",
    });
    if (closed.kind !== "closed") throw new Error("closure refused");
    // Venues: K3,500 for 40 people (levied), K5,000 for 10 (not), a cancelled event, and July.
    await venue("Conference Hall", "2031-06-14", 40, "Confirmed");
    await venue("Garden Pavilion", "2031-06-21", 10, "Confirmed");
    await venue("Poolside Terrace", "2031-06-07", 60, "Cancelled");
    await venue("Conference Hall", "2031-07-01", 30, "Confirmed");
    // June a year earlier: one stay of two nights, K800.
    await booking(
      "101",
      "2030-06-10",
      "2030-06-12",
      "Cash",
      ["Checked in", "Checked out"],
      "2030-06-01T08:00:00Z",
    );
    // Today's tax settings differ from those every request above kept.
    await updateLodgeSettings(db(), { vatRegistered: false, levyRateBp: 200 }, manager.id);
  });

  it("counts occupancy, ADR and RevPAR by night of stay, net of the closure", async () => {
    const nights = await occupancyByNight(db(), JUNE);
    expect(nights).toHaveLength(30);
    const kpis = roomKpis(nights);
    expect(kpis).toMatchObject({ available: 1040, sold: 18, revenue: 7404 });
    expect(kpis.occupancy).toBeCloseTo(18 / 1040, 10);
    expect(kpis.adr).toBeCloseTo(7404 / 18, 10);
    expect(kpis.revpar).toBeCloseTo(7404 / 1040, 10);
    const byNight = Object.fromEntries(nights.map((n) => [n.night, n]));
    expect(byNight["2031-06-01"]).toMatchObject({ available: 35, sold: 1, revenue: 400 });
    expect(byNight["2031-06-09"]).toMatchObject({ available: 35, sold: 1, revenue: 400 });
    expect(byNight["2031-06-10"]).toMatchObject({ available: 34, sold: 0, revenue: 0 });
    expect(byNight["2031-06-19"]).toMatchObject({ available: 34 });
    expect(byNight["2031-06-20"]).toMatchObject({ available: 35, sold: 0 });
    expect(byNight["2031-06-25"]).toMatchObject({ sold: 2, pending: 0, revenue: 700 });
    expect(byNight["2031-06-30"]).toMatchObject({ sold: 2, revenue: 550 + 334 });
    // July gets the rest of the stays across the month end: B's last night, R3's 333 and 333.
    const july = roomKpis(await occupancyByNight(db(), { from: "2031-07-01", until: "2031-08-01" }));
    expect(july).toMatchObject({ sold: 3, revenue: 550 + 333 + 333 });
    // A year earlier.
    expect(roomKpis(await occupancyByNight(db(), { from: "2030-06-01", until: "2030-07-01" }))).toMatchObject(
      {
        available: 1050,
        sold: 2,
        revenue: 800,
      },
    );
  });

  it("shows what is on the books, pending apart", async () => {
    const nights = await occupancyByNight(
      db(),
      { from: "2031-06-24", until: "2031-06-27" },
      ON_THE_BOOKS_STATUSES,
    );
    expect(nights.map((n) => [n.night, n.sold, n.pending])).toEqual([
      ["2031-06-24", 2, 0],
      ["2031-06-25", 2, 1],
      ["2031-06-26", 2, 0],
    ]);
  });

  it("splits room revenue by room type, source and payment method", async () => {
    expect(await roomRevenueBy(db(), JUNE, "roomType")).toEqual([
      // Deluxe: A 800 + P1 1,200 + P2 920 + S 400; Executive: B 1,650 + R3 334.
      { key: "Deluxe", nights: 8, revenue: 3320 },
      { key: "Executive Suite", nights: 4, revenue: 1984 },
      { key: "Mini Suite", nights: 6, revenue: 2100 },
    ]);
    expect(await roomRevenueBy(db(), JUNE, "channel")).toEqual([
      { key: "phone", nights: 6, revenue: 2100 },
      { key: "walk-in", nights: 1, revenue: 334 },
      // The bookings: 800 + 1,200 + 920 + 400 + 1,650.
      { key: "web", nights: 11, revenue: 4970 },
    ]);
    expect(await roomRevenueBy(db(), JUNE, "paymentMethod")).toEqual([
      // Cash: A 800 + P1 1,200 + S 400 + R3 334; Mobile Money: B 1,650 + R2 2,100.
      { key: "Cash", nights: 7, revenue: 2734 },
      { key: "Credit Card", nights: 2, revenue: 920 },
      { key: "Mobile Money", nights: 9, revenue: 3750 },
    ]);
  });

  it("stacks room revenue by type in weeks from Monday", async () => {
    const { types, buckets } = await roomRevenueByTypeAndBucket(db(), JUNE, "week");
    expect(types).toEqual(["Deluxe", "Executive Suite", "Mini Suite"]);
    expect(
      buckets.map((b) => [b.start, b.byType.Deluxe, b.byType["Executive Suite"], b.byType["Mini Suite"]]),
    ).toEqual([
      ["2031-06-01", 400, 0, 0],
      ["2031-06-02", 1600, 0, 0],
      ["2031-06-09", 860, 0, 0],
      ["2031-06-16", 460, 0, 0],
      ["2031-06-23", 0, 1100, 2100],
      ["2031-06-30", 0, 884, 0],
    ]);
    const byMonth = await roomRevenueByTypeAndBucket(
      db(),
      { from: "2031-05-01", until: "2031-08-01" },
      "month",
    );
    expect(byMonth.buckets.map((b) => [b.start, b.byType.Deluxe, b.byType["Executive Suite"]])).toEqual([
      ["2031-05-01", 1200, 0],
      ["2031-06-01", 3320, 1984],
      // July: B's last night 550 + R3's 333 + 333.
      ["2031-07-01", 0, 1216],
    ]);
  });

  it("counts venue revenue, cancellations, no-shows, length of stay, lead time and the ledger", async () => {
    expect(await venueRevenue(db(), JUNE)).toEqual([
      { venue: "Conference Hall", events: 1, people: 40, revenue: 3500, levied: 3500 },
      { venue: "Garden Pavilion", events: 1, people: 10, revenue: 5000, levied: 0 },
      { venue: "Poolside Terrace", events: 0, people: 0, revenue: 0, levied: 0 },
    ]);
    expect(await cancellationsAndNoShows(db(), JUNE)).toEqual([
      { status: "Cancelled", stays: 1, nights: 3, value: 1200, kept: 200 },
      { status: "No-show", stays: 1, nights: 2, value: 800, kept: 400 },
    ]);
    // Arrivals in June: P1 3 nights (lead 30 days), P2 2 (14), S 1 (0: made at 00:30 on the
    // 9th, Lusaka), B 4 (10), R2 3 (20), R3 3 (0): 16 / 6 nights, 74 / 6 days.
    const pattern = await stayPattern(db(), JUNE);
    expect(pattern.arrivals).toBe(6);
    expect(pattern.averageNights).toBeCloseTo(16 / 6, 10);
    expect(pattern.averageLeadDays).toBeCloseTo(74 / 6, 10);
    // The ledger by the lodge's calendar: P1's K1,200 at 00:30 on 1 June counts, the no-show's
    // K400 at 00:30 on 1 July does not.
    expect(await moneyReceived(db(), JUNE)).toEqual([{ method: "Cash", received: 1500, refunded: 100 }]);
  });

  it("works out the month's VAT and levy lines", async () => {
    // The lines each request kept at VAT 16% + levy 1.5% (today's settings, not registered and
    // levy 2%, play no part): VAT round(total × 1600 / 11750), levy round(total × 150 / 11750).
    //   request  total   VAT  levy   June's share (stays across a month end: floor(amount ×
    //                                 (before + within) / total) − floor(amount × before / total))
    //   A        2,000   272   26    before 1,200, within 800: VAT 272 − floor(163.2) = 109,
    //                                levy 26 − floor(15.6) = 11
    //   P1       1,200   163   15    all: 163, 15
    //   P2         920   125   12    all: 125, 12
    //   S          400    54    5    all: 54, 5
    //   B        2,200   300   28    within 1,650: floor(300 × 0.75) = 225, floor(28 × 0.75) = 21
    //   R2       2,100   286   27    all: 286, 27
    //   R3       1,000   136   13    within 334 (taken again on K1,000 at its kept rates):
    //                                floor(45.424) = 45, floor(4.342) = 4
    // Accommodation: VAT 109 + 163 + 125 + 54 + 225 + 286 + 45 = 1,007; levy 11 + 15 + 12 + 5 + 21
    // + 27 + 4 = 95; net 7,404 − 1,007 − 95 = 6,302. Events of 40 people, 3,500 → VAT
    // round(476.6) = 477, levy round(44.7) = 45, net 2,978; the event of 10 people, 5,000 → VAT
    // round(5000 × 1600 / 11600) = 690, no levy, net 4,310. Total gross 15,904, net 13,590,
    // VAT 2,174, levy 140.
    const { lines } = await readTaxReturn(db(), JUNE);
    expect(lines).toEqual([
      { line: "Accommodation", gross: 7404, net: 6302, vat: 1007, levy: 95 },
      { line: "Events of 25 or more people", gross: 3500, net: 2978, vat: 477, levy: 45 },
      { line: "Other events", gross: 5000, net: 4310, vat: 690, levy: 0 },
      { line: "Total", gross: 15904, net: 13590, vat: 2174, levy: 140 },
    ]);
    // July gets the rest of the stays across the month end: B's 550 of 2,200 → VAT 300 − 225 = 75, levy
    // 28 − 21 = 7; R3's 666 → VAT 136 − 45 = 91, levy 13 − 4 = 9; the event of 30 people,
    // K3,500 → 477 and 45. So B and R3 add up to their kept lines over the two months.
    const july = await readTaxReturn(db(), { from: "2031-07-01", until: "2031-08-01" });
    expect(july.lines[0]).toEqual({ line: "Accommodation", gross: 1216, net: 1034, vat: 166, levy: 16 });
    expect(july.lines[1]).toMatchObject({ gross: 3500, vat: 477, levy: 45 });
  });

  it("shows managers the page with the year-earlier comparison, and refuses reception", async () => {
    const page = await outcome(
      reports.loader(
        routeArgs(
          staffGet("/staff/reports?show=month&month=2031-06&compare=1", managerCookie),
          getDatabase().context(),
        ),
      ),
    );
    expect(page.status).toBe(200);
    const data = page.data as Awaited<ReturnType<typeof reports.loader>>;
    expect(data.summary.now).toMatchObject({ available: 1040, sold: 18, revenue: 7404, venueRevenue: 8500 });
    expect(data.summary.before).toMatchObject({ available: 1050, sold: 2, revenue: 800 });
    const refused = await outcome(
      reports.loader(routeArgs(staffGet("/staff/reports", receptionCookie), getDatabase().context())),
    );
    expect(refused.status).toBe(403);
  });

  it("gives on the page the figures each report gives on its own, for weeks and for months", async () => {
    // The second compares with a period it overlaps: each night still counts once in each.
    for (const [period, compareWith] of [
      [JUNE, { from: "2030-06-01", until: "2030-07-01" }],
      [
        { from: "2031-05-01", until: "2031-08-01" },
        { from: "2031-04-01", until: "2031-06-15" },
      ],
    ] as const) {
      const bucket = bucketFor(daysBetween(period.from, period.until));
      const alone = {
        nights: await occupancyByNight(db(), period),
        nightsBefore: await occupancyByNight(db(), compareWith),
        roomTypes: await roomRevenueByTypeAndBucket(db(), period, bucket),
        sources: await roomRevenueBy(db(), period, "channel"),
        methods: await roomRevenueBy(db(), period, "paymentMethod"),
        taxes: await readTaxReturn(db(), period),
      };
      expect(await readPeriodRooms(db(), period, compareWith, bucket)).toEqual(alone);
      // Read in slices of a few nights, cutting stays, weeks and months: every figure adds up.
      for (const sliceNights of [1, 5, 9])
        expect(await readPeriodRooms(db(), period, compareWith, bucket, sliceNights)).toEqual(alone);
      expect(alone.nights.some((night) => night.sold > 0)).toBe(true);
      expect(alone.taxes.lines.some((line) => line.vat > 0)).toBe(true);
    }
  });

  it("says which field is wrong and still shows a report", async () => {
    const page = await outcome(
      reports.loader(
        routeArgs(
          staffGet("/staff/reports?show=range&from=2031-06-10&to=2031-06-01", managerCookie),
          getDatabase().context(),
        ),
      ),
    );
    const data = page.data as Awaited<ReturnType<typeof reports.loader>>;
    expect(data.query.fieldErrors).toEqual({ to: "The last day must be on or after the first day." });
    expect(data.query.period.kind).toBe("month");
  });

  it("downloads every report as CSV with the page's figures", async () => {
    const download = async (list: string, search: string) => {
      const response = await exportCsv.loader(
        routeArgs(staffGet(`/staff/export/${list}${search}`, managerCookie), getDatabase().context(), {
          list,
        }),
      );
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      return parseCsv(await response.text());
    };
    const june = "?show=month&month=2031-06&compare=1";
    const summary = await download("report-summary", june);
    expect(summary[0]).toEqual(["Figure", "June 2031", "June 2030"]);
    const row = (label: string) => summary.find((r) => r[0] === label);
    expect(row("Room-nights available")).toEqual(["Room-nights available", "1040", "1050"]);
    expect(row("Room-nights sold")).toEqual(["Room-nights sold", "18", "2"]);
    expect(row("Occupancy (%)")).toEqual(["Occupancy (%)", "1.7", "0.2"]);
    expect(row("ADR (K)")).toEqual(["ADR (K)", "411.33", "400"]);
    expect(row("RevPAR (K)")).toEqual(["RevPAR (K)", "7.12", "0.76"]);
    const occupancy = await download("report-occupancy", june);
    expect(occupancy[0]).toEqual([
      "Night",
      "Rooms available",
      "Room-nights sold",
      "Occupancy (%)",
      "Room revenue (K)",
    ]);
    expect(occupancy).toHaveLength(31);
    expect(occupancy.find((r) => r[0] === "2031-06-30")).toEqual(["2031-06-30", "35", "2", "5.7", "884"]);
    const taxes = await download("report-taxes", june);
    expect(taxes.at(-1)).toEqual(["Total", "15904", "13590", "2174", "140"]);
    const types = await download("report-room-types", june);
    expect(types).toContainEqual(["2031-06-23", "Mini Suite", "6", "2100"]);
    for (const list of [
      "report-sources",
      "report-payment-methods",
      "report-money-received",
      "report-venues",
      "report-cancellations",
      "report-next-90-days",
    ]) {
      expect((await download(list, june)).length).toBeGreaterThan(1);
    }
    const refused = await outcome(
      exportCsv.loader(
        routeArgs(staffGet(`/staff/export/report-summary${june}`, receptionCookie), getDatabase().context(), {
          list: "report-summary",
        }),
      ),
    );
    expect(refused.status).toBe(403);
  });
});
