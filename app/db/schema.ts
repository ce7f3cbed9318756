import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { PaymentMethod } from "~/lib/messages.ts";
import type { HistoryActor, RequestKind, StayStatus, VenueBookingStatus } from "~/lib/stay-lifecycle.ts";

/**
 * The database as the application sees it. Columns are snake_case in SQL and
 * camelCase here (Kysely's CamelCasePlugin translates).
 * Field names follow the specification's collections (spec section 3).
 */
export interface Database {
  rooms: RoomTable;
  venues: VenueTable;
  bookings: BookingTable;
  venueBookings: VenueBookingTable;
  reservations: ReservationTable;
  newsletterSubscriptions: NewsletterSubscriptionTable;
  contactMessages: ContactMessageTable;
  roomClosures: RoomClosureTable;
  roomHolds: RoomHoldTable;
  requestHistory: RequestHistoryTable;
  outbox: OutboxTable;
  rateLimitCounters: RateLimitCounterTable;
  dataVersion: DataVersionTable;
  staffAccounts: StaffAccountTable;
  staffSessions: StaffSessionTable;
  staffTokens: StaffTokenTable;
  staffLoginAttempts: StaffLoginAttemptTable;
  staffAudit: StaffAuditTable;
}

/** A timestamp the database sets (its own clock, decisions.md point 3). */
type ServerTimestamp = ColumnType<Date, never, never>;
/** A `date` column: read and written as 'YYYY-MM-DD'. */
type IsoDate = ColumnType<string, string, string>;

/**
 * A room's status and current booking are not stored: they are derived from the stays that hold
 * it tonight (decisions.md 24, app/db/rooms.server.ts).
 */
export interface RoomTable {
  id: Generated<number>;
  roomNumber: string;
  type: string;
  price: number;
  lastUpdated: ColumnType<Date, never, Date | string>;
  createdAt: ServerTimestamp;
}

export interface VenueTable {
  id: Generated<number>;
  /** The venue's name (the specification's field is called `venue`). */
  venue: string;
  price: number;
  createdAt: ServerTimestamp;
}

/** Fields every guest request carries. */
interface GuestRequestColumns<Status extends string> {
  id: Generated<string>;
  /** Short, unguessable reference shown to the guest (decisions.md point 10). */
  reference: string;
  /** One per rendered form: a repeated submission finds the first one. */
  submissionId: string | null;
  name: string;
  email: string;
  phone: string;
  paymentMethod: PaymentMethod;
  status: Status;
  message: string | null;
  createdAt: ServerTimestamp;
}

/** Room bookings (the Room Booking dialog and the room tab of /booking). */
export interface BookingTable extends GuestRequestColumns<StayStatus> {
  roomId: number;
  roomNumber: string;
  roomType: string;
  selectedRoom: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  adults: number;
  children: number;
  /** Adults plus children, kept as text as the specification has it. */
  numberOfPeople: string;
  guestCount: string;
  /** The nightly rate. */
  price: number;
  totalPrice: number;
  bookingDate: ServerTimestamp;
  timestamp: ServerTimestamp;
}

export interface VenueBookingTable extends GuestRequestColumns<VenueBookingStatus> {
  venueId: number;
  venueName: string;
  bookingDate: IsoDate;
  numberOfPeople: number;
  totalPrice: number;
}

export const RESERVATION_SOURCES = ["booking-page", "reservation-page"] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

export interface ReservationTable extends GuestRequestColumns<StayStatus> {
  source: ReservationSource;
  roomId: number;
  roomNumber: string;
  roomType: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  adults: number;
  children: number;
  numberOfPeople: number;
  roomCount: number;
  price: number;
  totalPrice: number;
  timestamp: ServerTimestamp;
}

/** An address counts as subscribed once confirmed and until it leaves (decisions.md 28). */
export interface NewsletterSubscriptionTable {
  id: Generated<number>;
  email: string;
  /** SHA-256 (hex) of the token in the latest confirmation link; null once confirmed. */
  confirmTokenHash: string | null;
  confirmSentAt: Date | null;
  confirmedAt: Date | null;
  /** In every mail to the subscriber (one-click unsubscribe, RFC 8058). */
  unsubscribeToken: string;
  unsubscribedAt: Date | null;
  createdAt: ServerTimestamp;
}

export interface ContactMessageTable {
  id: Generated<number>;
  submissionId: string | null;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  /** New until staff mark it handled (migration 2026-11-23-3-staff-console). */
  status: ColumnType<ContactMessageStatus, ContactMessageStatus | undefined, ContactMessageStatus>;
  createdAt: ServerTimestamp;
}

export const CONTACT_MESSAGE_STATUSES = ["New", "Handled"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const STAFF_ROLES = ["manager", "reception"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who may sign in to the staff console (decisions.md 26). */
export interface StaffAccountTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  /** argon2id PHC string; null until an invited person has chosen a password. */
  passwordHash: string | null;
  disabledAt: Date | null;
  createdAt: ServerTimestamp;
}

/** A signed-in browser: only the SHA-256 of its cookie's token is kept. */
export interface StaffSessionTable {
  id: ColumnType<string, never, never>;
  tokenHash: string;
  staffAccountId: number;
  createdAt: ServerTimestamp;
  lastSeenAt: ColumnType<Date, never, Date>;
  expiresAt: Date;
  revokedAt: Date | null;
}

export type StaffTokenPurpose = "setup" | "invitation" | "reset";

/** A one-time link: first-manager setup, an invitation or a password reset. */
export interface StaffTokenTable {
  id: ColumnType<string, never, never>;
  tokenHash: string;
  purpose: StaffTokenPurpose;
  staffAccountId: number | null;
  createdAt: ServerTimestamp;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A failed sign-in, for the rate limit per e-mail and per address. */
export interface StaffLoginAttemptTable {
  id: ColumnType<string, never, never>;
  email: string;
  address: string;
  at: ServerTimestamp;
}

export type StaffAuditSubject = "room" | "venue" | "closure" | "account" | "outbox";

/** Staff changes that are not a request's status: prices, venues, closures, accounts, mails. */
export interface StaffAuditTable {
  id: ColumnType<string, never, never>;
  /** Null for a change made from the command line (or by the server itself). */
  staffAccountId: number | null;
  subject: StaffAuditSubject;
  subjectId: string;
  change: string;
  at: ServerTimestamp;
}

/** A period a room is out of service: [startsOn, endsOn), open-ended while endsOn is null. */
export interface RoomClosureTable {
  id: Generated<number>;
  roomId: number;
  startsOn: IsoDate;
  endsOn: IsoDate | null;
  reason: string;
  staffAccountId: number | null;
  createdAt: ServerTimestamp;
}

/**
 * The ledger of held nights, one row per holding stay or closure. Written only by the database's
 * triggers (migration 2026-11-23-1-stays); the application reads it. `nights` is a daterange
 * such as '[2026-12-01,2026-12-03)'.
 */
export interface RoomHoldTable {
  id: ColumnType<string, never, never>;
  roomId: ColumnType<number, never, never>;
  nights: ColumnType<string, never, never>;
  bookingId: ColumnType<string | null, never, never>;
  reservationId: ColumnType<string | null, never, never>;
  closureId: ColumnType<number | null, never, never>;
}

/** Every change of a request's status (and other staff changes), oldest first per request. */
export interface RequestHistoryTable {
  id: ColumnType<string, never, never>;
  requestKind: RequestKind;
  requestId: string;
  fromStatus: string | null;
  toStatus: string | null;
  actor: HistoryActor;
  staffAccountId: number | null;
  note: string | null;
  at: ServerTimestamp;
}

/** Who a mail is for: the lodge's inbox is resolved when it is sent (LODGE_INBOX). */
export type MailAudience = "guest" | "lodge" | "subscriber";
export type OutboxStatus = "pending" | "sent" | "failed";
export type OutboxRequestKind = RequestKind | "newsletter";

/** One mail on its way (decisions.md 27, ADR 0012). */
export interface OutboxTable {
  id: ColumnType<string, never, never>;
  template: string;
  audience: MailAudience;
  recipient: string | null;
  subject: string;
  /** What the template needs; the mail is rendered when it is sent. */
  payload: ColumnType<unknown, string, string>;
  /** Fixed when written, so a mail sent twice after a crash has one Message-ID. */
  messageId: ColumnType<string, never, never>;
  requestKind: OutboxRequestKind | null;
  requestId: string | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, never, number>;
  nextAttemptAt: ColumnType<Date, never, Date>;
  retryFrom: ColumnType<Date, never, Date>;
  lockedUntil: ColumnType<Date | null, never, Date | null>;
  claimToken: ColumnType<string | null, never, string | null>;
  lastError: ColumnType<string | null, never, string | null>;
  sentAt: ColumnType<Date | null, never, Date | null>;
  createdAt: ServerTimestamp;
}

export type OutboxRow = Selectable<OutboxTable>;
export type NewsletterSubscription = Selectable<NewsletterSubscriptionTable>;
export type Room = Selectable<RoomTable>;
export type RoomClosure = Selectable<RoomClosureTable>;
export type RequestHistoryEntry = Selectable<RequestHistoryTable>;
export type Venue = Selectable<VenueTable>;
export type Booking = Selectable<BookingTable>;
export type NewBooking = Insertable<BookingTable>;
export type VenueBooking = Selectable<VenueBookingTable>;
export type NewVenueBooking = Insertable<VenueBookingTable>;
export type Reservation = Selectable<ReservationTable>;
export type NewReservation = Insertable<ReservationTable>;
export type ContactMessage = Selectable<ContactMessageTable>;

/** Write rate-limit hits per client key and window (server/rate-limit-store.ts). */
/**
 * One row: a number that moves at the commit of every change a public page may show (migration
 * 2026-11-24-1-data-version); the page cache keys database pages by it.
 */
export interface DataVersionTable {
  id: ColumnType<boolean, never, never>;
  version: ColumnType<string, never, never>;
}

export interface RateLimitCounterTable {
  key: string;
  hits: number;
  resetsAt: ColumnType<Date, Date, Date>;
}
export type StaffAccount = Selectable<StaffAccountTable>;
export type StaffAuditEntry = Selectable<StaffAuditTable>;
