import type { DB } from "~/shared/db/client.server.ts";
import type { StaffRole } from "~/shared/db/schema.ts";
import { listBoard, listInbox, listToday, type StayRow } from "~/features/desk/inbox.server.ts";
import { listOutbox } from "~/features/mail/outbox.server.ts";
import { billsFor } from "~/features/pricing/rates.server.ts";
import { listClosures } from "~/features/stays/room-closures.server.ts";
import { listRooms } from "~/features/stays/rooms.server.ts";
import { listStaffAccounts } from "~/features/staff/staff-accounts.server.ts";
import { listVenues } from "~/features/venues/venues.server.ts";
import { addDays, lodgeToday } from "~/shared/dates.ts";
import { INBOX_KIND_LABELS, parseInboxQuery } from "~/features/desk/inbox-filter.ts";
import { readBoardRange, readOutboxStatus } from "~/features/staff/staff-list-filters.ts";
import { REPORT_EXPORTS } from "./reports.server.ts";

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
  rows: unknown[][];
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

export const LIST_EXPORTS: Record<string, ListExport> = {
  requests: {
    role: "any",
    async read(db, params) {
      const query = parseInboxQuery(params);
      const refused = query.errors.from ?? query.errors.to;
      if (refused) return { refused };
      const { rows } = await listInbox(db, query, 1, null);
      // The bill each request keeps: its total and the taxes it contains.
      const bills = await billsFor(db, rows);
      return {
        name: "requests",
        header: [
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
        ],
        rows: rows.map((row) => [
          new Date(row.createdAt).toISOString(),
          INBOX_KIND_LABELS[row.kind],
          row.reference,
          row.name,
          row.email,
          row.phone,
          row.status,
          row.summary,
          bills.get(`${row.kind}:${row.id}`)?.total ?? "",
          bills.get(`${row.kind}:${row.id}`)?.vat ?? "",
          bills.get(`${row.kind}:${row.id}`)?.levy ?? "",
        ]),
      };
    },
  },
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
  outbox: {
    role: "any",
    async read(db, params) {
      const status = readOutboxStatus(params.get("status"));
      const { rows } = await listOutbox(db, { status, pageSize: 100_000 });
      return {
        name: status ? `outbox-${status}` : "outbox",
        header: ["Written", "Sent", "To", "Subject", "Status", "Attempts", "Last error"],
        rows: rows.map((mail) => [
          mail.createdAt,
          mail.sentAt,
          mail.recipient ?? "The lodge's inbox",
          mail.subject,
          mail.status,
          mail.attempts,
          mail.lastError,
        ]),
      };
    },
  },
  ...REPORT_EXPORTS,
};
