import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { Link, useFetcher, useLocation, useSearchParams } from "react-router";
import { isIsoDate, lodgeToday, nightsBetween } from "~/lib/dates.ts";
import { isTaken, SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import * as messages from "~/lib/messages.ts";
import type { FormInput } from "~/lib/schemas/form-data.ts";
import { formatKwacha, stayTotal } from "~/lib/money.ts";
import { datesToAsk, readStaySearch, staySearchQuery, type StaySearch } from "~/lib/stay-search.ts";
import { GuestFields, HoneypotField, SelectField, StayFields } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import { useDebouncedLoad, useHydrated } from "./use-availability.ts";
import { useFormValidation } from "./use-form-validation.ts";
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

/**
 * For the `clientLoader` of pages with the dialog: when the request for the dialog's rooms fails
 * (no network, a 500), the dialog shows the error in its banner instead of the whole page
 * turning into the error screen. Other loads fail as before.
 */
export async function withDialogFallback<T>(
  request: Request,
  serverLoader: () => Promise<T>,
  fallback: (dialog: RoomDialogData) => T,
): Promise<T> {
  try {
    return await serverLoader();
  } catch (error) {
    const params = new URL(request.url).searchParams;
    const roomType = params.get(BOOK);
    if (roomType === null) throw error;
    return fallback({
      roomType,
      stay: readStaySearch(params, lodgeToday()),
      rooms: { error: messages.failedToFetchRooms(messages.REASON_UNEXPECTED) },
      values: {},
    });
  }
}

// BookRoomButton and the host live in different parts of a page; a click on
// the button reaches the host through this set (no provider to wire up).
const openListeners = new Set<(roomType: string, stay: StaySearch | null) => void>();

/** The dialog's schema, loaded when the page is idle (see useFormValidation). */
const loadParse = () =>
  import("~/lib/schemas/room-booking.ts").then(
    ({ parseRoomBookingForm }) =>
      (input: FormInput) =>
        parseRoomBookingForm(input, lodgeToday()),
  );

/**
 * The dark button on room cards and the room details page. Without
 * JavaScript (or before it loads) it is a link to `?book=<type>` (with the
 * stay the guest chose on /rooms), which renders the page with the dialog
 * open; with JavaScript it opens the modal dialog in place.
 */
export function BookRoomButton({
  roomType,
  stay,
  children,
  className,
}: {
  /** The room type to preselect (e.g. 'Deluxe'); the guest can change it. */
  roomType?: string;
  /** The dates and guests chosen on the page, carried into the dialog. */
  stay?: StaySearch | null;
  children: ReactNode;
  className?: string;
}) {
  const { pathname } = useLocation();
  function openInPlace(event: MouseEvent<HTMLAnchorElement>) {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainClick || openListeners.size === 0) return;
    event.preventDefault();
    for (const open of openListeners) open(roomType ?? "", stay ?? null);
  }
  return (
    <Link
      to={dialogUrl(pathname, roomType ?? "", stay?.chosen ? stay : null)}
      className={className}
      preventScrollReset
      aria-haspopup="dialog"
      onClick={openInPlace}
    >
      {children}
    </Link>
  );
}

interface DialogSession {
  roomType: string;
  stay: StaySearch | null;
  /** Opened by the address or by the action's answer: rendered open on the server. */
  fromPage: boolean;
  key: number;
}

/**
 * The Room Booking dialog, placed once on each page that has BookRoomButtons (/rooms,
 * /details/:id). `dialog` comes from the page's loader when the address has `?book=`, `answer`
 * from the page's action after a POST without JavaScript: then the dialog renders open and
 * complete on the server, with the guest's values and errors.
 */
export function RoomBookingDialogHost({
  dialog,
  answer,
}: {
  dialog: RoomDialogData | null;
  answer: RoomDialogAnswer | undefined;
}) {
  const [, setSearchParams] = useSearchParams();
  const refused = answer && answer.result.status !== "success" ? answer : undefined;
  // After a booking without JavaScript the address still says `?book=`: the dialog stays closed.
  const booked = answer?.result.status === "success";
  const [session, setSession] = useState<DialogSession | null>(() =>
    (dialog && !booked) || refused
      ? {
          roomType:
            dialog?.roomType ??
            (refused && refused.result.status !== "success" ? refused.result.values.roomType : "") ??
            "",
          stay: dialog?.stay ?? null,
          fromPage: true,
          key: 0,
        }
      : null,
  );
  const pageSuccess = answer?.result.status === "success" ? (answer.result.reference ?? null) : null;
  const [success, setSuccess] = useState<string | null>(pageSuccess);

  useEffect(() => {
    const open = (roomType: string, stay: StaySearch | null) => {
      setSuccess(null);
      setSession((current) => ({ roomType, stay, fromPage: false, key: (current?.key ?? 0) + 1 }));
    };
    openListeners.add(open);
    return () => {
      openListeners.delete(open);
    };
  }, []);

  const close = useCallback(() => {
    setSession(null);
    setSearchParams(
      (params) => {
        params.delete(BOOK);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);

  const onBooked = useCallback(
    (reference: string) => {
      setSuccess(reference);
      close();
    },
    [close],
  );

  return (
    <>
      {success ? (
        <div className="room-booking-result">
          <Notice tone="success">
            {BOOKING_SUCCESSFUL} {messages.bookingReferenceNote(success)}
          </Notice>
        </div>
      ) : null}
      {session ? (
        <RoomBookingDialog
          key={session.key}
          roomType={session.roomType}
          stay={session.stay}
          renderedOpen={session.fromPage}
          dialog={session.fromPage ? dialog : null}
          answer={session.fromPage ? refused : undefined}
          onClose={close}
          onBooked={onBooked}
        />
      ) : null}
    </>
  );
}

function RoomBookingDialog({
  renderedOpen,
  onClose,
  ...form
}: {
  roomType: string;
  stay: StaySearch | null;
  renderedOpen: boolean;
  dialog: RoomDialogData | null;
  answer: RoomDialogAnswer | undefined;
  onClose: () => void;
  onBooked: (reference: string) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A modal dialog keeps focus inside and closes on Escape (the browser does both). Rendered
  // open by the server, it becomes modal once the script runs: dropping the `open` attribute
  // fires no 'close' event (dialog.close() would, and the dialog would close itself).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (dialog.open && !dialog.matches(":modal")) dialog.removeAttribute("open");
    if (!dialog.open) dialog.showModal();
    const closed = () => onClose();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose]);

  return (
    <dialog
      ref={dialogRef}
      className="room-booking-dialog"
      aria-labelledby="room-booking-title"
      open={renderedOpen || undefined}
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
      <RoomBookingForm {...form} />
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
  stay: StaySearch | null,
): Record<string, string> {
  const result = answer?.result;
  if (result && result.status !== "success") return result.values;
  const chosen = stay?.chosen ? stay : dialog?.stay.chosen ? dialog.stay : null;
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

function RoomBookingForm({
  roomType,
  stay,
  dialog,
  answer,
  onBooked,
}: {
  roomType: string;
  stay: StaySearch | null;
  dialog: RoomDialogData | null;
  answer: RoomDialogAnswer | undefined;
  onBooked: (reference: string) => void;
}) {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const bookingFetcher = useFetcher<RoomDialogAnswer>();
  // One id per opening of the dialog: a double click or a retried request
  // finds the first booking instead of making a second (decisions.md 16);
  // the server ties it to what was sent, so changed fields make a new request.
  const [submissionId] = useState(() => globalThis.crypto.randomUUID());
  const submitting = useRef(false);

  const today = lodgeToday();
  const [values] = useState(() => initialValues(dialog, answer, stay));
  const [checkIn, setCheckIn] = useState(values.checkIn ?? "");
  const [checkOut, setCheckOut] = useState(values.checkOut ?? "");
  /** null until the guest picks: then the first room of the clicked type is proposed. */
  const [chosenRoom, setChosenRoom] = useState<string | null>(values.roomId ?? null);

  // The list follows the dates (a GET of this page's loader, debounced). It starts with what the
  // page brought (opened from the address) or with tonight's rooms (opened by a click).
  const asked = datesToAsk(checkIn, checkOut);
  const askedStay: StaySearch | null = asked ? { ...asked, adults: 1, children: 0, chosen: true } : null;
  const [renderedFor] = useState(() =>
    dialog
      ? dialogUrl(pathname, roomType, dialog.stay.chosen ? { ...dialog.stay, adults: 1, children: 0 } : null)
      : null,
  );
  const roomsLoad = useDebouncedLoad<{ bookingDialog: RoomDialogData | null }>(
    dialogUrl(pathname, roomType, askedStay),
    renderedFor,
  );

  const answered = bookingFetcher.data ?? answer;
  const roomsData: AvailableRoomsData | undefined =
    (bookingFetcher.data && bookingFetcher.data.rooms) ??
    roomsLoad.data?.bookingDialog?.rooms ??
    answer?.rooms ??
    dialog?.rooms ??
    undefined;
  const loadingRooms = roomsData === undefined;
  const rooms = roomsData?.rooms ?? [];
  // After 'room just booked' nothing is proposed: the guest picks another room.
  const taken = isTaken(answered?.result);
  const proposed = chosenRoom ?? (taken ? "" : defaultRoomId(rooms, roomType));
  const roomId = rooms.some((room) => String(room.id) === proposed) ? proposed : "";
  const room = rooms.find((candidate) => String(candidate.id) === roomId);

  const result = answered?.result;
  const { formRef, fieldErrors, onSubmit, clearError } = useFormValidation(loadParse, result);
  const pending = bookingFetcher.state !== "idle";
  const action = dialogUrl(pathname, roomType, null);

  useEffect(() => {
    if (bookingFetcher.state === "idle") submitting.current = false;
  }, [bookingFetcher.state]);

  useEffect(() => {
    const done = bookingFetcher.data?.result;
    if (done?.status === "success" && done.reference) onBooked(done.reference);
  }, [bookingFetcher.data, onBooked]);

  function submit(event: FormEvent<HTMLFormElement>) {
    onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    const formData = new FormData(event.currentTarget);
    formData.set(SUBMISSION_ID_FIELD, submissionId);
    void bookingFetcher.submit(formData, { method: "post", action });
  }

  const validStay = isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut >= checkIn;
  const estimate =
    room && validStay
      ? messages.estimatedStayTotal(
          formatKwacha(stayTotal(room.price, checkIn, checkOut)),
          nightsBetween(checkIn, checkOut),
        )
      : "";
  const formError =
    result?.status === "error"
      ? result.message
      : result?.status === "invalid" && !bookingFetcher.data
        ? messages.BOOKING_CHECK_FIELDS
        : null;

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={submit}
      className="room-booking-form"
      onChange={(event) => {
        const { name } = event.target as { name?: unknown };
        if (typeof name === "string" && name) clearError(name);
      }}
    >
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
          onCheckIn={setCheckIn}
          onCheckOut={setCheckOut}
          childrenRequired={true}
        />
      </div>

      {loadingRooms ? (
        <p className="room-booking-form__loading" role="status">
          {LOADING_AVAILABLE_ROOMS}
        </p>
      ) : (
        <SelectField
          // Uncontrolled, so a choice made before the script loads survives; a new list starts
          // afresh, keeping the chosen room while it is still free.
          key={rooms.map((option) => option.id).join()}
          name="roomId"
          label={FIELD_LABELS.roomId}
          required
          defaultValue={roomId}
          onChange={(event) => setChosenRoom(event.target.value)}
          error={fieldErrors.roomId}
        >
          {rooms.length === 0 ? (
            <option value="">{NO_ROOMS_AVAILABLE}</option>
          ) : (
            <>
              <option value="">{SELECT_A_ROOM_PLACEHOLDER}</option>
              {rooms.map((option) => (
                <option key={option.id} value={option.id}>
                  {`${option.roomNumber || messages.UNKNOWN_NUMBER} - ${option.type || messages.UNKNOWN_TYPE} - ${formatKwacha(option.price)}`}
                </option>
              ))}
            </>
          )}
        </SelectField>
      )}

      <p className="room-booking-form__estimate" aria-live="polite">
        {estimate}
      </p>

      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} defaultValue={submissionId} suppressHydrationWarning />
      <input type="hidden" name="roomType" value={roomType} />
      {/* The GET below carries it, so the page renders with the dialog open again. */}
      <input type="hidden" name={BOOK} value={roomType} disabled={hydrated} />

      {/* Without JavaScript: reload the page with the rooms free for these dates, keeping every field. */}
      <button
        type="submit"
        formMethod="get"
        formAction={pathname}
        formNoValidate
        className="btn btn--outline room-booking-form__check"
        hidden={hydrated}
      >
        {messages.CHECK_AVAILABILITY}
      </button>
      <button type="submit" className="btn btn--dark room-booking-form__submit" disabled={pending}>
        {pending ? messages.BOOKING_PENDING : CONFIRM_BOOKING}
      </button>
    </form>
  );
}
