import { formatDisplayDate } from "~/lib/dates.ts";
import { formatKwacha } from "~/lib/money.ts";

/** What /my-booking shows of a request (the route's view of app/db/my-booking.server.ts). */
export interface MyBookingRequest {
  kind: "booking" | "reservation" | "venue-booking";
  reference: string;
  status: string;
  name: string;
  what: string;
  from: string;
  until: string;
  total: number;
  history: { toStatus: string | null; actor: string; at: string }[];
  mayCancel: boolean;
}

const KIND_LABELS = { booking: "Room booking", reservation: "Reservation", "venue-booking": "Venue booking" };
const ACTORS: Record<string, string> = { guest: "by you", staff: "by the lodge", system: "automatically" };

/** Lusaka time, fixed format: the same on every server. */
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lusaka",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function MyBookingRequestView({ request }: { request: MyBookingRequest }) {
  const stay = request.kind !== "venue-booking";
  return (
    <section aria-labelledby="my-booking-request-title">
      <h2 id="my-booking-request-title">
        {KIND_LABELS[request.kind]} {request.reference}
      </h2>
      <dl className="my-booking__facts">
        <dt>Status</dt>
        <dd>{request.status}</dd>
        <dt>Name</dt>
        <dd>{request.name}</dd>
        <dt>{stay ? "Room" : "Venue"}</dt>
        <dd>{request.what}</dd>
        <dt>{stay ? "Check-in" : "Date"}</dt>
        <dd>{formatDisplayDate(request.from)}</dd>
        {stay ? (
          <>
            <dt>Check-out</dt>
            <dd>{formatDisplayDate(request.until)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd>{formatKwacha(request.total)}</dd>
      </dl>
      <h3>History</h3>
      <ol className="my-booking__history">
        {request.history.map((entry) => (
          <li key={`${entry.at}-${entry.toStatus}`}>
            {timeFormat.format(new Date(entry.at))}: {entry.toStatus ?? "changed"} {ACTORS[entry.actor] ?? ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
