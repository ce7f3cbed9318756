import type { HousekeepingState } from "~/shared/db/schema.ts";
import { formatLodgeTime } from "~/shared/dates.ts";
import { StaffForm, SubmitButton } from "../../staff/components/staff-form.tsx";
import { marksFor, type Mark } from "../housekeeping-rules.ts";
import "./housekeeping-list.css";

/** A room as the list shows it: only what its row needs (the page's data is sent twice). */
export interface ListedRoom {
  roomId: number;
  roomNumber: string;
  type: string;
  state: HousekeepingState;
  note: string | null;
  changedAt: Date | string;
  changedBy: string | null;
  arrivalToday: boolean;
  departureToday: boolean;
  occupied: boolean;
}

const MARK_LABELS: Record<Mark, { label: string; pending: string }> = {
  Clean: { label: "Clean", pending: "Marking clean…" },
  Inspected: { label: "Inspected", pending: "Marking inspected…" },
  Dirty: { label: "Dirty", pending: "Marking dirty…" },
};

/**
 * One room: its number, state, what today brings it, who changed it last and when, and one
 * button per mark it may get (one form: a tap sends it; without JavaScript a plain post). A
 * reception or manager account also puts a room that is out of order back in service.
 */
function RoomRow({ room, mayReopen }: { room: ListedRoom; mayReopen: boolean }) {
  const marks = marksFor(room.state);
  const by = room.changedBy ?? "the lodge";
  return (
    <li className={`hk-room hk-room--${room.state.replaceAll(" ", "-").toLowerCase()}`}>
      <div>
        <h3>
          Room {room.roomNumber}: {room.state}
        </h3>
        <p>
          {room.arrivalToday ? <span className="hk-tag">Arrival today</span> : null}
          {room.departureToday ? (
            <span className="hk-tag">{room.occupied ? "Leaving today" : "Left today"}</span>
          ) : null}
          {room.occupied && !room.departureToday ? <span className="hk-tag">Guest in</span> : null}
          <span className="staff-muted">
            {room.type}. {room.note ? `${room.note}, ` : ""}
            {formatLodgeTime(room.changedAt)}, {by}
          </span>
        </p>
      </div>
      {room.state === "Out of order" ? (
        mayReopen ? (
          <StaffForm method="post" className="staff-actions">
            <input type="hidden" name="intent" value="back-in-service" />
            <input type="hidden" name="roomId" value={room.roomId} />
            <SubmitButton
              className="btn btn--outline"
              pending="Putting back…"
              aria-label={`Back in service: room ${room.roomNumber}`}
            >
              Back in service
            </SubmitButton>
          </StaffForm>
        ) : null
      ) : (
        <StaffForm method="post" className="staff-actions">
          <input type="hidden" name="intent" value="mark" />
          <input type="hidden" name="roomId" value={room.roomId} />
          {marks.map((mark) => (
            <SubmitButton
              key={mark}
              name="to"
              value={mark}
              className={mark === "Dirty" ? "btn btn--outline" : "btn btn--primary"}
              pending={MARK_LABELS[mark].pending}
              aria-label={`${MARK_LABELS[mark].label}: room ${room.roomNumber}`}
            >
              {MARK_LABELS[mark].label}
            </SubmitButton>
          ))}
        </StaffForm>
      )}
    </li>
  );
}

/** A titled list of rooms, or a line saying there are none. */
export function RoomList({
  id,
  title,
  rooms,
  empty,
  mayReopen,
}: {
  id: string;
  title: string;
  rooms: readonly ListedRoom[];
  empty: string;
  mayReopen: boolean;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {title} ({rooms.length})
      </h2>
      {rooms.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="hk-rooms">
          {rooms.map((room) => (
            <RoomRow key={room.roomId} room={room} mayReopen={mayReopen} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A room's housekeeping state beside its number, on today's lists and the room board. */
export function RoomStateLabel({ state }: { state: HousekeepingState | undefined }) {
  return state ? <span className="hk-state">{state}</span> : null;
}
