import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { PaymentMethod } from "~/lib/messages.ts";

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
}

/** A timestamp the database sets (its own clock, decisions.md point 3). */
type ServerTimestamp = ColumnType<Date, never, never>;
/** A `date` column: read and written as 'YYYY-MM-DD'. */
type IsoDate = ColumnType<string, string, string>;

export const ROOM_STATUSES = ["Available", "Occupied"] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export const BOOKING_STATUSES = ["Occupied", "Pending"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a room remembers of the booking that occupies it. */
export interface CurrentBooking {
  bookingId: string;
  reference: string;
  checkIn: string;
  checkOut: string;
  createdAt: string;
  guestName: string;
  phone: string;
}

export interface RoomTable {
  id: Generated<number>;
  roomNumber: string;
  type: string;
  price: number;
  status: ColumnType<RoomStatus, RoomStatus | undefined, RoomStatus>;
  currentBooking: ColumnType<CurrentBooking | null, string | null | undefined, string | null>;
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
interface GuestRequestColumns {
  id: Generated<string>;
  /** Short, unguessable reference shown to the guest (decisions.md point 10). */
  reference: string;
  /** One per rendered form: a repeated submission finds the first one. */
  submissionId: string | null;
  name: string;
  email: string;
  phone: string;
  paymentMethod: PaymentMethod;
  status: BookingStatus;
  message: string | null;
  createdAt: ServerTimestamp;
}

/** Room bookings (the Room Booking dialog and the room tab of /booking). */
export interface BookingTable extends GuestRequestColumns {
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

export interface VenueBookingTable extends GuestRequestColumns {
  venueId: number;
  venueName: string;
  bookingDate: IsoDate;
  numberOfPeople: number;
  totalPrice: number;
}

export const RESERVATION_SOURCES = ["booking-page", "reservation-page"] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

export interface ReservationTable extends GuestRequestColumns {
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

export interface NewsletterSubscriptionTable {
  id: Generated<number>;
  email: string;
  createdAt: ServerTimestamp;
}

export interface ContactMessageTable {
  id: Generated<number>;
  submissionId: string | null;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  createdAt: ServerTimestamp;
}

export type Room = Selectable<RoomTable>;
export type Venue = Selectable<VenueTable>;
export type Booking = Selectable<BookingTable>;
export type NewBooking = Insertable<BookingTable>;
export type VenueBooking = Selectable<VenueBookingTable>;
export type NewVenueBooking = Insertable<VenueBookingTable>;
export type Reservation = Selectable<ReservationTable>;
export type NewReservation = Insertable<ReservationTable>;
export type ContactMessage = Selectable<ContactMessageTable>;
