// What each mail says (decisions.md 28), as structured content: the HTML layout
// (mail-layout.tsx) and the plain-text part (render-mail.server.tsx) are both drawn from it, so
// the two parts never disagree.

import { site } from "~/content/site.ts";
import { formatDisplayDate, nightsBetween } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { taxLabel } from "~/features/pricing/rates.ts";
import {
  kindName,
  mailSubject,
  type BookedFacts,
  type MailBill,
  type MailPayload,
  type RequestFacts,
} from "./mail-payload.ts";

interface MailLink {
  label: string;
  href: string;
}

export interface MailContent {
  subject: string;
  /** The line mail apps show beside the subject. */
  preheader: string;
  greeting: string;
  paragraphs: string[];
  details: { label: string; value: string }[];
  action?: MailLink;
  /** Below the main action, smaller. */
  links: MailLink[];
  /** Set on mails to subscribers: the one-click way out (shown and sent as List-Unsubscribe). */
  unsubscribeUrl?: string;
}

export interface MailSettings {
  /** The site's public origin, for every link in a mail. */
  siteOrigin: string;
}

export function myBookingUrl(origin: string, reference: string): string {
  return `${origin}/my-booking?reference=${encodeURIComponent(reference)}`;
}

function staffRequestUrl(origin: string, request: RequestFacts): string {
  return `${origin}/staff/requests/${request.kind}/${encodeURIComponent(request.id)}`;
}

function requestDetails(request: RequestFacts, forLodge: boolean): MailContent["details"] {
  const contact = forLodge
    ? [
        { label: "Guest", value: request.name },
        { label: "E-mail", value: request.email ?? "none (entered at the desk)" },
        ...("phone" in request ? [{ label: "Phone", value: request.phone }] : []),
      ]
    : [];
  // A booked request's facts sit between its reference and status and its total and bill.
  const booked = (booking: BookedFacts, facts: MailContent["details"]): MailContent["details"] => [
    { label: "Reference", value: booking.reference },
    { label: "Status", value: booking.status },
    ...facts,
    { label: "Total", value: formatKwacha(booking.total) },
    ...(booking.bill?.extras ?? []).map((extra) => ({
      label: extra.label,
      value: formatKwacha(extra.amount),
    })),
    ...billRows(booking.bill),
    ...contact,
    ...(forLodge && booking.message ? [{ label: "Message", value: booking.message }] : []),
  ];
  switch (request.kind) {
    case "booking":
    case "reservation": {
      const nights = nightsBetween(request.checkIn, request.checkOut);
      return booked(request, [
        { label: "Room", value: `${request.roomType}, room ${request.roomNumber}` },
        { label: "Check-in", value: formatDisplayDate(request.checkIn) },
        { label: "Check-out", value: formatDisplayDate(request.checkOut) },
        { label: "Nights", value: String(nights) },
        {
          label: "Guests",
          value: `${request.adults} adult${request.adults === 1 ? "" : "s"}${request.children > 0 ? `, ${request.children} child${request.children === 1 ? "" : "ren"}` : ""}`,
        },
      ]);
    }
    case "venue-booking":
      return booked(request, [
        { label: "Venue", value: request.venueName },
        { label: "Date", value: formatDisplayDate(request.date) },
        { label: "People", value: String(request.people) },
      ]);
    case "contact-message":
      return [
        ...contact,
        ...(request.subject ? [{ label: "Subject", value: request.subject }] : []),
        { label: "Message", value: request.message },
      ];
  }
}

const STATUS_SENTENCES: Record<string, string> = {
  Confirmed: "Good news: your %s is confirmed. We look forward to welcoming you.",
  Declined:
    "We are sorry: we cannot accept your %s. Please call us and we will gladly help you find another date.",
  Cancelled: "Your %s is cancelled. If this is a mistake, please call us.",
};

const callUs = `Questions? Call ${site.bookingPhones[0]} or reply to this e-mail.`;

export function mailContent(payload: MailPayload, { siteOrigin }: MailSettings): MailContent {
  const subject = mailSubject(payload, site.brandName);
  switch (payload.template) {
    case "request-received": {
      const request = payload.request;
      if (request.kind === "contact-message") {
        return {
          subject,
          preheader: "Thank you for writing to us.",
          greeting: `Dear ${request.name},`,
          paragraphs: ["Thank you for your message. We have received it and will answer you soon.", callUs],
          details: requestDetails(request, false),
          links: [],
        };
      }
      const confirmed = request.status === "Confirmed";
      const what = kindName(request.kind);
      return {
        subject,
        preheader: `Reference ${request.reference}: keep it to manage your ${what}.`,
        greeting: `Dear ${request.name},`,
        paragraphs: [
          confirmed
            ? `Thank you: your ${what} is confirmed.`
            : `Thank you: we have received your ${what}. We will confirm it soon; you will get an e-mail when we do.`,
          request.kind === "venue-booking"
            ? `Your reference is ${request.reference}. You can see your ${what} and its status online.`
            : `Your reference is ${request.reference}. You can see your ${what} and cancel it online until your arrival.`,
          callUs,
        ],
        details: requestDetails(request, false),
        action: { label: `Manage your ${what}`, href: myBookingUrl(siteOrigin, request.reference) },
        links: [],
      };
    }
    case "new-request": {
      const request = payload.request;
      const what = kindName(request.kind);
      return {
        subject,
        preheader: `From ${request.name}.`,
        greeting: "Hello,",
        paragraphs: [
          request.kind === "contact-message"
            ? `${request.name} sent a message through the website.`
            : `A new ${what} came in through the website.`,
        ],
        details: requestDetails(request, true),
        action: {
          label: `Open the ${what} in the staff console`,
          href: staffRequestUrl(siteOrigin, request),
        },
        links: [],
      };
    }
    case "status-changed": {
      const request = payload.request;
      const what = kindName(request.kind);
      const sentence = STATUS_SENTENCES[payload.to] ?? `Your %s is now ${payload.to.toLowerCase()}.`;
      return {
        subject,
        preheader: `Reference ${request.reference}.`,
        greeting: `Dear ${request.name},`,
        paragraphs: [sentence.replace("%s", what), callUs],
        details: requestDetails(request, false),
        action: { label: `See your ${what}`, href: myBookingUrl(siteOrigin, request.reference) },
        links: [],
      };
    }
    case "stay-changed": {
      const request = payload.request;
      const what = kindName(request.kind);
      return {
        subject,
        preheader: `Reference ${request.reference}.`,
        greeting: `Dear ${request.name},`,
        paragraphs: [`We have changed your ${what}: ${payload.change}`, callUs],
        details: requestDetails(request, false),
        action: { label: `See your ${what}`, href: myBookingUrl(siteOrigin, request.reference) },
        links: [],
      };
    }
    case "guest-cancelled": {
      const request = payload.request;
      return {
        subject,
        preheader: `${request.name} cancelled online.`,
        greeting: "Hello,",
        paragraphs: [`${request.name} cancelled this ${kindName(request.kind)} on the website.`],
        details: requestDetails(request, true),
        action: { label: "Open it in the staff console", href: staffRequestUrl(siteOrigin, request) },
        links: [],
      };
    }
    case "newsletter-confirm": {
      const unsubscribeUrl = `${siteOrigin}/newsletter/unsubscribe?token=${encodeURIComponent(payload.unsubscribeToken)}`;
      return {
        subject,
        preheader: "One click and you are on the list.",
        greeting: "Hello,",
        paragraphs: [
          `Someone, probably you, asked to receive the ${site.brandName} newsletter at this address.`,
          "Please confirm with the button below. If it was not you, ignore this e-mail: you will get nothing more from us.",
        ],
        details: [],
        action: {
          label: "Confirm my subscription",
          href: `${siteOrigin}/newsletter/confirm?token=${encodeURIComponent(payload.confirmToken)}`,
        },
        links: [],
        unsubscribeUrl,
      };
    }
    case "fiscal-document": {
      const { fiscal } = payload;
      const what = fiscal.kind === "sale" ? "tax invoice" : "credit note";
      const at = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(fiscal.vsdcDate);
      return {
        subject,
        preheader: `ZRA invoice number ${fiscal.rcptNo}.`,
        greeting: `Dear ${fiscal.name},`,
        paragraphs: [
          `Your ${what} for ${fiscal.reference} is fiscalised with the Zambia Revenue Authority. This mail is a copy; your folio on our website shows it with its QR code.`,
        ],
        details: [
          { label: "ZRA invoice number", value: fiscal.rcptNo },
          { label: "Our number", value: fiscal.invoiceNo },
          { label: fiscal.kind === "sale" ? "Total" : "Credited", value: formatKwacha(fiscal.total) },
          {
            label: "VSDC date and time",
            value: at ? `${at[1]}-${at[2]}-${at[3]} ${at[4]}:${at[5]}:${at[6]}` : fiscal.vsdcDate,
          },
          { label: "SDC ID", value: fiscal.sdcId },
          { label: "MRC number", value: fiscal.mrcNo },
          { label: "Internal data", value: fiscal.intrlData },
          { label: "Receipt signature", value: fiscal.rcptSign },
        ],
        action: { label: "See your folio and its QR code", href: myBookingUrl(siteOrigin, fiscal.reference) },
        links: [],
      };
    }
    case "channel-conflict": {
      const { conflict } = payload;
      return {
        subject,
        preheader: `${conflict.channel} sold nights that are already held here.`,
        greeting: "Hello,",
        paragraphs: [
          `${conflict.channel} sold room ${conflict.roomNumber} for nights already held here. Both bookings are kept: please move one of the two guests to another room before they arrive.`,
        ],
        details: [
          { label: "Room", value: `${conflict.roomType}, room ${conflict.roomNumber}` },
          { label: "Channel", value: conflict.channel },
          { label: "Check-in", value: formatDisplayDate(conflict.checkIn) },
          { label: "Check-out", value: formatDisplayDate(conflict.checkOut) },
          { label: "Channel's booking", value: conflict.channelSummary || "no details" },
          ...(conflict.channelDetails
            ? [{ label: "Channel's details", value: conflict.channelDetails }]
            : []),
          ...conflict.heldHere,
          {
            label: "Rooms free for those nights",
            value: conflict.freeRooms.length > 0 ? conflict.freeRooms.join(", ") : "none",
          },
        ],
        action: { label: "Open calendar sync in the staff console", href: `${siteOrigin}/staff/channels` },
        links: [],
      };
    }
  }
}

/** The bill under the total: each night's price when they differ, and the tax lines. */
function billRows(bill: MailBill | undefined): { label: string; value: string }[] {
  if (!bill) return [];
  const prices = new Set(bill.nights.map((night) => night.price));
  const nights =
    prices.size > 1
      ? [
          {
            label: "Price per night",
            value: bill.nights
              .map((night) => `${formatDisplayDate(night.night)} ${formatKwacha(night.price)}`)
              .join(", "),
          },
        ]
      : [];
  const taxes = bill.taxes.map((line) => ({
    label: `Of which ${taxLabel(line)}`,
    value: formatKwacha(line.amount),
  }));
  return [...nights, ...taxes];
}
