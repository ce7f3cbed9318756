import type { ReactNode } from "react";
import { lodgeToday } from "~/lib/dates.ts";
import { isTaken, SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import * as messages from "~/lib/messages.ts";
import { formatKwacha } from "~/lib/money.ts";
import { stayPriceText } from "~/lib/stay-estimate.ts";
import { staySearchQuery, type StaySearch } from "~/lib/stay-search.ts";
import { GuestFields, HoneypotField, SelectField, StayFields } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import "./room-booking-dialog.css";

const {
  BOOKING_SUCCESSFUL,
  CONFIRM_BOOKING,
  FIELD_LABELS,
  LOADING_AVAILABLE_ROOMS,
  NO_ROOMS_AVAILABLE,
  ROOM_BOOKING_TITLE,
  SELECT_A_ROOM_PLACEHOLDER,
} = messages;

/** A room as the dialog lists it ('101 - Deluxe - K400'). */
export interface RoomOption {
  id: number;
  roomNumber: string;
  type: string;
  price: number;
}

/** The rooms free for a stay, or the error text for the dialog's banner. */
export type AvailableRoomsData =
  { rooms: RoomOption[]; error?: undefined } | { error: string; rooms?: undefined };

/** What a page with the dialog gets from its loader when the address opens it (`?book=`). */
export interface RoomDialogData {
  /** The room type the guest clicked (preselected), from `?book=`. */
  roomType: string;
  stay: StaySearch;
  rooms: AvailableRoomsData;
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  values: Record<string, string>;
  /** One per rendered dialog: a double click or a retried request finds the first booking. */
  submissionId: string;
}

/** The page action's answer to the dialog: the result and, after a refusal, the rooms free now. */
export interface RoomDialogAnswer {
  result: FormResult;
  rooms: AvailableRoomsData | null;
}

/** The address parameter that opens the dialog, with the room type to preselect. */
const BOOK = "book";

/** The page address that opens the dialog for a room type and stay (a link, a fetch, a form). */
export function dialogUrl(pathname: string, roomType: string, stay: StaySearch | null): string {
  const stayQuery = stay ? staySearchQuery(stay) : "";
  return `${pathname}?${BOOK}=${encodeURIComponent(roomType)}${stayQuery ? `&${stayQuery}` : ""}`;
}

/** The ids app/components/room-dialog-enhance.ts and the form's answers work with. */
const DIALOG_ID = "room-booking-dialog";
const RESULT_ID = "room-booking-result";
const ROOMS_ID = "room-booking-rooms";

/**
 * The dark button on room cards and the room details page: a link to `?book=<type>` (with the
 * stay the guest chose on /rooms), which renders the page with the dialog open. With JavaScript
 * (room-dialog-enhance.ts) it opens the modal dialog in place and fills it from that address.
 */
export function BookRoomButton({
  pathname,
  roomType,
  stay,
  children,
  className,
}: {
  /** The page the button is on, whose loader and action serve the dialog. */
  pathname: string;
  /** The room type to preselect (e.g. 'Deluxe'); the guest can change it. */
  roomType?: string;
  /** The dates and guests chosen on the page, carried into the dialog. */
  stay?: StaySearch | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={dialogUrl(pathname, roomType ?? "", stay?.chosen ? stay : null)}
      className={className}
      aria-haspopup="dialog"
      data-book-room=""
    >
      {children}
    </a>
  );
}

/**
 * The Room Booking dialog's place on each page with BookRoomButtons (/rooms, /details/:id).
 * `dialog` comes from the page's loader when the address has `?book=`, `answer` from the page's
 * action after a POST: the dialog then renders open and complete, with the guest's values and
 * errors; after a booking the success notice shows instead. Otherwise the page carries the
 * dialog's empty frame as a template, for the script to open at once while it fetches the rooms.
 */
export function RoomBookingDialogHost({
  pathname,
  dialog,
  answer,
}: {
  pathname: string;
  dialog: RoomDialogData | null;
  answer: RoomDialogAnswer | undefined;
}) {
  const result = answer?.result;
  const booked = result?.status === "success" ? (result.reference ?? "") : null;
  const refused = result && result.status !== "success" ? answer : undefined;
  const roomType =
    dialog?.roomType ?? (refused && result?.status !== "success" ? result?.values.roomType : "") ?? "";
  const open = booked === null && (dialog !== null || refused !== undefined);
  return (
    <>
      <div id={RESULT_ID} className="room-booking-result">
        {booked !== null ? (
          <Notice tone="success">
            {BOOKING_SUCCESSFUL} {booked ? messages.bookingReferenceNote(booked) : null}
          </Notice>
        ) : null}
      </div>
      {open ? (
        <DialogFrame open>
          <RoomBookingForm pathname={pathname} roomType={roomType} dialog={dialog} answer={refused} />
        </DialogFrame>
      ) : (
        <template id={`${DIALOG_ID}-shell`}>
          <DialogFrame open={false}>
            <p className="room-booking-form__loading" role="status" data-dialog-loading="">
              {LOADING_AVAILABLE_ROOMS}
            </p>
            <div className="room-booking-form" data-dialog-failure="" hidden>
              <Notice tone="error">{messages.failedToFetchRooms(messages.REASON_UNEXPECTED)}</Notice>
            </div>
          </DialogFrame>
        </template>
      )}
    </>
  );
}

function DialogFrame({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <dialog
      id={DIALOG_ID}
      className="room-booking-dialog"
      aria-labelledby="room-booking-title"
      open={open || undefined}
    >
      <div className="room-booking-dialog__header">
        <h2 id="room-booking-title" className="room-booking-dialog__title">
          {ROOM_BOOKING_TITLE}
        </h2>
        {/* method="dialog" closes the dialog natively, with or without JavaScript. */}
        <form method="dialog" className="room-booking-dialog__close-form">
          <button type="submit" className="room-booking-dialog__close" aria-label="Close">
            ×
          </button>
        </form>
      </div>
      {children}
    </dialog>
  );
}

function defaultRoomId(rooms: RoomOption[], roomType: string): string {
  const match = rooms.find((room) => room.type === roomType);
  return match ? String(match.id) : "";
}

function initialValues(
  dialog: RoomDialogData | null,
  answer: RoomDialogAnswer | undefined,
): Record<string, string> {
  const result = answer?.result;
  if (result && result.status !== "success") return result.values;
  const chosen = dialog?.stay.chosen ? dialog.stay : null;
  const fromStay: Record<string, string> = chosen
    ? {
        checkIn: chosen.checkIn,
        checkOut: chosen.checkOut,
        adults: String(chosen.adults),
        children: String(chosen.children),
      }
    : {};
  return { ...fromStay, ...dialog?.values };
}

/** The dialog's form: posts to the page's own action (ADR 0010), checked and sent in place with JavaScript. */
function RoomBookingForm({
  pathname,
  roomType,
  dialog,
  answer,
}: {
  pathname: string;
  roomType: string;
  dialog: RoomDialogData | null;
  answer: RoomDialogAnswer | undefined;
}) {
  const today = lodgeToday();
  const values = initialValues(dialog, answer);
  const roomsData: AvailableRoomsData | undefined = answer?.rooms ?? dialog?.rooms ?? undefined;
  const rooms = roomsData?.rooms ?? [];
  // After 'room just booked' nothing is proposed: the guest picks another room. Otherwise the
  // first free room of the clicked type is.
  const proposed = values.roomId ?? (isTaken(answer?.result) ? "" : defaultRoomId(rooms, roomType));
  const roomId = rooms.some((room) => String(room.id) === proposed) ? proposed : "";
  const room = rooms.find((candidate) => String(candidate.id) === roomId);
  const result: FormResult | undefined = answer?.result;
  const fieldErrors = result?.status === "invalid" ? result.fieldErrors : {};
  const formError =
    result?.status === "error"
      ? result.message
      : result?.status === "invalid"
        ? messages.BOOKING_CHECK_FIELDS
        : null;
  const action = dialogUrl(pathname, roomType, null);
  const checkIn = values.checkIn ?? "";
  const checkOut = values.checkOut ?? "";

  return (
    <form
      method="post"
      action={action}
      noValidate
      className="room-booking-form"
      data-enhance="room-booking"
      data-swap={`${RESULT_ID} ${DIALOG_ID}`}
      data-availability={action}
      data-availability-swap={ROOMS_ID}
    >
      <template data-failure="">
        <Notice tone="error">{messages.failedToCreateBooking(messages.REASON_UNEXPECTED)}</Notice>
      </template>
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      {roomsData?.error ? <Notice tone="error">{roomsData.error}</Notice> : null}

      <div className="room-booking-form__grid">
        <GuestFields values={values} fieldErrors={fieldErrors} />
        <StayFields
          values={values}
          fieldErrors={fieldErrors}
          today={today}
          checkIn={checkIn}
          checkOut={checkOut}
          childrenRequired={true}
        />
      </div>

      <div id={ROOMS_ID}>
        {roomsData === undefined ? (
          <p className="room-booking-form__loading" role="status">
            {LOADING_AVAILABLE_ROOMS}
          </p>
        ) : (
          <SelectField
            name="roomId"
            label={FIELD_LABELS.roomId}
            required
            defaultValue={roomId}
            error={fieldErrors.roomId}
          >
            {rooms.length === 0 ? (
              <option value="">{NO_ROOMS_AVAILABLE}</option>
            ) : (
              <>
                <option value="">{SELECT_A_ROOM_PLACEHOLDER}</option>
                {rooms.map((option) => (
                  <option key={option.id} value={option.id} data-price={option.price}>
                    {`${option.roomNumber || messages.UNKNOWN_NUMBER} - ${option.type || messages.UNKNOWN_TYPE} - ${formatKwacha(option.price)}`}
                  </option>
                ))}
              </>
            )}
          </SelectField>
        )}
      </div>

      <p className="room-booking-form__estimate" aria-live="polite" data-estimate="stay">
        {stayPriceText(room?.price ?? null, checkIn, checkOut)}
      </p>

      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={dialog?.submissionId ?? ""} />
      <input type="hidden" name="roomType" value={roomType} />
      {/* The GET below carries it, so the page renders with the dialog open again. */}
      <input type="hidden" name={BOOK} value={roomType} />

      {/* Without JavaScript: reload the page with the rooms free for these dates, keeping every
          field. With it the list follows the dates by itself and the button is hidden. */}
      <button
        type="submit"
        formMethod="get"
        formAction={pathname}
        formNoValidate
        className="btn btn--outline room-booking-form__check"
        data-check-availability=""
      >
        {messages.CHECK_AVAILABILITY}
      </button>
      <button
        type="submit"
        className="btn btn--dark room-booking-form__submit"
        data-pending-label={messages.BOOKING_PENDING}
      >
        {CONFIRM_BOOKING}
      </button>
    </form>
  );
}
