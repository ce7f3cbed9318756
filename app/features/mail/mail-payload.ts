// What an outbox row keeps about its mail (ADR 0012): plain data, written in the request's own
// transaction. The mail itself is rendered from it when it is sent, with the settings of the
// server that sends it (site origin, lodge inbox), so a data-layer function needs none of them.

import { formatDisplayDate } from "~/shared/dates.ts";

/** A room booking or reservation, as its mails tell it. */
export interface StayFacts {
  kind: "booking" | "reservation";
  id: string;
  reference: string;
  name: string;
  /** Null for a guest entered at the desk without an address: no mail goes to the guest. */
  email: string | null;
  phone: string;
  roomType: string;
  roomNumber: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  total: number;
  status: string;
  message: string | null;
  /** The bill as the request keeps it; absent in mails written before it. */
  bill?: MailBill;
}

/** A request's nights one by one (stays) and the tax lines its total contains. */
export interface MailBill {
  nights: { night: string; price: number }[];
  taxes: { kind: "vat" | "levy"; rateBp: number; amount: number }[];
  /** Extras and charges on the bill (in the total and the taxes above); absent in older mails. */
  extras?: { label: string; amount: number }[];
}

export interface VenueBookingFacts {
  kind: "venue-booking";
  id: string;
  reference: string;
  name: string;
  email: string | null;
  phone: string;
  venueName: string;
  date: string;
  people: number;
  total: number;
  status: string;
  message: string | null;
  bill?: MailBill;
}

interface ContactMessageFacts {
  kind: "contact-message";
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
}

export type BookedFacts = StayFacts | VenueBookingFacts;
export type RequestFacts = BookedFacts | ContactMessageFacts;

export type MailPayload =
  /** To the guest: we have your request (a dialog booking: it is confirmed). */
  | { template: "request-received"; request: RequestFacts }
  /** To the lodge: a new request, with a link to it in the staff console. */
  | { template: "new-request"; request: RequestFacts }
  /** To the guest: staff (or the guest) changed the request's status. */
  | {
      template: "status-changed";
      request: BookedFacts;
      from: string;
      to: string;
      /**
       * For a stay: how many mails to the guest about it came before this one, the calendar
       * invitation's SEQUENCE (the first mail is 0), so each update replaces the last. Rows
       * written before it existed have none (see calendarSequence).
       */
      sequence?: number;
    }
  /** To the guest: staff moved the stay to another room, extended or shortened it. */
  | { template: "stay-changed"; request: StayFacts; change: string; sequence?: number }
  /** To the lodge: the guest cancelled on /my-booking. */
  | { template: "guest-cancelled"; request: BookedFacts }
  /** To a new subscriber: the double opt-in link (and, as in every mail to subscribers, the way out). */
  | { template: "newsletter-confirm"; confirmToken: string; unsubscribeToken: string }
  /** To the lodge: a channel sold nights already held here (app/features/channels). */
  | { template: "channel-conflict"; conflict: ChannelConflictFacts }
  /** To the guest: ZRA fiscalised the folio's tax invoice or a credit note (app/features/fiscal). */
  | { template: "fiscal-document"; fiscal: FiscalDocumentFacts };

/** A tax invoice or credit note as ZRA fiscalised it, for the guest's copy. */
export interface FiscalDocumentFacts {
  reference: string;
  name: string;
  kind: "sale" | "credit";
  invoiceNo: string;
  rcptNo: string;
  /** The VSDC's date and time as it gave them (yyyyMMddHHmmss). */
  vsdcDate: string;
  sdcId: string;
  mrcNo: string;
  intrlData: string;
  rcptSign: string;
  total: number;
}

/** A channel's booking for nights a stay (or closure) here already holds, as the mail tells it. */
export interface ChannelConflictFacts {
  roomNumber: string;
  roomType: string;
  /** The feed's name, as the manager gave it ("Airbnb"). */
  channel: string;
  checkIn: string;
  checkOut: string;
  /** What the channel's event says of its guest (summary and description). */
  channelSummary: string;
  channelDetails: string;
  /** What holds the room here: a stay's guest, a closure or another channel's block. */
  heldHere: { label: string; value: string }[];
  /** Rooms free for all the channel's nights, to move one of the two guests to. */
  freeRooms: string[];
}

const KIND_NAMES = {
  booking: "room booking",
  reservation: "reservation",
  "venue-booking": "venue booking",
  "contact-message": "message",
} as const;

export function kindName(kind: RequestFacts["kind"]): string {
  return KIND_NAMES[kind];
}

/** What the request is about, in a few words: 'Deluxe, 1 Dec 2026 to 3 Dec 2026'. */
function requestSummary(request: RequestFacts): string {
  switch (request.kind) {
    case "booking":
    case "reservation":
      return `${request.roomType} room ${request.roomNumber}, ${formatDisplayDate(request.checkIn)} to ${formatDisplayDate(request.checkOut)}`;
    case "venue-booking":
      return `${request.venueName}, ${formatDisplayDate(request.date)}`;
    case "contact-message":
      return request.subject ?? "Message from the website";
  }
}

/** The subject line, decided when the mail is written (staff see it in the outbox). */
export function mailSubject(payload: MailPayload, brandName: string): string {
  switch (payload.template) {
    case "request-received": {
      const request = payload.request;
      if (request.kind === "contact-message") return `We have your message - ${brandName}`;
      const what = request.status === "Confirmed" ? "confirmed" : "received";
      return `Your ${kindName(request.kind)} ${request.reference} is ${what} - ${brandName}`;
    }
    case "new-request": {
      const request = payload.request;
      const label =
        request.kind === "contact-message"
          ? "New message"
          : `New ${kindName(request.kind)} ${request.reference}`;
      return `${label}: ${request.name} - ${requestSummary(request)}`.slice(0, 300);
    }
    case "status-changed":
      return `Your ${kindName(payload.request.kind)} ${payload.request.reference} is ${payload.to.toLowerCase()} - ${brandName}`;
    case "stay-changed":
      return `Your ${kindName(payload.request.kind)} ${payload.request.reference} has changed - ${brandName}`;
    case "guest-cancelled":
      return `Cancelled by the guest: ${kindName(payload.request.kind)} ${payload.request.reference} - ${payload.request.name}`.slice(
        0,
        300,
      );
    case "newsletter-confirm":
      return `Please confirm your subscription - ${brandName}`;
    case "fiscal-document":
      return `Your ${payload.fiscal.kind === "sale" ? "tax invoice" : "credit note"} ${payload.fiscal.rcptNo} (ZRA) for ${payload.fiscal.reference} - ${brandName}`;
    case "channel-conflict": {
      const { conflict } = payload;
      return `Double booking: room ${conflict.roomNumber}, ${formatDisplayDate(conflict.checkIn)} to ${formatDisplayDate(conflict.checkOut)} (${conflict.channel})`.slice(
        0,
        300,
      );
    }
  }
}
