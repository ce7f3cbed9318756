import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { seedHistory } from "../../bench/history-seed.ts";
import { listInbox } from "../../app/features/desk/inbox.server.ts";
import { INBOX_KIND_LABELS } from "../../app/features/desk/inbox-filter.ts";
import { billsFor } from "../../app/features/pricing/rates.server.ts";
import {
  EXPORTS_AT_ONCE,
  EXPORTS_BUSY,
  exportResponse,
} from "../../app/features/reports/export-response.server.ts";
import { listOutbox } from "../../app/features/mail/outbox.server.ts";
import { outboxExport, requestsExport, type ListFile } from "../../app/features/reports/exports.server.ts";
import { listRooms } from "../../app/features/stays/rooms.server.ts";
import { toCsv } from "../../app/shared/csv.ts";
import { lodgeToday } from "../../app/shared/dates.ts";
import * as exportCsv from "~/routes/staff/export.ts";
import { describeEachEngine } from "./test-database.ts";
import { createStaff, routeArgs, signedIn, staffGet } from "./staff-support.ts";

// The requests' export reads a few hundred rows per query and streams each slice as it comes
// (app/features/reports/export-response.server.ts): the same bytes as the whole list read at
// once, other queries get in between the slices, and a flood of exports is refused, not queued.

const SMALL = { years: 1, bookings: 240, reservations: 90, venueBookings: 20, messages: 40, subscribers: 60 };

describeEachEngine("exports in slices", (getDatabase) => {
  const db = () => getDatabase().db;

  beforeAll(async () => {
    await seedHistory(db(), SMALL);
    // Messages sharing one instant: the slices must cut between rows of the same created_at.
    await sql`insert into contact_messages (name, email, subject, message)
      select 'Guest ' || n, 'guest' || n || '@example.com', 'Same instant', 'Hello'
      from generate_series(1, 45) n`.execute(db());
  }, 120_000);

  /** The export as it was made before it was sliced: every row in one query, one string. */
  async function wholeList(): Promise<string> {
    const { rows } = await listInbox(db(), {}, 1, null);
    const bills = await billsFor(db(), rows);
    const header = (await requestsExport().read(db(), new URLSearchParams())) as ListFile;
    return toCsv(
      header.header,
      rows.map((row) => {
        const bill = bills.get(`${row.kind}:${row.id}`);
        return [
          new Date(row.createdAt).toISOString(),
          INBOX_KIND_LABELS[row.kind],
          row.reference,
          row.name,
          row.email,
          row.phone,
          row.status,
          row.summary,
          bill?.total ?? "",
          bill?.vat ?? "",
          bill?.levy ?? "",
        ];
      }),
    );
  }

  async function sliced(sliceRows: number, params = new URLSearchParams()): Promise<Response> {
    const file = (await requestsExport(sliceRows).read(db(), params)) as ListFile;
    return exportResponse(file, "requests.csv");
  }

  it("streams the same bytes as the whole list read at once, whatever the slice", async () => {
    const whole = new TextEncoder().encode(await wholeList());
    for (const size of [7, 300, 100_000]) {
      const bytes = new Uint8Array(await (await sliced(size)).arrayBuffer());
      expect(Buffer.compare(bytes, whole), `slices of ${size}`).toBe(0);
    }
    // Filters still apply, slice by slice.
    const reservations = await (await sliced(9, new URLSearchParams({ kind: "reservation" }))).text();
    const lines = reservations.trimEnd().split("\r\n").slice(1);
    expect(lines.length).toBe(SMALL.reservations);
    expect(new Set(lines.map((line) => line.split(",")[1]))).toEqual(
      new Set([INBOX_KIND_LABELS.reservation]),
    );
  });

  it("streams the outbox in slices too: the same bytes as the whole list, mails of one instant cut right", async () => {
    const whole = async (status?: "sent" | "pending") => {
      const { rows } = await listOutbox(db(), { status, pageSize: 1_000_000 });
      return toCsv(
        ["Written", "Sent", "To", "Subject", "Status", "Attempts", "Last error"],
        rows.map((mail) => [
          mail.createdAt,
          mail.sentAt,
          mail.recipient ?? "The lodge's inbox",
          mail.subject,
          mail.status,
          mail.attempts,
          mail.lastError,
        ]),
      );
    };
    const sliced = async (size: number, search = "") => {
      const file = (await outboxExport(size).read(db(), new URLSearchParams(search))) as ListFile;
      // Bytes, as the download's: text() would drop the byte-order mark.
      return Buffer.from(await (await exportResponse(file, "outbox.csv")).arrayBuffer());
    };
    const all = await whole();
    // The seed writes a guest's and the lodge's mail of a request at one instant.
    expect(all.split("\r\n").length).toBeGreaterThan(SMALL.bookings);
    for (const size of [7, 300]) expect((await sliced(size)).toString("utf8"), `slices of ${size}`).toBe(all);
    expect((await sliced(11, "status=sent")).toString("utf8")).toBe(await whole("sent"));
  });

  it("lets a guest's query in between two slices", async () => {
    const reader = (await sliced(20)).body!.getReader();
    await reader.read(); // the header
    await reader.read(); // the first slice
    let read = 0;
    let readWhenAnswered: number | null = null;
    const guest = listRooms(db(), lodgeToday()).then(() => {
      readWhenAnswered = read;
    });
    while (!(await reader.read()).done) read += 1;
    await guest;
    // The guest waited for the slice under way (and its bills), not for the rest of the list.
    expect(read).toBeGreaterThan(10);
    expect(readWhenAnswered).not.toBeNull();
    expect(readWhenAnswered).toBeLessThanOrEqual(2);
  });

  it("refuses an export beyond EXPORTS_AT_ONCE with a 503, and takes one again once a place is free", async () => {
    const manager = await createStaff(db(), "manager");
    const { cookie } = await signedIn(db(), manager.id);
    const download = async () =>
      (await exportCsv.loader(
        routeArgs(staffGet("/staff/export/requests", cookie), getDatabase().context(), { list: "requests" }),
      )) as Response;
    const under = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE }, download));
    try {
      expect(under.map((response) => response.status)).toEqual(under.map(() => 200));
      const refused = await download();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("5");
      expect(await refused.text()).toBe(EXPORTS_BUSY);
      // A client that goes away frees its place; one that reads to the end frees its own.
      await under[0]!.body!.cancel();
      const next = await download();
      expect(next.status).toBe(200);
      expect((await next.text()).startsWith("Received,")).toBe(true);
      expect((await under[1]!.text()).length).toBeGreaterThan(1000);
    } finally {
      for (const response of under) if (!response.bodyUsed) await response.body?.cancel();
    }
  });
});
