import { SelectField } from "~/shared/forms/form-fields.tsx";
import { FIELD_LABELS, NO_ROOMS_AVAILABLE, SELECT_A_ROOM_PLACEHOLDER } from "~/shared/messages.ts";
import { quoteAttributes } from "../../pricing/components/stay-quote.tsx";
import type { Guests } from "../../pricing/rates.ts";
import { pickerLabel, type RoomChoice, type RoomOption } from "../room-choices.ts";

/** The form's own onChange follows the choice; the select only shows it. */
function followedByTheForm() {}

/**
 * The Room field of every stay form: the rooms free for the stay, each option carrying its nightly
 * rate and its quote for the list's dates. An island that follows the choice passes `value`; a
 * plain form passes `defaultValue`. With the form's dates, an option quoted for them also reads
 * the stay's total.
 */
export function RoomPicker({
  rooms,
  value,
  defaultValue,
  error,
  hint,
  checkIn,
  checkOut,
  party,
}: {
  rooms: readonly (RoomOption | RoomChoice)[];
  value?: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  checkIn?: string;
  checkOut?: string;
  /** The form's guests: a quoted option reads its total with their supplements. */
  party?: Guests;
}) {
  const choice = value === undefined ? { defaultValue } : { value, onChange: followedByTheForm };
  return (
    <SelectField name="roomId" label={FIELD_LABELS.roomId} required error={error} hint={hint} {...choice}>
      {rooms.length === 0 ? (
        <option value="">{NO_ROOMS_AVAILABLE}</option>
      ) : (
        <>
          <option value="">{SELECT_A_ROOM_PLACEHOLDER}</option>
          {rooms.map((room) => (
            <option key={room.id} value={room.id} data-price={room.price} {...quoteAttributes(room)}>
              {pickerLabel(room, checkIn, checkOut, party)}
            </option>
          ))}
        </>
      )}
    </SelectField>
  );
}
