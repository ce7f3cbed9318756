import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import { DismissibleNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { roleAllows } from "~/features/staff/staff-rules.ts";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import { RoomList } from "~/features/housekeeping/components/housekeeping-list.tsx";
import { orderRooms, priority } from "~/features/housekeeping/housekeeping-rules.ts";
import { applyHousekeeping } from "~/features/housekeeping/housekeeping-actions.server.ts";
import { listHousekeeping, recentHousekeepingChanges } from "~/features/housekeeping/housekeeping.server.ts";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { addDays, formatDisplayDate, lodgeToday } from "~/shared/dates.ts";
import type { Route } from "./+types/housekeeping";

// The housekeeping list (decisions.md 38, ADR 0026): made for a phone. Today's rooms to do come
// first, those a guest arrives in or leaves today before the others; each is marked with one tap.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request, context, { role: "housekeeping" });
  const today = lodgeToday();
  const [rooms, changes] = await Promise.all([listHousekeeping(db, today), recentHousekeepingChanges(db)]);
  const ordered = orderRooms(rooms);
  return {
    today,
    mayReopen: roleAllows(staff.role, "reception"),
    toDo: ordered.filter((room) => priority(room) <= 2),
    toInspect: ordered.filter((room) => priority(room) === 3),
    ready: ordered.filter((room) => priority(room) === 4 && room.state === "Inspected"),
    outOfOrder: ordered.filter((room) => room.state === "Out of order"),
    roomChoices: rooms.map((room) => ({ id: room.roomId, label: `Room ${room.roomNumber}` })),
    changes,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, { role: "housekeeping" }, (db, staff, form) =>
    applyHousekeeping(db, staff, form, lodgeToday()),
  );
}

function OutOfOrderForm({
  today,
  rooms,
  fieldErrors,
}: {
  today: string;
  rooms: { id: number; label: string }[];
  fieldErrors: Record<string, string> | undefined;
}) {
  return (
    <section aria-labelledby="take-out">
      <h2 id="take-out">Take a room out of order</h2>
      <p>It is off sale for those days. A stay that holds any of them must move first.</p>
      <StaffForm method="post" noValidate className="staff-form staff-form--grid" resetOnSuccess>
        <input type="hidden" name="intent" value="out-of-order" />
        <SelectField name="roomId" label="Room" required defaultValue="" error={fieldErrors?.roomId}>
          <option value="" disabled>
            Choose a room
          </option>
          {rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.label}
            </option>
          ))}
        </SelectField>
        <InputField
          name="from"
          label="Out of order from"
          type="date"
          required
          min={today}
          defaultValue={today}
          error={fieldErrors?.from}
        />
        <InputField
          name="until"
          label="Back in service on (optional)"
          type="date"
          min={addDays(today, 1)}
          error={fieldErrors?.until}
        />
        <InputField
          name="reason"
          label="What is wrong"
          required
          maxLength={200}
          error={fieldErrors?.reason}
        />
        <SubmitButton className="btn btn--primary" pending="Taking out…">
          Take out of order
        </SubmitButton>
      </StaffForm>
    </section>
  );
}

export default function Housekeeping({ loaderData, actionData }: Route.ComponentProps) {
  const { today, mayReopen, toDo, toInspect, ready, outOfOrder } = loaderData;
  const answer = useStaffNotice(actionData);
  const fieldErrors = answer && "fieldErrors" in answer ? answer.fieldErrors : undefined;
  return (
    <>
      <title>Staff: housekeeping</title>
      <h1>Housekeeping, {formatDisplayDate(today)}</h1>
      {answer ? (
        <DismissibleNotice tone={answer.tone} of={answer}>
          <p>{answer.message}</p>
        </DismissibleNotice>
      ) : null}
      <RoomList id="to-do" title="To do" rooms={toDo} empty="Every room is done." mayReopen={mayReopen} />
      <RoomList
        id="to-inspect"
        title="Clean, to inspect"
        rooms={toInspect}
        empty="No room waits for inspection."
        mayReopen={mayReopen}
      />
      <RoomList
        id="ready"
        title="Inspected"
        rooms={ready}
        empty="No room inspected yet."
        mayReopen={mayReopen}
      />
      <RoomList
        id="out-of-order"
        title="Out of order"
        rooms={outOfOrder}
        empty="No room is out of order."
        mayReopen={mayReopen}
      />
      {mayReopen ? (
        <OutOfOrderForm today={today} rooms={loaderData.roomChoices} fieldErrors={fieldErrors} />
      ) : null}
      <StaffChanges id="housekeeping-changes" entries={loaderData.changes} />
    </>
  );
}
