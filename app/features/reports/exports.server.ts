import { inBackOfficeLane } from "~/shared/db/back-office.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import type { StaffRole } from "~/shared/db/schema.ts";
import {
  listBoard,
  listInboxSlice,
  listToday,
  type InboxCursor,
  type InboxFilter,
  type StayRow,
} from "~/features/desk/inbox.server.ts";
import { listOutboxSlice, type OutboxCursor } from "~/features/mail/outbox.server.ts";
import { billsFor } from "~/features/pricing/rates.server.ts";
import { listClosures } from "~/features/stays/room-closures.server.ts";
import { listRooms } from "~/features/stays/rooms.server.ts";
import { listStaffAccounts } from "~/features/staff/staff-accounts.server.ts";
import { listVenues } from "~/features/venues/venues.server.ts";
import { addDays, lodgeToday } from "~/shared/dates.ts";
import { INBOX_KIND_LABELS, parseInboxQuery } from "~/features/desk/inbox-filter.ts";
import { readBoardRange, readOutboxStatus } from "~/features/staff/staff-list-filters.ts";
import { REPORT_EXPORTS } from "./report-exports.server.ts";

/**
 * Every list of the staff console as CSV for the accountant, as the page shows it
 * filtered: each export reads the same query parameters as its page and lists every matching
 * row, not one page of them. `role` is who may download it, the same as who may open the page.
 */
export interface ListExport {
  role: StaffRole | "any";
  /** The file, or why its filters cannot be read: the message the page shows beside the field. */
  read(db: DB, params: URLSearchParams): Promise<ListFile | { refused: string }>;
}

export interface ListFile {
  name: string;
  header: string[];
  /** The rows, or their slices as they are read (a list that grows with history). */
  rows: unknown[][] | AsyncIterable<unknown[][]>;
}

const stayColumns = ["Kind", "Reference", "Name", "Phone", "Room", "Type", "Check-in", "Check-out", "Status"];
const stayCells = (stay: StayRow) => [
  INBOX_KIND_LABELS[stay.kind],
  stay.reference,
  stay.name,
  stay.phone,
  stay.roomNumber,
  stay.roomType,
  stay.checkIn,
  stay.checkOut,
  stay.status,
];

/**
 * How many requests the export reads per query: with the bills of each slice, tens of
 * milliseconds on the embedded database, which is as long as a guest's query waits behind an
 * export of ten years (it runs one query at a time); the response holds one slice at a time
 * (export-response.server.ts).
 */
const EXPORT_SLICE_ROWS = 100;

const REQUESTS_HEADER = [
  "Received",
  "Kind",
  "Reference",
  "Name",
  "E-mail",
  "Phone",
  "Status",
  "Details",
  "Total (K)",
  "Of which VAT (K)",
  "Of which tourism levy (K)",
];

/**
 * A long list read in keyset slices: `readSlice` answers the rows after a cursor (null: from the
 * start) and the cursor of its last row, or null after the last slice; `cells` makes the CSV rows
 * of one slice. One short query per slice, read only when the response asks for it
 * (export-response.server.ts), so other queries get in between and memory holds one slice. Each
 * slice and each `cells` takes its turn in the back office's lane, behind the other exports and
 * reports.
 */
async function* keysetSlices<Row, Cursor>(
  db: DB,
  readSlice: (after: Cursor | null) => Promise<{ rows: Row[]; next: Cursor | null }>,
  cells: (rows: Row[]) => Promise<unknown[][]> | unknown[][],
): AsyncGenerator<unknown[][]> {
  let after: Cursor | null = null;
  do {
    const from = after;
    const slice: { rows: Row[]; next: Cursor | null } = await inBackOfficeLane(db, () => readSlice(from));
    yield await inBackOfficeLane(db, async () => cells(slice.rows));
    after = slice.next;
  } while (after !== null);
}

/** Every request the filter matches, newest first, one slice of `sliceRows` at a time. */
function requestRows(db: DB, filter: InboxFilter, sliceRows: number): AsyncGenerator<unknown[][]> {
  return keysetSlices(
    db,
    (after: InboxCursor | null) => listInboxSlice(db, filter, after, sliceRows),
    async (rows) => {
      // The bill each request keeps: its total and the taxes it contains.
      const bills = await billsFor(db, rows);
      return rows.map((row) => {
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
      });
    },
  );
}

/** The requests' export, read `sliceRows` at a time (a parameter for the tests). */
export function requestsExport(sliceRows = EXPORT_SLICE_ROWS): ListExport {
  return {
    role: "any",
    read(db, params) {
      const query = parseInboxQuery(params);
      const refused = query.errors.from ?? query.errors.to;
      if (refused) return Promise.resolve({ refused });
      return Promise.resolve({
        name: "requests",
        header: REQUESTS_HEADER,
        rows: requestRows(db, query, sliceRows),
      });
    },
  };
}

/** The outbox's export (every mail, or those of one status), read `sliceRows` at a time. */
export function outboxExport(sliceRows = EXPORT_SLICE_ROWS): ListExport {
  return {
    role: "any",
    read(db, params) {
      const status = readOutboxStatus(params.get("status"));
      return Promise.resolve({
        name: status ? `outbox-${status}` : "outbox",
        header: ["Written", "Sent", "To", "Subject", "Status", "Attempts", "Last error"],
        rows: keysetSlices(
          db,
          (after: OutboxCursor | null) => listOutboxSlice(db, status, after, sliceRows),
          (mails) =>
            mails.map((mail) => [
              mail.createdAt,
              mail.sentAt,
              mail.recipient ?? "The lodge's inbox",
              mail.subject,
              mail.status,
              mail.attempts,
              mail.lastError,
            ]),
        ),
      });
    },
  };
}

export const LIST_EXPORTS: Record<string, ListExport> = {
  requests: requestsExport(),
  today: {
    role: "any",
    async read(db) {
      const today = lodgeToday();
      const { arrivals, departures, inHouse } = await listToday(db, today);
      const section = (list: string, stays: StayRow[]) => stays.map((stay) => [list, ...stayCells(stay)]);
      return {
        name: "today",
        header: ["List", ...stayColumns],
        rows: [
          ...section("Arrivals", arrivals),
          ...section("Departures", departures),
          ...section("In house", inHouse),
        ],
      };
    },
  },
  board: {
    role: "any",
    async read(db, params) {
      const { start, until, error } = readBoardRange(params, lodgeToday());
      if (error) return { refused: error };
      const [rooms, bars] = await Promise.all([listRooms(db, lodgeToday()), listBoard(db, start, until)]);
      const byId = new Map(rooms.map((room) => [room.id, room]));
      return {
        name: `room-board-from-${start}`,
        header: ["Room", "Type", "Kind", "Guest or reason", "Status", "First night", "Until"],
        rows: bars.map((bar) => [
          byId.get(bar.roomId)?.roomNumber ?? bar.roomId,
          byId.get(bar.roomId)?.type ?? "",
          bar.kind === "closure"
            ? "Out of service"
            : bar.kind === "channel"
              ? "Calendar sync"
              : INBOX_KIND_LABELS[bar.kind],
          bar.label,
          bar.status,
          addDays(start, bar.startDay),
          addDays(start, bar.startDay + bar.nights),
        ]),
      };
    },
  },
  rooms: {
    role: "manager",
    async read(db) {
      const today = lodgeToday();
      const rooms = await listRooms(db, today);
      return {
        name: "rooms",
        header: ["Room", "Type", "Nightly rate (K)", `Tonight (${today})`],
        rows: rooms.map((room) => [room.roomNumber, room.type, room.price, room.status]),
      };
    },
  },
  closures: {
    role: "manager",
    async read(db) {
      const [rooms, closures] = await Promise.all([listRooms(db, lodgeToday()), listClosures(db)]);
      const numbers = new Map(rooms.map((room) => [room.id, room.roomNumber]));
      return {
        name: "out-of-service",
        header: ["Room", "First day out", "Back in service", "Reason"],
        rows: closures.map((closure) => [
          numbers.get(closure.roomId) ?? closure.roomId,
          closure.startsOn,
          closure.endsOn ?? "until further notice",
          closure.reason,
        ]),
      };
    },
  },
  venues: {
    role: "manager",
    async read(db) {
      const venues = await listVenues(db);
      return {
        name: "venues",
        header: ["Venue", "Price per event (K)"],
        rows: venues.map((venue) => [venue.venue, venue.price]),
      };
    },
  },
  accounts: {
    role: "manager",
    async read(db) {
      // Never a password hash or a token: the view has neither.
      const accounts = await listStaffAccounts(db);
      return {
        name: "staff-accounts",
        header: ["Name", "E-mail", "Role", "State", "Created"],
        rows: accounts.map((account) => [
          account.name,
          account.email,
          account.role,
          account.disabledAt ? "Disabled" : account.hasPassword ? "Active" : "Invited",
          account.createdAt,
        ]),
      };
    },
  },
  outbox: outboxExport(),
  ...REPORT_EXPORTS,
};
