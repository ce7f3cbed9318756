import { formatDisplayDate } from "~/shared/dates.ts";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import type { StayChangeWindow } from "~/features/requests/stay-lifecycle.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";

interface RoomChoice {
  id: number;
  label: string;
}

/**
 * A stay's changes at the desk (ADR 0027): move to another room, extend, shorten or leave today.
 * Plain forms that post to the page; a refusal comes back with its message beside the field,
 * an extension whose room is taken with the rooms free for the extra nights.
 */
export function StayChangeForms({
  changes,
  freeRooms,
  notice,
}: {
  changes: StayChangeWindow;
  freeRooms: RoomChoice[];
  notice: StaffNotice | undefined;
}) {
  const sent = notice?.values?.intent;
  const errorsOf = (intent: string) => (sent === intent ? (notice?.fieldErrors ?? {}) : {});
  const valueOf = (intent: string, name: string) => (sent === intent ? notice?.values?.[name] : undefined);
  const moveErrors = errorsOf("move-room");
  const extendErrors = errorsOf("extend");
  const shortenErrors = errorsOf("shorten");
  const extension = notice?.extension;
  return (
    <section aria-labelledby="stay-changes-heading" className="staff-stay-changes">
      <h2 id="stay-changes-heading">Change the stay</h2>
      {freeRooms.length > 0 ? (
        <StaffForm method="post" className="staff-inline-form" aria-label="Move to another room" noValidate>
          <RoomSelect
            label={
              changes.moveFrom === changes.today && changes.inHouse
                ? "Move from tonight to a room free until check-out"
                : "Move to a room free for every night"
            }
            rooms={freeRooms}
            defaultValue={valueOf("move-room", "roomId") ?? ""}
            error={moveErrors.roomId}
          />
          <SelectField
            name="price"
            label="Price of the nights moved"
            defaultValue={valueOf("move-room", "price") ?? "kept"}
            error={moveErrors.price}
          >
            <option value="kept">Keep the price sold</option>
            <option value="new">The new room&apos;s price</option>
          </SelectField>
          <SubmitButton
            name="intent"
            value="move-room"
            className="btn btn--primary btn--small"
            pending="Moving…"
          >
            Move
          </SubmitButton>
        </StaffForm>
      ) : (
        <p>No other room is free for the nights this stay would move.</p>
      )}
      <StaffForm method="post" className="staff-inline-form" aria-label="Extend the stay" noValidate>
        <InputField
          name="checkOut"
          type="date"
          label="Extend: new check-out"
          min={changes.until}
          defaultValue={valueOf("extend", "checkOut") ?? ""}
          error={extendErrors.checkOut}
          hint={`Now ${formatDisplayDate(changes.until)}. In the same room when it is free.`}
        />
        <SubmitButton
          name="intent"
          value="extend"
          className="btn btn--primary btn--small"
          pending="Extending…"
        >
          Extend
        </SubmitButton>
      </StaffForm>
      {extension && extension.rooms.length > 0 ? (
        <StaffForm method="post" className="staff-inline-form" aria-label="Extend in another room" noValidate>
          <input type="hidden" name="checkOut" value={extension.checkOut} />
          <RoomSelect
            label={`Extra nights until ${formatDisplayDate(extension.checkOut)} in`}
            rooms={extension.rooms}
            defaultValue=""
            error={extendErrors.roomId}
          />
          <SubmitButton
            name="intent"
            value="extend"
            className="btn btn--primary btn--small"
            pending="Extending…"
          >
            Extend in this room
          </SubmitButton>
        </StaffForm>
      ) : null}
      {changes.earliestCheckOut < changes.until ? (
        <StaffForm method="post" className="staff-inline-form" aria-label="Shorten the stay" noValidate>
          <InputField
            name="checkOut"
            type="date"
            label="Shorten: new check-out"
            min={changes.earliestCheckOut}
            max={changes.until}
            defaultValue={valueOf("shorten", "checkOut") ?? ""}
            error={shortenErrors.checkOut}
            hint="The nights from then on are released at once and come off the bill."
          />
          <SubmitButton name="intent" value="shorten" className="btn btn--small" pending="Shortening…">
            Shorten
          </SubmitButton>
        </StaffForm>
      ) : null}
      {changes.inHouse && changes.today < changes.until ? (
        <StaffForm method="post" className="staff-inline-form" aria-label="Leaving today">
          <input type="hidden" name="checkOut" value={changes.today} />
          <SubmitButton name="intent" value="shorten" className="btn btn--small" pending="Releasing…">
            Leaving today: release tonight and the nights after
          </SubmitButton>
        </StaffForm>
      ) : null}
    </section>
  );
}

function RoomSelect({
  label,
  rooms,
  defaultValue,
  error,
}: {
  label: string;
  rooms: RoomChoice[];
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <SelectField name="roomId" label={label} defaultValue={defaultValue} error={error}>
      <option value="" disabled>
        Choose a room
      </option>
      {rooms.map((room) => (
        <option key={room.id} value={room.id}>
          {room.label}
        </option>
      ))}
    </SelectField>
  );
}
