import { Link } from "react-router";
import { CsvDownload } from "~/features/staff/components/csv-download.tsx";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { StaffActionNotice } from "~/features/desk/components/staff-action-notice.tsx";
import { RequestButtons, RequestStatus } from "~/features/desk/components/staff-request-buttons.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { listToday, type StayRow } from "~/features/desk/inbox.server.ts";
import { listFreeRooms } from "~/features/stays/rooms.server.ts";
import { roomLabel } from "~/features/requests/room-label.ts";
import { addDays, formatDisplayDate, lodgeToday } from "~/shared/dates.ts";
import { FIELD_LABELS } from "~/shared/messages.ts";
import { PAYMENT_METHODS } from "~/shared/db/schema.ts";
import { formatKwacha } from "~/shared/money.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { applyRequestAction } from "../../features/desk/request-actions.server.ts";
import type { Route } from "./+types/today";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import { channelsToday } from "~/features/channels/channel-conflicts.server.ts";
import { ChannelsToday } from "~/features/channels/components/channels-today.tsx";
import { housekeepingStates } from "~/features/housekeeping/housekeeping.server.ts";
import { RoomStateLabel } from "~/features/housekeeping/components/housekeeping-list.tsx";
import type { HousekeepingState } from "~/shared/db/schema.ts";

// Today at the lodge (its own calendar day, Africa/Lusaka): who arrives, who leaves, who is in,
// with check-in, check-out and no-show one click each.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const today = lodgeToday();
  const [lists, freeTonight, roomStates] = await Promise.all([
    listToday(db, today),
    listFreeRooms(db, { checkIn: today, checkOut: addDays(today, 1) }),
    housekeepingStates(db),
  ]);
  return {
    today,
    ...lists,
    roomStates,
    freeTonight: freeTonight.map((room) => ({ id: String(room.id), label: roomLabel(room) })),
    channels: await channelsToday(db, today),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, {}, (db, staff, form) =>
    applyRequestAction(db, staff, form, lodgeToday()),
  );
}

function StayTable({
  caption,
  stays,
  only,
  empty,
  today,
  roomStates,
}: {
  caption: string;
  stays: StayRow[];
  only: readonly string[];
  empty: string;
  today: string;
  roomStates: Record<string, HousekeepingState>;
}) {
  if (stays.length === 0) return <p>{empty}</p>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Room</th>
            <th scope="col">Guest</th>
            <th scope="col">Stay</th>
            <th scope="col">Status</th>
            <th scope="col">Balance due</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {stays.map((stay) => (
            <tr key={stay.id}>
              <td>
                {stay.roomNumber}
                <RoomStateLabel state={roomStates[stay.roomNumber]} />
              </td>
              <td>
                <Link to={`/staff/requests/${stay.kind}/${stay.id}`}>{stay.name}</Link>
                <br />
                <span className="staff-muted">{stay.phone}</span>
              </td>
              <td>
                {formatDisplayDate(stay.checkIn)} to {formatDisplayDate(stay.checkOut)}
              </td>
              <td>
                <RequestStatus kind={stay.kind} id={stay.id} status={stay.status} />
              </td>
              <td>{stay.balance > 0 ? <strong>{formatKwacha(stay.balance)}</strong> : "Paid"}</td>
              <td>
                <RequestButtons
                  kind={stay.kind}
                  id={stay.id}
                  status={stay.status}
                  who={`${stay.name}, room ${stay.roomNumber}`}
                  only={only}
                  stay={{ checkIn: stay.checkIn, checkOut: stay.checkOut, today }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A guest at the door, checked in in one step: posted to the desk's own action (the same schema
 * and data function), which opens the new stay's page to take the payment.
 */
function WalkInForm({ today, rooms }: { today: string; rooms: { id: string; label: string }[] }) {
  if (rooms.length === 0) return <p>No room is free tonight.</p>;
  return (
    <StaffForm
      method="post"
      action="/staff/desk?tab=room"
      noValidate
      className="staff-form staff-form--grid"
      aria-label="Walk-in check-in"
    >
      <input type="hidden" name="tab" value="room" />
      <input type="hidden" name="channel" value="walk-in" />
      <input type="hidden" name="checkInNow" value="on" />
      <input type="hidden" name="checkIn" value={today} />
      <SelectField name="roomId" label="Room free tonight" defaultValue="">
        <option value="">Choose a room</option>
        {rooms.map((room) => (
          <option key={room.id} value={room.id}>
            {room.label}
          </option>
        ))}
      </SelectField>
      <InputField
        name="checkOut"
        label="Leaving on"
        type="date"
        min={addDays(today, 1)}
        defaultValue={addDays(today, 1)}
      />
      <InputField name="name" label={FIELD_LABELS.name} autoComplete="off" />
      <InputField name="phone" label={FIELD_LABELS.phone} type="tel" autoComplete="off" />
      <InputField name="email" label="Email Address (optional)" type="email" autoComplete="off" />
      <InputField
        name="adults"
        label={FIELD_LABELS.adults}
        type="number"
        inputMode="numeric"
        min={1}
        defaultValue="1"
      />
      <InputField
        name="children"
        label={FIELD_LABELS.children}
        type="number"
        inputMode="numeric"
        min={0}
        defaultValue="0"
      />
      <SelectField name="paymentMethod" label={FIELD_LABELS.paymentMethod} defaultValue={PAYMENT_METHODS[0]}>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
      <div className="staff-actions">
        <SubmitButton className="btn btn--primary" pending="Checking in…">
          Check in the walk-in guest
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

export default function Today({ loaderData, actionData }: Route.ComponentProps) {
  const { today, arrivals, departures, inHouse, freeTonight, roomStates } = loaderData;
  const notice = useStaffNotice(actionData);
  return (
    <>
      <title>Staff: today</title>
      <h1>Today, {formatDisplayDate(today)}</h1>
      <p>
        <CsvDownload list="today" label="Download today's lists as CSV" />
      </p>
      <StaffActionNotice notice={notice} />
      <section aria-labelledby="arrivals">
        <h2 id="arrivals">Arrivals ({arrivals.length})</h2>
        <StayTable
          caption="Arrivals"
          stays={arrivals}
          only={["confirm", "check-in", "no-show"]}
          empty="No arrivals due."
          today={today}
          roomStates={roomStates}
        />
      </section>
      <section aria-labelledby="departures">
        <h2 id="departures">Departures ({departures.length})</h2>
        <StayTable
          caption="Departures"
          stays={departures}
          only={["check-out"]}
          empty="No departures due."
          today={today}
          roomStates={roomStates}
        />
      </section>
      <section aria-labelledby="walk-in">
        <h2 id="walk-in">Walk-in</h2>
        <details>
          <summary>Check in a guest at the door</summary>
          <WalkInForm today={today} rooms={freeTonight} />
        </details>
      </section>
      <section aria-labelledby="in-house">
        <h2 id="in-house">In house ({inHouse.length})</h2>
        <StayTable
          caption="In house"
          stays={inHouse}
          only={["check-out"]}
          empty="No guests checked in."
          today={today}
          roomStates={roomStates}
        />
      </section>
      <ChannelsToday {...loaderData.channels} />
    </>
  );
}
