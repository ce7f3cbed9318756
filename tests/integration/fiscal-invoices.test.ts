import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import { recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import { loadFolioSheet } from "../../app/features/payments/folios.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import { startFiscalWorker, type FiscalWorker } from "../../app/features/fiscal/fiscal-worker.server.ts";
import { httpVsdcClient } from "../../app/features/fiscal/vsdc-client.server.ts";
import {
  deactivateDevice,
  deviceOverview,
  sendAgain,
} from "../../app/features/fiscal/fiscal-queue.server.ts";
import { fiscalMarkFor } from "../../app/features/fiscal/fiscal-mark.server.ts";
import { mailContent } from "../../app/features/mail/mail-content.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { getKeptPrices } from "../../app/features/pricing/rates.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { book, GUEST } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";
import { startVsdcSimulator, type VsdcSimulator } from "../vsdc-simulator.ts";
import type { FiscalMarkView } from "../../app/features/fiscal/fiscal-mark-view.ts";
import { action as myBooking } from "~/routes/my-booking.tsx";
import { args, formPost } from "./route-calls.ts";

// Fiscal tax invoices (decisions.md 37, ADR 0029) against the VSDC simulator, on both engines:
// queued in the settling transaction, sent once each (down, lost answers, two instances), credit
// notes naming their invoice, and nothing at all without a device.

const DEVICE = { tpin: "1002003004", bhfId: "000", dvcSrlNo: "VSDC-TEST-0001" };
const SETTINGS = { tpin: DEVICE.tpin, branchId: DEVICE.bhfId, deviceSerial: DEVICE.dvcSrlNo };

describeEachEngine("fiscal invoices", (getDatabase) => {
  // One VSDC per database: each is its own device, numbering from 1.
  let vsdc: VsdcSimulator;
  beforeAll(async () => {
    vsdc = await startVsdcSimulator(DEVICE);
  });
  const workers: FiscalWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await vsdc.stop();
  });

  /** A worker that has made its first pass: the device is active from here on. */
  async function worker(timeoutMs = 5_000): Promise<FiscalWorker> {
    const { db } = getDatabase();
    const started = startFiscalWorker({
      database: async () => db,
      settings: SETTINGS,
      client: httpVsdcClient(vsdc.url, { timeoutMs }),
      // The tests run passes themselves; a failed attempt is due again at once.
      pollMs: 3_600_000,
      baseDelayMs: 1,
      maxDelayMs: 1,
    });
    workers.push(started);
    await started.runOnce();
    return started;
  }

  let day = 0;
  /** A booking checked in and out, paid in cash; its id. */
  async function settledStay(db: DB, paid = 200): Promise<string> {
    day += 3;
    const from = addDays("2032-01-01", day);
    const booked = await book(db, "101", from, addDays(from, 2));
    if (booked.kind !== "booked") throw new Error(`not booked: ${booked.kind}`);
    const id = booked.booking.id;
    await recordPayment(db, { kind: "booking", id }, { kind: "payment", method: "Cash", amount: paid });
    for (const to of ["Checked in", "Checked out"] as const)
      expect((await changeStayStatus(db, "booking", id, to, { actor: "staff" })).kind).toBe("changed");
    return id;
  }

  const docs = (db: DB) => db.selectFrom("fiscalDocuments").selectAll().orderBy("invoiceNo").execute();

  /** The folio's and each receipt's fiscal marks as the guest sees them online on /my-booking. */
  async function guestView(db: DB, id: string) {
    const { reference } = await db
      .selectFrom("bookings")
      .select("reference")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const answer = (await myBooking(
      args(
        formPost("/my-booking", { reference, email: GUEST.email, intent: "folio" }),
        getDatabase().context(),
      ),
    )) as { data: { fiscal: { folio: FiscalMarkView; receipts: Record<string, FiscalMarkView> } } };
    return answer.data.fiscal;
  }

  it("queues nothing and keeps saying 'not a fiscal tax invoice' without a device", async () => {
    const { db } = getDatabase();
    const id = await settledStay(db);
    expect(await docs(db)).toEqual([]);
    expect(await fiscalMarkFor(db, { kind: "booking", id })).toEqual({ state: "none", buyer: null });
  });

  it("fiscalises a checked-out stay once, with ZRA's number, signature and QR code on the folio", async () => {
    const { db } = getDatabase();
    const sender = await worker();
    await sender.runOnce();
    const before = vsdc.sales.length;
    const id = await settledStay(db, 150);
    // Queued by the check-out's own transaction, before any worker looked.
    const [queued] = await docs(db);
    expect(queued).toMatchObject({
      kind: "sale",
      requestId: id,
      status: "pending",
      invoiceNo: expect.anything(),
    });
    expect(Number(queued?.invoiceNo)).toBe(1);
    expect((await fiscalMarkFor(db, { kind: "booking", id })).state).toBe("pending");

    await sender.runOnce();
    const [sent] = await docs(db);
    expect(sent?.status).toBe("sent");
    expect(vsdc.sales.length).toBe(before + 1);
    const sale = vsdc.sales.at(-1)!;
    const sheet = await loadFolioSheet(db, { kind: "booking", id });
    expect(sale.body).toMatchObject({ cisInvcNo: "1", rcptTyCd: "S", pmtTyCd: "01", tpin: DEVICE.tpin });
    expect(sale.body.totAmt).toBe(sheet!.folio.total);
    expect(sent?.rcptNo).toBe(String(sale.receipt.rcptNo));

    // The guest looking online first is not a print: staff's first print is the original.
    const looked = await guestView(db, id);
    expect(looked.folio).toMatchObject({ state: "sent", copy: false });
    expect(Object.values(looked.receipts).map((mark) => mark.state === "sent" && mark.copy)).toEqual([false]);
    const first = await fiscalMarkFor(db, { kind: "booking", id }, { print: true });
    expect(first).toMatchObject({ state: "sent", rcptNo: String(sale.receipt.rcptNo), copy: false });
    if (first.state !== "sent") throw new Error("not sent");
    expect(first.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(first.rcptSign).toBe(sale.receipt.rcptSign);
    const reprint = await fiscalMarkFor(db, { kind: "booking", id }, { print: true });
    expect(reprint).toMatchObject({ state: "sent", copy: true });
    // Printed twice by staff, the guest's online view still never says COPY, nor counts.
    const again = await guestView(db, id);
    expect(again.folio).toMatchObject({ state: "sent", copy: false });
    expect(Object.values(again.receipts).every((mark) => mark.state === "sent" && !mark.copy)).toBe(true);
    const [counted] = (await docs(db)).filter((row) => row.requestId === id);
    expect(counted?.prints).toBe(2);
    // The guest's copy, written with ZRA's answer.
    const mail = await db
      .selectFrom("outbox")
      .select(["recipient", "subject"])
      .where("template", "=", "fiscal-document")
      .where("requestId", "=", id)
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe(GUEST.email);
    expect(mail.subject).toContain(`Your tax invoice ${sale.receipt.rcptNo} (ZRA)`);
    const content = mailContent(
      JSON.parse(
        JSON.stringify(
          (
            await db
              .selectFrom("outbox")
              .select("payload")
              .where("template", "=", "fiscal-document")
              .where("requestId", "=", id)
              .executeTakeFirstOrThrow()
          ).payload,
        ),
      ),
      { siteOrigin: "https://lodge.example" },
    );
    expect(content.details).toContainEqual({ label: "Receipt signature", value: sale.receipt.rcptSign });
  });

  it("keeps bills queued while the VSDC is down, then fiscalises each once", async () => {
    const { db } = getDatabase();
    const sender = await worker();
    await vsdc.down();
    const ids = [await settledStay(db), await settledStay(db), await settledStay(db)];
    await sender.runOnce();
    await sender.runOnce();
    const waiting = (await docs(db)).filter((doc) => ids.includes(doc.requestId));
    expect(waiting.map((doc) => doc.status)).toEqual(["pending", "pending", "pending"]);
    expect(waiting[0]?.lastError).toMatch(/VSDC not reached/);
    const overview = await deviceOverview(db);
    expect(overview.pending).toBe(3);
    expect(overview.device?.lastError).toMatch(/VSDC not reached/);
    // Only the first was sent (twice); the others waited behind it untried.
    expect(waiting.map((doc) => doc.attempts)).toEqual([2, 0, 0]);
    expect(waiting.slice(1).every((doc) => doc.lastError?.startsWith("not tried"))).toBe(true);

    await vsdc.up();
    const before = vsdc.sales.length;
    await sender.runOnce();
    const done = (await docs(db)).filter((doc) => ids.includes(doc.requestId));
    expect(done.map((doc) => doc.status)).toEqual(["sent", "sent", "sent"]);
    expect(vsdc.sales.length).toBe(before + 3);
    const numbers = vsdc.sales.slice(before).map((sale) => sale.body.cisInvcNo);
    expect(new Set(numbers).size).toBe(3);
    expect(done.map((doc) => doc.attempts)).toEqual([3, 1, 1]);
  });

  it("retries after a lost answer with the same number, and ZRA keeps one sale", async () => {
    const { db } = getDatabase();
    const sender = await worker(300);
    const id = await settledStay(db);
    const calls = vsdc.saleCalls;
    const before = vsdc.sales.length;
    vsdc.loseNextAnswer(1_000);
    await sender.runOnce();
    let [doc] = (await docs(db)).filter((row) => row.requestId === id);
    expect(doc?.status).toBe("pending");
    expect(vsdc.sales.length).toBe(before + 1);

    await sender.runOnce();
    [doc] = (await docs(db)).filter((row) => row.requestId === id);
    expect(doc?.status).toBe("sent");
    expect(vsdc.saleCalls).toBe(calls + 2);
    // The VSDC answered the retry as a duplicate with the first receipt: one sale only.
    expect(vsdc.sales.length).toBe(before + 1);
    expect(doc?.rcptNo).toBe(String(vsdc.sales.at(-1)!.receipt.rcptNo));
  });

  it("waits for a slow VSDC that answers within the timeout", async () => {
    const { db } = getDatabase();
    const sender = await worker(5_000);
    const id = await settledStay(db);
    vsdc.delayMs = 300;
    try {
      await sender.runOnce();
    } finally {
      vsdc.delayMs = 0;
    }
    const [doc] = (await docs(db)).filter((row) => row.requestId === id);
    expect(doc).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("turns a refund after invoicing into a credit note naming the invoice", async () => {
    const { db } = getDatabase();
    const sender = await worker();
    const id = await settledStay(db, 600);
    await sender.runOnce();
    const refund = await recordPayment(
      db,
      { kind: "booking", id },
      { kind: "refund", method: "Cash", amount: 100 },
    );
    await sender.runOnce();
    const rows = (await docs(db)).filter((row) => row.requestId === id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["sale", "sent"],
      ["credit", "sent"],
    ]);
    const credit = vsdc.sales.at(-1)!;
    expect(credit.body).toMatchObject({
      rcptTyCd: "R",
      orgInvcNo: Number(rows[0]?.rcptNo),
      rfdRsnCd: "06",
      totAmt: 100,
    });
    const mark = await fiscalMarkFor(db, { kind: "booking", id }, { paymentId: refund!.id });
    expect(mark).toMatchObject({
      state: "sent",
      title: "Credit note",
      original: { rcptNo: rows[0]?.rcptNo },
    });
  });

  it("keeps a refused document for a manager, and sends it again when asked", async () => {
    const { db } = getDatabase();
    const sender = await worker();
    const id = await settledStay(db);
    await sender.runOnce();
    const [sale] = (await docs(db)).filter((row) => row.requestId === id);
    // A correction that leaves the body inconsistent: the VSDC refuses it (910).
    const bad = { ...(sale!.payload as Record<string, unknown>), cisInvcNo: "X-broken", totAmt: 1 };
    const refund = await recordPayment(
      db,
      { kind: "booking", id },
      { kind: "refund", method: "Cash", amount: 50 },
    );
    const [credit] = (await docs(db)).filter((row) => row.paymentId === refund!.id);
    await db
      .updateTable("fiscalDocuments")
      .set({ payload: JSON.stringify(bad), total: 50 })
      .where("id", "=", credit!.id)
      .execute();
    await sender.runOnce();
    const [failed] = (await docs(db)).filter((row) => row.id === credit!.id);
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed?.lastError).toMatch(/910/);
    expect((await deviceOverview(db)).failed).toBeGreaterThanOrEqual(1);
    expect((await fiscalMarkFor(db, { kind: "booking", id }, { paymentId: refund!.id })).state).toBe(
      "failed",
    );
    // The manager has the body put right, then sends it again.
    await db.updateTable("fiscalDocuments").set({ payload: null }).where("id", "=", credit!.id).execute();
    expect(await sendAgain(db, credit!.id)).toBe(true);
    await sender.runOnce();
    const [resent] = (await docs(db)).filter((row) => row.id === credit!.id);
    expect(resent?.status).toBe("sent");
  });

  it("sends each document once with two instances at once, and numbers without gaps", async () => {
    const { db } = getDatabase();
    const a = await worker();
    const b = await worker();
    for (let i = 0; i < 4; i += 1) await settledStay(db);
    const calls = vsdc.saleCalls;
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(vsdc.saleCalls).toBe(calls + 4);
    const all = await docs(db);
    expect(all.every((doc) => doc.status !== "pending")).toBe(true);
    expect(all.map((doc) => Number(doc.invoiceNo))).toEqual(all.map((_, i) => i + 1));
  });

  it("does not use up an invoice number when the settling transaction rolls back", async () => {
    const { db } = getDatabase();
    const before = await docs(db);
    day += 3;
    const from = addDays("2032-01-01", day);
    const booked = await book(db, "101", from, addDays(from, 2));
    if (booked.kind !== "booked") throw new Error("not booked");
    await db
      .updateTable("bookings")
      .set({ status: "Checked in" })
      .where("id", "=", booked.booking.id)
      .execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable("bookings")
          .set({ status: "Checked out" })
          .where("id", "=", booked.booking.id)
          .execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const id = await settledStay(db);
    const after = await docs(db);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.requestId).toBe(id);
    expect(Number(after.at(-1)?.invoiceNo)).toBe(before.length + 1);
  });

  it("fiscalises a venue booking on its day, once", async () => {
    const { db } = getDatabase();
    const sender = await worker();
    const venue = await db.selectFrom("venues").selectAll().executeTakeFirstOrThrow();
    const saved = await insertVenueBooking(db, {
      name: GUEST.name,
      email: GUEST.email,
      phone: GUEST.phone,
      paymentMethod: GUEST.paymentMethod,
      submissionId: null,
      venueId: venue.id,
      venueName: venue.venue,
      totalPrice: venue.price,
      bookingDate: lodgeToday(),
      numberOfPeople: 30,
      status: "Confirmed",
    });
    if (saved.kind !== "saved") throw new Error("not saved");
    await Promise.all([sender.runOnce(), sender.runOnce()]);
    const rows = (await docs(db)).filter((row) => row.requestKind === "venue-booking");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("sent");
    expect(vsdc.sales.at(-1)!.body.totAmt).toBe(venue.price);
  });

  it("gives every settled folio exactly one fiscal invoice whose totals are the folio's", async () => {
    const { db } = getDatabase();
    const sender = await worker();
    await updateLodgeSettings(db, { vatRegistered: true }, null);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ nights: fc.integer({ min: 1, max: 4 }), paid: fc.integer({ min: 0, max: 3_000 }) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        async (stays) => {
          const ids: string[] = [];
          for (const { nights, paid } of stays) {
            day += 5;
            const from = addDays("2032-01-01", day);
            const booked = await book(db, "101", from, addDays(from, nights));
            if (booked.kind !== "booked") throw new Error(`not booked: ${booked.kind}`);
            const id = booked.booking.id;
            if (paid > 0)
              await recordPayment(
                db,
                { kind: "booking", id },
                { kind: "payment", method: "Cash", amount: paid },
              );
            for (const to of ["Checked in", "Checked out"] as const)
              await changeStayStatus(db, "booking", id, to, { actor: "staff" });
            ids.push(id);
          }
          await sender.runOnce();
          for (const id of ids) {
            const sales = (await docs(db)).filter((row) => row.requestId === id && row.kind === "sale");
            expect(sales).toHaveLength(1);
            expect(sales[0]?.status).toBe("sent");
            const body = sales[0]?.payload as { totAmt: number; taxAmtA: number; taxAmtTl: number };
            const sheet = await loadFolioSheet(db, { kind: "booking", id });
            const kept = await getKeptPrices(db, "booking", id);
            expect(body.totAmt).toBe(sheet!.folio.total);
            expect(body.taxAmtA).toBe(kept.taxes.find((tax) => tax.kind === "vat")?.amount ?? 0);
            expect(body.taxAmtTl).toBe(kept.taxes.find((tax) => tax.kind === "levy")?.amount ?? 0);
          }
        },
      ),
      { numRuns: 5 },
    );
  });

  it("queues nothing new once the settings are gone", async () => {
    const { db } = getDatabase();
    await deactivateDevice(db);
    const before = (await docs(db)).length;
    await settledStay(db);
    expect(await docs(db)).toHaveLength(before);
  });
});
