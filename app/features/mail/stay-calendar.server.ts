import icalGenerator, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "~/content/site.ts";
import { LODGE_TIME_ZONE } from "~/shared/dates.ts";
import type { MailPayload, StayFacts } from "./mail-payload.ts";

/**
 * A stay as a calendar invitation (.ics): one all-day event from the check-in day to the
 * check-out day (DTEND is exclusive, so the check-out day itself is not covered), as calendar
 * days in Lusaka: dates, not instants, so no time zone can shift them. The UID is the stay's and
 * SEQUENCE grows with each mail about it, so a later mail (confirmed, cancelled, declined)
 * updates the guest's calendar entry; ORGANIZER is the lodge, whose cancellation a calendar
 * honours only when it comes from the event's organizer.
 */
export function stayCalendar(
  stay: StayFacts,
  {
    domain,
    manageUrl,
    sequence,
    organizer,
  }: { domain: string; manageUrl: string; sequence: number; organizer: string },
): string {
  const cancelled = stay.status === "Cancelled" || stay.status === "Declined";
  const calendar = icalGenerator({
    name: site.brandName,
    prodId: { company: site.brandName, product: "lodge-website", language: "EN" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    timezone: LODGE_TIME_ZONE,
  });
  calendar.createEvent({
    id: `${stay.kind}-${stay.id}@${domain}`,
    allDay: true,
    start: utcDate(stay.checkIn),
    // A same-day stay still holds one night (decisions.md 11): end the day after at the earliest.
    end: utcDate(stay.checkOut > stay.checkIn ? stay.checkOut : nextDay(stay.checkIn)),
    summary: `${site.brandName}: ${stay.roomType} room ${stay.roomNumber} (${stay.reference})`,
    description: `Reference ${stay.reference}. Check-in ${stay.checkIn}, check-out ${stay.checkOut}. Manage: ${manageUrl}`,
    location: `${site.brandName}, ${site.address}`,
    url: manageUrl,
    status: cancelled
      ? ICalEventStatus.CANCELLED
      : stay.status === "Confirmed"
        ? ICalEventStatus.CONFIRMED
        : ICalEventStatus.TENTATIVE,
    sequence,
    organizer: { name: site.brandName, email: organizer },
  });
  return calendar.toString();
}

/**
 * The SEQUENCE of a stay's invitation: the mail's place among the guest's mails about the stay
 * (written into the payload when the mail is). Mails written before it was kept: the first is 0,
 * a confirmation 1, a refusal or cancellation 2.
 */
export function calendarSequence(payload: MailPayload): number {
  if (payload.template === "stay-changed") return payload.sequence ?? 1;
  if (payload.template !== "status-changed") return 0;
  if (payload.sequence !== undefined) return payload.sequence;
  return payload.to === "Confirmed" ? 1 : 2;
}

/** 'YYYY-MM-DD' as the UTC midnight ical-generator writes back as that same date. */
function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function nextDay(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
