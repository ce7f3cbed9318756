import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

// The values the database's CHECK constraints allow, and the rules and pages read them here.

/** Room bookings and reservations. */
export const STAY_STATUSES = [
  // A room booking whose deposit is being paid online: it holds the room until its payment is
  // confirmed or its hold expires (decisions.md 33, ADR 0018).
  "Awaiting payment",
  "Pending",
  "Confirmed",
  "Checked in",
  "Checked out",
  "Cancelled",
  "Declined",
  "No-show",
] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

/** Venue bookings: one event on one day, nothing to check in or out of. */
export const VENUE_BOOKING_STATUSES = ["Pending", "Confirmed", "Cancelled", "Declined"] as const;
export type VenueBookingStatus = (typeof VENUE_BOOKING_STATUSES)[number];

/** Who made a change, as the history records it. */
export const HISTORY_ACTORS = ["guest", "system", "staff"] as const;
export type HistoryActor = (typeof HISTORY_ACTORS)[number];

/** The kinds of request the lodge receives that have a history. */
export const REQUEST_KINDS = ["booking", "reservation", "venue-booking", "contact-message"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** How a guest says they will pay (the spec's payment methods, shown as they are). */
export const PAYMENT_METHODS = ["Cash", "Mobile Money", "Credit Card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a rate rule changes the night's price. */
export const RATE_RULE_KINDS = ["fixed", "percent", "amount"] as const;
export type RateRuleKind = (typeof RATE_RULE_KINDS)[number];

/** The taxes a bill carries. */
export type TaxKind = "vat" | "levy";

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
  reportsVersion: DataVersionTable;
  staffAccounts: StaffAccountTable;
  staffSessions: StaffSessionTable;
  staffTokens: StaffTokenTable;
  staffLoginAttempts: StaffLoginAttemptTable;
  staffAudit: StaffAuditTable;
  payments: PaymentTable;
  lodgeSettings: LodgeSettingsTable;
  rateRules: RateRuleTable;
  stayRules: StayRuleTable;
  requestNights: RequestNightTable;
  requestTaxLines: RequestTaxLineTable;
  extras: ExtraTable;
  folioCharges: FolioChargeTable;
  stayRooms: StayRoomTable;
  paymentAttempts: PaymentAttemptTable;
  paymentWebhookEvents: PaymentWebhookEventTable;
  listCounts: ListCountTable;
  staffSubmissions: StaffSubmissionTable;
  channelExports: ChannelExportTable;
  channelFeeds: ChannelFeedTable;
  channelBlocks: ChannelBlockTable;
  channelConflicts: ChannelConflictTable;
  roomHousekeeping: RoomHousekeepingTable;
  roomHousekeepingHistory: RoomHousekeepingHistoryTable;
  housekeepingMornings: HousekeepingMorningTable;
  fiscalDevice: FiscalDeviceTable;
  fiscalItems: FiscalItemTable;
  fiscalDocuments: FiscalDocumentTable;
}

/** A timestamp the database sets (its own clock, decisions.md point 3). */
type ServerTimestamp = ColumnType<Date, never, never>;
/** A `date` column: read and written as 'YYYY-MM-DD'. */
type IsoDate = ColumnType<string, string, string>;

/**
 * A room's status and current booking are not stored: they are derived from the stays that hold
 * it tonight (decisions.md 24, app/features/stays/rooms.server.ts).
 */
interface RoomTable {
  id: Generated<number>;
  roomNumber: string;
  type: string;
  price: number;
  /** Adults the nightly rate covers; each adult beyond pays `adultSupplement` a night (ADR 0031). */
  coveredAdults: ColumnType<number, number | undefined, number>;
  adultSupplement: ColumnType<number, number | undefined, number>;
  /** A night's supplement for each child. */
  childSupplement: ColumnType<number, number | undefined, number>;
  lastUpdated: ColumnType<Date, never, Date | string>;
  createdAt: ServerTimestamp;
}

interface VenueTable {
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
  /** Null only for a request staff entered at the desk for a guest without one (channel not web). */
  email: string | null;
  phone: string;
  paymentMethod: PaymentMethod;
  status: Status;
  message: string | null;
  /** Where the request came from: the web forms, a phone call, a guest at the door. */
  channel: ColumnType<RequestChannel, RequestChannel | undefined, RequestChannel>;
  createdAt: ServerTimestamp;
  /**
   * The business a fiscal tax invoice is made out to (its ZRA TPIN, ten digits, and name), both
   * or neither; null: a walk-in buyer. Fixed once the folio has a tax invoice (ADR 0029).
   */
  buyerTpin: ColumnType<string | null, string | null | undefined, string | null>;
  buyerName: ColumnType<string | null, string | null | undefined, string | null>;
}

export const REQUEST_CHANNELS = ["web", "phone", "walk-in"] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

/**
 * The hold of a deposit paid online (ADR 0018): the same columns on bookings and on reservations
 * (migration 2026-11-25-9-reservation-deposits), so the payment code reads either table alike.
 */
interface DepositHoldColumns {
  /** While `Awaiting payment`: when the hold ends unless the deposit is confirmed. */
  paymentDueBy: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set when the hold expired unpaid and the room was released. */
  paymentExpiredAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 (hex) of the token in the payment page's address. */
  payTokenHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The deposit asked online, in kwacha, fixed when the booking was made. */
  depositAmount: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Room bookings (the Room Booking dialog and the room tab of /booking). */
interface BookingTable extends GuestRequestColumns<StayStatus>, DepositHoldColumns {
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
  /** The first night in its current room, after a move from tonight; null: from its check-in. */
  roomFrom: ColumnType<string | null, string | null | undefined, string | null>;
  bookingDate: ServerTimestamp;
  timestamp: ServerTimestamp;
}

interface VenueBookingTable extends GuestRequestColumns<VenueBookingStatus> {
  venueId: number;
  venueName: string;
  bookingDate: IsoDate;
  numberOfPeople: number;
  totalPrice: number;
}

export const RESERVATION_SOURCES = ["booking-page", "reservation-page"] as const;
type ReservationSource = (typeof RESERVATION_SOURCES)[number];

interface ReservationTable extends GuestRequestColumns<StayStatus>, DepositHoldColumns {
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
  /** The first night in its current room, after a move from tonight; null: from its check-in. */
  roomFrom: ColumnType<string | null, string | null | undefined, string | null>;
  timestamp: ServerTimestamp;
}

/** An address counts as subscribed once confirmed and until it leaves (decisions.md 28). */
interface NewsletterSubscriptionTable {
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
  /**
   * Name and e-mail joined by a line feed, lower-cased, kept by the database (a stored generated
   * column: never written) for the inbox's search (migration 2026-11-25-9-message-search-text).
   */
  searchText: ColumnType<string, never, never>;
}

export const CONTACT_MESSAGE_STATUSES = ["New", "Handled"] as const;
type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const STAFF_ROLES = ["manager", "reception", "housekeeping"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who may sign in to the staff console (decisions.md 26). */
interface StaffAccountTable {
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
interface StaffSessionTable {
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
interface StaffTokenTable {
  id: ColumnType<string, never, never>;
  tokenHash: string;
  purpose: StaffTokenPurpose;
  staffAccountId: number | null;
  createdAt: ServerTimestamp;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A failed sign-in, for the rate limit per e-mail and per address. */
interface StaffLoginAttemptTable {
  id: ColumnType<string, never, never>;
  email: string;
  address: string;
  at: ServerTimestamp;
}

export type StaffAuditSubject =
  "room" | "venue" | "closure" | "account" | "outbox" | "settings" | "payment" | "rates";

/** Staff changes that are not a request's status: prices, venues, closures, accounts, mails. */
interface StaffAuditTable {
  id: ColumnType<string, never, never>;
  /** Null for a change made from the command line (or by the server itself). */
  staffAccountId: number | null;
  subject: StaffAuditSubject;
  subjectId: string;
  change: string;
  at: ServerTimestamp;
}

/** A period a room is out of service: [startsOn, endsOn), open-ended while endsOn is null. */
interface RoomClosureTable {
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
interface RoomHoldTable {
  id: ColumnType<string, never, never>;
  roomId: ColumnType<number, never, never>;
  nights: ColumnType<string, never, never>;
  bookingId: ColumnType<string | null, never, never>;
  reservationId: ColumnType<string | null, never, never>;
  closureId: ColumnType<number | null, never, never>;
  channelBlockId: ColumnType<string | null, never, never>;
}

/** Every change of a request's status (and other staff changes), oldest first per request. */
interface RequestHistoryTable {
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

/**
 * How many rows the staff console's lists hold, per key (`requests`: `<kind>:<status>`;
 * `outbox`: the mail's status). Kept by triggers (migration 2026-11-25-5-history-indexes).
 */
interface ListCountTable {
  list: "requests" | "outbox";
  key: string;
  n: ColumnType<string, never, never>;
}

/** Who a mail is for: the lodge's inbox is resolved when it is sent (LODGE_INBOX). */
export type MailAudience = "guest" | "lodge" | "subscriber";
export type OutboxStatus = "pending" | "sent" | "failed";
export type OutboxRequestKind = RequestKind | "newsletter";

/** One mail on its way (decisions.md 27, ADR 0012). */
interface OutboxTable {
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

export const LEDGER_METHODS = ["Cash", "Mobile Money", "Credit Card", "Bank Transfer"] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];
export type LedgerKind = "payment" | "refund";

/**
 * Money received or refunded for one request (decisions.md 33; migration 2026-11-25-1): exactly
 * one of the three request ids is set. `amount` is whole kwacha, positive; `kind` says which way.
 * A provider's record names its reference (unique: a confirmation delivered twice records once).
 */
interface PaymentTable {
  id: ColumnType<string, never, never>;
  bookingId: string | null;
  reservationId: string | null;
  venueBookingId: string | null;
  kind: LedgerKind;
  method: LedgerMethod;
  amount: number;
  /** The mobile-money transaction id, card slip or bank reference staff typed in. */
  transactionId: string | null;
  provider: string | null;
  providerReference: string | null;
  staffAccountId: number | null;
  note: string | null;
  at: ColumnType<Date, Date | undefined, never>;
}

export const DEPOSIT_POLICIES = ["none", "percent", "first-night"] as const;
type DepositPolicy = (typeof DEPOSIT_POLICIES)[number];

/** The manager's settings that the bill and the deposit follow: one row. Rates in basis points. */
export interface LodgeSettingsTable {
  id: ColumnType<boolean, never, never>;
  vatRegistered: boolean;
  vatRateBp: number;
  levyRateBp: number;
  depositPolicy: DepositPolicy;
  depositPercent: number;
  freeCancellationDays: number;
  paymentHoldMinutes: number;
  updatedAt: ColumnType<Date, never, Date>;
  updatedBy: number | null;
}

// --- Prices that follow the calendar (decisions.md 31-32, migration 2026-11-25-2-rates, ADR 0017) ---

/** Columns a rate rule and a stay rule share: which room types and nights it covers. */
interface CalendarRuleColumns {
  id: Generated<number>;
  name: string;
  /** Room types it applies to; empty: every type. */
  roomTypes: ColumnType<string[], string[] | undefined, string[]>;
  /** First night covered. */
  startsOn: IsoDate;
  /** Last night covered (inclusive). */
  endsOn: IsoDate;
  staffAccountId: number | null;
  createdAt: ServerTimestamp;
}

/** A fixed nightly price, or a change by percent or kwacha, for some nights (app/features/pricing/rates.ts). */
interface RateRuleTable extends CalendarRuleColumns {
  /** ISO weekdays (1 Monday … 7 Sunday) it covers; empty: every night. */
  weekdays: ColumnType<number[], number[] | undefined, number[]>;
  kind: RateRuleKind;
  value: number;
  /** The rule's own supplements a night (extra adult, child); null: the room's. */
  adultSupplement: ColumnType<number | null, number | null | undefined, number | null>;
  childSupplement: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Minimum and maximum nights and arrival days, in force for stays arriving in its range. */
interface StayRuleTable extends CalendarRuleColumns {
  minNights: number | null;
  maxNights: number | null;
  /** ISO weekdays on which no stay may arrive. */
  closedToArrival: ColumnType<number[], number[] | undefined, number[]>;
}

/**
 * The nights of a room booking or reservation as they were priced when it was made: exactly one
 * of `bookingId` and `reservationId` is set, one row per night of stay. `price` is what the night
 * costs on that request, all its rooms together (taxes included): a request's nights sum to its
 * `totalPrice`, also after staff change the price (spread over the nights). `rule` names the
 * rules that priced the night ('Festive season + Weekend'), null for the base rate. Reports read
 * room revenue by night of stay from here (filter the request's status on its own table).
 */
interface RequestNightTable {
  id: ColumnType<string, never, never>;
  bookingId: string | null;
  reservationId: string | null;
  night: IsoDate;
  price: number;
  rule: string | null;
  /** The part of `price` that is supplements for extra adults and children (ADR 0031). */
  supplement: ColumnType<number, number | undefined, number>;
}

/**
 * A tax contained in a request's total (decisions.md 32): one row per kind per request, exactly
 * one request id set. `rateBp` is the rate it was taken at (1600 = 16%); `amount` whole kwacha,
 * round(total × rate ÷ (1 + sum of the request's rates)). No VAT row when the lodge was not
 * registered; no levy row on venue bookings under 25 people.
 */
interface RequestTaxLineTable {
  id: ColumnType<string, never, never>;
  bookingId: string | null;
  reservationId: string | null;
  venueBookingId: string | null;
  kind: TaxKind;
  rateBp: number;
  amount: number;
}

export type RateRuleRow = Selectable<RateRuleTable>;
export type StayRuleRow = Selectable<StayRuleTable>;

export const PAYMENT_ATTEMPT_STATUSES = ["created", "pending", "successful", "failed", "abandoned"] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
export type MobileMoneyOperator = "mtn" | "airtel";
export type PaymentAttemptMethod = "Mobile Money" | "Credit Card";

/** One request for money to the payment provider (migration 2026-11-25-4, ADR 0018). */
interface PaymentAttemptTable {
  id: ColumnType<string, never, never>;
  /** The stay it pays for: exactly one of the two is set (migration 2026-11-25-9). */
  bookingId: string | null;
  reservationId: string | null;
  /** Ours, stored before the provider is called. */
  reference: string;
  provider: string;
  providerReference: string | null;
  /** Credit Card: paid in the provider's hosted widget (migration 2026-11-25-7). */
  method: PaymentAttemptMethod;
  amountNgwee: number;
  currency: ColumnType<string, string | undefined, string>;
  /** The mobile-money number and operator; null for a card (nothing of it reaches us). */
  phone: string | null;
  operator: MobileMoneyOperator | null;
  status: ColumnType<PaymentAttemptStatus, PaymentAttemptStatus | undefined, PaymentAttemptStatus>;
  failureReason: string | null;
  refundDue: ColumnType<boolean, boolean | undefined, boolean>;
  /** Under way, waiting for the one-time code the provider sent the guest (migration 2026-11-25-8). */
  otpRequired: ColumnType<boolean, boolean | undefined, boolean>;
  checks: ColumnType<number, number | undefined, number>;
  nextCheckAt: ColumnType<Date, Date | undefined, Date>;
  createdAt: ServerTimestamp;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

/** A verified webhook body seen once (by its SHA-256), and what it did. */
interface PaymentWebhookEventTable {
  id: ColumnType<string, never, never>;
  provider: string;
  bodySha256: string;
  event: string;
  reference: string | null;
  outcome: string;
  receivedAt: ServerTimestamp;
}

export type PaymentAttempt = Selectable<PaymentAttemptTable>;
export type Payment = Selectable<PaymentTable>;
export type LodgeSettings = Selectable<LodgeSettingsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type Room = Selectable<RoomTable>;
export type RoomClosure = Selectable<RoomClosureTable>;
export type RequestHistoryEntry = Selectable<RequestHistoryTable>;
export type Venue = Selectable<VenueTable>;
export type Booking = Selectable<BookingTable>;
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
/** data_version and reports_version: one row, moved at commit by triggers. */
interface DataVersionTable {
  id: ColumnType<boolean, never, never>;
  version: ColumnType<string, never, never>;
}

interface RateLimitCounterTable {
  key: string;
  hits: number;
  resetsAt: ColumnType<Date, Date, Date>;
}
export type StaffAccount = Selectable<StaffAccountTable>;

/**
 * A console form that wrote something, once per key (migration 2026-11-27-1-staff-submissions,
 * app/features/staff/staff-submissions.server.ts): where its answer went and the notice it showed.
 */
interface StaffSubmissionTable {
  id: ColumnType<string, never, never>;
  key: string;
  staffAccountId: number;
  location: string;
  notice: ColumnType<Record<string, unknown>, string | undefined, string>;
  createdAt: ServerTimestamp;
}

/** A room's own calendar feed: its secret token (migration 2026-11-27-5-channels). */
interface ChannelExportTable {
  roomId: number;
  token: string;
  bodySha256: string | null;
  changedAt: ColumnType<Date, Date | undefined, Date>;
  rotatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Another channel's calendar feed of a room, and how its sync went. */
interface ChannelFeedTable {
  id: Generated<number>;
  roomId: number;
  name: string;
  url: string;
  createdAt: ServerTimestamp;
  claimedUntil: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lastAttemptAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lastSuccessAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lastError: string | null;
  lastErrorAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  eventCount: Generated<number>;
  remoteEtag: string | null;
  remoteLastModified: string | null;
}

/** One event of a channel's feed; it holds its room on the ledger while `holds`. */
interface ChannelBlockTable {
  id: ColumnType<string, never, never>;
  feedId: number;
  roomId: number;
  uid: string;
  startsOn: IsoDate;
  endsOn: IsoDate;
  kind: "booking" | "unavailable";
  summary: string;
  details: string;
  holds: boolean;
  missingSince: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: ServerTimestamp;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

/** A channel's booking that arrived for nights already held here: raised once. */
interface ChannelConflictTable {
  id: ColumnType<string, never, never>;
  blockId: string;
  startsOn: IsoDate;
  endsOn: IsoDate;
  createdAt: ServerTimestamp;
  resolvedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A room's housekeeping state (decisions.md 38, ADR 0026). */
export const HOUSEKEEPING_STATES = ["Clean", "Dirty", "Inspected", "Out of order"] as const;
export type HousekeepingState = (typeof HOUSEKEEPING_STATES)[number];

/** Each room's current housekeeping state, one row per room (its own table: see the migration). */
interface RoomHousekeepingTable {
  roomId: number;
  state: HousekeepingState;
  note: string | null;
  staffAccountId: number | null;
  changedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  closureId: number | null;
}

/** Every change of a room's housekeeping state, written by the database's trigger. */
interface RoomHousekeepingHistoryTable {
  id: ColumnType<string, never, never>;
  roomId: number;
  fromState: HousekeepingState | null;
  toState: HousekeepingState;
  staffAccountId: number | null;
  note: string | null;
  at: ServerTimestamp;
}

/** The lodge days whose stay-over change has been made, once each. */
interface HousekeepingMorningTable {
  day: IsoDate;
  rooms: Generated<number>;
  at: ServerTimestamp;
}
/** The VSDC this branch is provisioned with (decisions.md 37, ADR 0029): at most one row. */
interface FiscalDeviceTable {
  id: number;
  tpin: string;
  branchId: string;
  deviceSerial: string;
  active: boolean;
  activeSince: IsoDate;
  nextInvoiceNo: ColumnType<string, string | number | undefined, string | number>;
  initialisedAt: Date | null;
  sdcId: string | null;
  mrcNo: string | null;
  lastContactAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

interface FiscalItemTable {
  itemCode: string;
  registeredAt: ServerTimestamp;
}

export type FiscalDocumentKind = "sale" | "credit";
export type FiscalStatus = "pending" | "sent" | "failed";

/** A tax invoice or credit note: the queue's row and, once sent, ZRA's answer. */
interface FiscalDocumentTable {
  id: ColumnType<string, never, never>;
  invoiceNo: ColumnType<string, string | number, never>;
  kind: FiscalDocumentKind;
  requestKind: "booking" | "reservation" | "venue-booking";
  requestId: string;
  originalId: string | null;
  paymentId: string | null;
  reasonCode: string | null;
  payload: ColumnType<unknown, string | null, string | null>;
  total: ColumnType<string | null, number | null, number | null>;
  status: ColumnType<FiscalStatus, FiscalStatus | undefined, FiscalStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: ColumnType<Date, Date | undefined, Date>;
  lockedUntil: Date | null;
  claimToken: string | null;
  lastError: string | null;
  createdAt: ServerTimestamp;
  fiscalisedAt: Date | null;
  rcptNo: string | null;
  intrlData: string | null;
  rcptSign: string | null;
  vsdcDate: string | null;
  sdcId: string | null;
  mrcNo: string | null;
  qrUrl: string | null;
  prints: ColumnType<number, number | undefined, number>;
  /** A corrected folio's new tax invoice: the invoice it replaces (credited before it). */
  replacesId: string | null;
  /** A tax invoice replaced by a correction; the request's current one has none. */
  supersededAt: Date | null;
}
export type FiscalDocumentRow = Selectable<FiscalDocumentTable>;
export type FiscalDeviceRow = Selectable<FiscalDeviceTable>;
/** How an extra is counted over a stay (decisions.md 38). */
export const EXTRA_BASES = ["item", "night", "person", "person-night"] as const;
export type ExtraBasis = (typeof EXTRA_BASES)[number];
/** Which of the lodge's taxes an extra carries (app/features/extras/extra-pricing.ts). */
export const TAX_CATEGORIES = ["accommodation", "food", "services", "events"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** The manager's catalogue of extras; prices in ngwee, taxes included (decisions.md 32). */
interface ExtraTable {
  id: Generated<number>;
  name: string;
  priceNgwee: number;
  basis: ExtraBasis;
  taxCategory: TaxCategory;
  active: Generated<boolean>;
  createdAt: ServerTimestamp;
}

/**
 * One extra or charge on a request's bill, kept as sold: name, unit price, quantity, amount and
 * the taxes it contains, in ngwee. Exactly one request id set. A voided line keeps its row.
 */
interface FolioChargeTable {
  id: ColumnType<string, never, never>;
  bookingId: string | null;
  reservationId: string | null;
  venueBookingId: string | null;
  extraId: number | null;
  name: string;
  basis: ExtraBasis;
  taxCategory: TaxCategory;
  unitPriceNgwee: number;
  quantity: number;
  amountNgwee: number;
  vatRateBp: number;
  vatNgwee: number;
  levyRateBp: number;
  levyNgwee: number;
  source: "guest" | "staff";
  note: string | null;
  staffAccountId: number | null;
  postedAt: ServerTimestamp;
  voidedAt: Date | null;
  voidReason: string | null;
  voidedBy: number | null;
}

/**
 * A room a stay left when staff moved it from tonight (migration 2026-11-28-4-stay-rooms): the
 * nights spent there, first night to the night of the move. Exactly one request id set.
 */
interface StayRoomTable {
  id: ColumnType<string, never, never>;
  bookingId: string | null;
  reservationId: string | null;
  roomId: number;
  roomNumber: string;
  startsOn: IsoDate;
  endsOn: IsoDate;
  createdAt: ServerTimestamp;
}

export type ExtraRow = Selectable<ExtraTable>;
export type FolioChargeRow = Selectable<FolioChargeTable>;
