import { sql } from "kysely";
import { expect, it } from "vitest";
import { postCharge } from "../../app/features/extras/extras.server.ts";
import { changeRequestPrice } from "../../app/features/desk/price-change.server.ts";
import { recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { readKeptReportsPage, readReportsVersion } from "../../app/features/reports/report-cache.server.ts";
import { readReportQuery } from "../../app/features/reports/report-period.ts";
import { readReportsPage } from "../../app/features/reports/reports.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { createStaff } from "./staff-support.ts";
import { book } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// The reports page is kept per reports version: every change a figure reads moves the version in
// the database, so the kept page is never older than the data, whoever made the change.

describeEachEngine("the reports page kept per reports version", (getDatabase) => {
  const db = () => getDatabase().db;
  const today = lodgeToday();
  const query = readReportQuery(new URLSearchParams(`month=${today.slice(0, 7)}&compare=1`), today);

  /** The kept page equals one read afresh: the figures a manager sees are today's. */
  async function expectFresh() {
    const keptPage = await readKeptReportsPage(db(), query, today);
    expect(keptPage).toEqual(await readReportsPage(db(), query, today));
    return keptPage;
  }

  it("keeps the page while nothing changes, and reads it again after each change a figure reads", async () => {
    const manager = await createStaff(db(), "manager");
    const first = await expectFresh();
    // Nothing changed: the same page, not read again.
    expect(await readKeptReportsPage(db(), query, today)).toBe(first);

    // A stay arriving today, booked, then in house.
    const booked = await book(db(), "104", today, addDays(today, 2));
    if (booked.kind !== "booked") throw new Error(booked.kind);
    const stay = { kind: "booking" as const, id: booked.booking.id };
    expect((await expectFresh()).summary.now.sold).toBeGreaterThan(first.summary.now.sold);
    // In house, as the desk leaves it (the steps' own rules are the desk's tests').
    await db().updateTable("bookings").set({ status: "Checked in" }).where("id", "=", stay.id).execute();
    await expectFresh();

    // A payment, then a refund.
    await recordPayment(db(), stay, { kind: "payment", method: "Cash", amount: 800 });
    const paid = await expectFresh();
    expect(paid.money).toContainEqual({ method: "Cash", received: 800, refunded: 0 });
    await recordPayment(db(), stay, { kind: "refund", method: "Cash", amount: 300 });
    expect((await expectFresh()).money).toContainEqual({ method: "Cash", received: 800, refunded: 300 });

    // A charge on the folio.
    const extra = await db()
      .selectFrom("extras")
      .select("id")
      .where("name", "=", "Bar")
      .executeTakeFirstOrThrow();
    const charge = await postCharge(db(), stay, { extraId: extra.id, quantity: 2 }, manager.id);
    expect(typeof charge).toBe("object");
    const charged = await expectFresh();
    expect(charged.extras.reduce((sum, line) => sum + line.lines, 0)).toBe(
      paid.extras.reduce((sum, line) => sum + line.lines, 0) + 1,
    );

    // The stay's rate: staff agree another total.
    const before = charged.summary.now.revenue;
    const agreed = await changeRequestPrice(db(), stay, 1000, "agreed", manager.id);
    expect(agreed.kind).toBe("changed");
    expect((await expectFresh()).summary.now.revenue).not.toBe(before);

    // The lodge's tax settings (the levy and VAT lines say today's rates).
    await updateLodgeSettings(db(), { vatRegistered: false, levyRateBp: 200 }, manager.id);
    expect((await expectFresh()).taxes.levyRateBp).toBe(200);

    // A change written by another instance, straight into the database: the version still moves.
    const version = await readReportsVersion(db());
    await sql`update bookings set status = 'Checked out' where id = ${stay.id}::uuid`.execute(db());
    await expectFresh();

    // Another stay booked, then cancelled as staff do it.
    const other = await book(db(), "105", today, addDays(today, 1));
    if (other.kind !== "booked") throw new Error(other.kind);
    const withOther = await expectFresh();
    const cancelled = await changeStayStatus(db(), "booking", other.booking.id, "Cancelled", {
      actor: "staff",
    });
    expect(cancelled.kind).toBe("changed");
    expect((await expectFresh()).summary.now.sold).toBe(withOther.summary.now.sold - 1);
    expect(await readReportsVersion(db())).not.toBe(version);
    await expectFresh();
  });

  it("moves the version once for a transaction that writes many rows", async () => {
    const version = Number(await readReportsVersion(db()));
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const amount of [10, 20, 30]) {
          await sql`insert into payments (kind, method, amount, booking_id)
            select 'payment', 'Cash', ${amount}, id from bookings limit 1`.execute(trx);
        }
      });
    expect(Number(await readReportsVersion(db()))).toBe(version + 1);
    // A read moves nothing.
    await readReportsPage(db(), query, today);
    expect(Number(await readReportsVersion(db()))).toBe(version + 1);
  });

  it("reads the nights on the books once for every period, and again after a change", async () => {
    const other = readReportQuery(new URLSearchParams(`month=${addDays(today, -400).slice(0, 7)}`), today);
    const first = await readKeptReportsPage(db(), query, today);
    const second = await readKeptReportsPage(db(), other, today);
    expect(second.forward).toBe(first.forward);
    const booked = await book(db(), "105", addDays(today, 3), addDays(today, 5));
    if (booked.kind !== "booked") throw new Error(booked.kind);
    const after = await readKeptReportsPage(db(), other, today);
    expect(after.forward).not.toBe(first.forward);
    expect(after).toEqual(await readReportsPage(db(), other, today));
  });
});
