import ICAL from "ical.js";
import { addDays, lodgeToday } from "~/shared/dates.ts";
import { isOwnUid } from "./channel-uids.ts";

/** One event of a channel's feed, as the nights it takes in the room. */
export interface FeedEvent {
  /** The event's UID, or UID and occurrence when one UID stands for several stays. */
  key: string;
  /** The first night, and the day after the last (the check-out day): lodge dates. */
  startsOn: string;
  endsOn: string;
  kind: "booking" | "unavailable";
  summary: string;
  details: string;
}

export interface ParsedFeed {
  events: FeedEvent[];
  /** Keys of events the feed marks cancelled: their blocks go at once, no grace. */
  cancelled: Set<string>;
  /** Events of our own export that came back through the channel: ignored (no loop). */
  own: number;
}

export type ParseOutcome = { kind: "parsed"; feed: ParsedFeed } | { kind: "unreadable"; message: string };

/** How far ahead a recurring event is followed, and how many of its occurrences at most. */
const HORIZON_DAYS = 3 * 366;
const MAX_OCCURRENCES = 1000;

// Airbnb ("Airbnb (Not available)"), Booking.com ("CLOSED - Not available") and Vrbo ("Blocked")
// mark nights that are not bookings; they hold the room but no guest stands behind them.
const NOT_A_BOOKING = /not available|unavailable|blocked|closed/i;

/**
 * Reads a channel's iCalendar feed (RFC 5545) with ical.js into the nights each event takes,
 * from `today` on (past stays are left alone). All-day dates are taken as written; a time in UTC
 * becomes the lodge's date at that instant; a floating time or one in a named zone keeps the date
 * written. DTEND is exclusive, as the channels write it; an event shorter than a night takes one.
 */
export function parseFeed(
  text: string,
  { today = lodgeToday(), isOwn = isOwnUid }: { today?: string; isOwn?: (uid: string) => boolean } = {},
): ParseOutcome {
  let calendar: ICAL.Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    // A feed of several calendars is an array of them; channels send one.
    const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed;
    calendar = new ICAL.Component(first as never);
  } catch (error) {
    return { kind: "unreadable", message: `The feed is not a calendar (${(error as Error).message}).` };
  }
  if (calendar.name !== "vcalendar")
    return { kind: "unreadable", message: "The feed is not a calendar (no VCALENDAR)." };

  const vevents = calendar.getAllSubcomponents("vevent");
  const masters: ICAL.Component[] = [];
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue("uid") ?? "").trim();
    if (uid === "") continue;
    if (vevent.hasProperty("recurrence-id")) {
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), vevent]);
    } else {
      masters.push(vevent);
    }
  }
  const uidCounts = new Map<string, number>();
  for (const vevent of masters) {
    const uid = String(vevent.getFirstPropertyValue("uid")).trim();
    uidCounts.set(uid, (uidCounts.get(uid) ?? 0) + 1);
  }

  const feed: ParsedFeed = { events: [], cancelled: new Set(), own: 0 };
  const horizon = addDays(today, HORIZON_DAYS);
  const add = (key: string, item: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null) => {
    const startsOn = lodgeDate(start);
    const lastDay = end ? lodgeDate(end) : startsOn;
    const endsOn = lastDay > startsOn ? lastDay : addDays(startsOn, 1);
    if (endsOn <= today || startsOn > horizon) return;
    const status = String(item.component.getFirstPropertyValue("status") ?? "").toUpperCase();
    if (status === "CANCELLED") {
      feed.cancelled.add(key);
      return;
    }
    const summary = clip(item.summary ?? "", 200);
    feed.events.push({
      key: clip(key, 700),
      startsOn,
      endsOn,
      kind: NOT_A_BOOKING.test(summary) ? "unavailable" : "booking",
      summary,
      details: clip(item.description ?? "", 1000),
    });
  };

  for (const vevent of masters) {
    const event = new ICAL.Event(vevent);
    const uid = event.uid.trim();
    if (isOwn(uid)) {
      feed.own += 1;
      continue;
    }
    if (!event.startDate) continue;
    for (const exception of exceptions.get(uid) ?? []) event.relateException(exception);
    if (event.isRecurring()) {
      const occurrences = event.iterator();
      for (
        let n = 0, next = occurrences.next();
        next && n < MAX_OCCURRENCES;
        n += 1, next = occurrences.next()
      ) {
        const details = event.getOccurrenceDetails(next);
        if (lodgeDate(details.startDate) > horizon) break;
        add(`${uid}#${lodgeDate(details.recurrenceId)}`, details.item, details.startDate, details.endDate);
      }
      continue;
    }
    // One UID for several events (some channels reuse one): each is told apart by its first night.
    const key = (uidCounts.get(uid) ?? 0) > 1 ? `${uid}#${lodgeDate(event.startDate)}` : uid;
    add(key, event, event.startDate, event.endDate);
  }
  // Occurrences whose series is not in the feed: each on its own.
  const mastered = new Set(masters.map((vevent) => String(vevent.getFirstPropertyValue("uid")).trim()));
  for (const [uid, list] of exceptions) {
    if (mastered.has(uid)) continue;
    if (isOwn(uid)) {
      feed.own += list.length;
      continue;
    }
    for (const vevent of list) {
      const event = new ICAL.Event(vevent);
      if (!event.startDate) continue;
      add(`${uid}#${lodgeDate(event.recurrenceId)}`, event, event.startDate, event.endDate);
    }
  }
  // Two events under one key (a malformed feed): the first is kept.
  const seen = new Set<string>();
  feed.events = feed.events.filter((event) => !seen.has(event.key) && seen.add(event.key));
  return { kind: "parsed", feed };
}

/** A date or date-time as the lodge's calendar date (see parseFeed). */
function lodgeDate(time: ICAL.Time): string {
  if (!time.isDate && time.zone === ICAL.Timezone.utcTimezone) return lodgeToday(time.toJSDate());
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

function clip(text: string, length: number): string {
  const plain = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim();
  return plain.length > length ? plain.slice(0, length) : plain;
}
