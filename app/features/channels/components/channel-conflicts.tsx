import { Link } from "react-router";
import { formatDisplayDate, formatLodgeTime } from "~/shared/dates.ts";

/** A conflict as the page's loader sends it (channel-conflicts.server.ts, `OpenConflict`). */
export interface ConflictView {
  id: string;
  roomNumber: string;
  roomType: string;
  channel: string;
  startsOn: string;
  endsOn: string;
  summary: string;
  details: string;
  raisedAt: Date | string;
  heldHere: {
    what: string;
    reference: string | null;
    name: string | null;
    email: string | null;
    phone: string | null;
    startsOn: string;
    endsOn: string | null;
    href: string | null;
  }[];
  freeRooms: string[];
}

/**
 * Channels' bookings for nights already held here, each with both sides and the rooms still free,
 * so that staff move one of the guests before anyone arrives (decisions.md 36).
 */
export function ChannelConflicts({ conflicts, headingId }: { conflicts: ConflictView[]; headingId: string }) {
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="channel-conflicts">
      <h2 id={headingId}>Double bookings from channels ({conflicts.length})</h2>
      {/* No live region: the heading says it, and the page's answer to a form stays its only status. */}
      <p className="notice notice--error">
        A channel sold nights that are already held here. Both bookings are kept: move one of the guests to a
        free room before they arrive.
      </p>
      <ul className="staff-list">
        {conflicts.map((conflict) => (
          <li key={conflict.id}>
            <p>
              <strong>
                Room {conflict.roomNumber} ({conflict.roomType}), {formatDisplayDate(conflict.startsOn)} to{" "}
                {formatDisplayDate(conflict.endsOn)}
              </strong>
              : sold by {conflict.channel} ({conflict.summary || "no details"}), noticed{" "}
              {formatLodgeTime(conflict.raisedAt)}.
            </p>
            {conflict.details ? (
              <p>
                {conflict.channel}&rsquo;s details: {conflict.details}
              </p>
            ) : null}
            <ul>
              {conflict.heldHere.map((holder, index) => (
                <li key={index}>
                  Held here by {holder.what}
                  {holder.reference ? (
                    <> {holder.href ? <Link to={holder.href}>{holder.reference}</Link> : holder.reference}</>
                  ) : null}
                  , {formatDisplayDate(holder.startsOn)} to{" "}
                  {holder.endsOn ? formatDisplayDate(holder.endsOn) : "further notice"}
                  {holder.name ? `: ${holder.name}` : ""}
                  {holder.email ? `, ${holder.email}` : ""}
                  {holder.phone ? `, ${holder.phone}` : ""}
                </li>
              ))}
            </ul>
            <p>
              Rooms free for those nights:{" "}
              {conflict.freeRooms.length > 0 ? conflict.freeRooms.join(", ") : "none"}.
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
