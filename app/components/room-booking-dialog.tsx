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
import { isBookingReference } from "~/lib/booking-reference.ts";
import { isIsoDate, lodgeToday, nightsBetween } from "~/lib/dates.ts";
import { SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import * as messages from "~/lib/messages.ts";
import type { FormInput } from "~/lib/schemas/form-data.ts";
import { formatKwacha, stayTotal } from "~/lib/money.ts";
import { GuestFields, HoneypotField, SelectField, StayFields } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import { useFormValidation } from "./use-form-validation.ts";
import "./room-booking-dialog.css";

const {
  BOOKING_SUCCESSFUL,
  CONFIRM_BOOKING,
  FIELD_LABELS,
  LOADING_AVAILABLE_ROOMS,
  NO_ROOMS_AVAILABLE,
  ROOM_BOOKING_TITLE,
  ROOM_JUST_BOOKED,
  SELECT_A_ROOM_PLACEHOLDER,
} = messages;

/** A room as the dialog lists it ('101 - Deluxe - K400'). */
export interface RoomOption {
  id: number;
  roomNumber: string;
  type: string;
  price: number;
}

/** GET /api/available-rooms, or the same from a page loader (see loadRoomBookingDialog). */
export type AvailableRoomsData =
  { rooms: RoomOption[]; error?: undefined } | { error: string; rooms?: undefined };

const ROOMS_URL = "/api/available-rooms";
const BOOKING_URL = "/api/room-booking";
/** Query parameters (shared with redirectBack in routes/booking.server.ts). */
const BOOK = "book";
const BOOKED = "booked";
const BOOKING_ERROR = "bookingError";
const BOOKING_FIELD = "bookingField";

// BookRoomButton and the host live in different parts of a page; a click on
// the button reaches the host through this set (no provider to wire up).
const openListeners = new Set<(roomType: string) => void>();

/**
 * The dark button on room cards and the room details page. Without
 * JavaScript (or before it loads) it is a link to `?book=<type>`, which
 * renders the page with the dialog open; with JavaScript it opens the modal
 * dialog in place.
 */
/** The dialog's schema, loaded when the page is idle (see useFormValidation). */
const loadParse = () =>
  import("~/lib/schemas/room-booking.ts").then(
    ({ parseRoomBookingForm }) =>
      (input: FormInput) =>
        parseRoomBookingForm(input, lodgeToday()),
  );

export function BookRoomButton({
  roomType,
  children,
  className,
}: {
  /** The room type to preselect (e.g. 'Deluxe'); the guest can change it. */
  roomType?: string;
  children: ReactNode;
  className?: string;
}) {
  function openInPlace(event: MouseEvent<HTMLAnchorElement>) {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainClick || openListeners.size === 0) return;
    event.preventDefault();
    for (const open of openListeners) open(roomType ?? "");
  }
  return (
    <Link
      to={`?${BOOK}=${encodeURIComponent(roomType ?? "")}`}
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
  /** Opened from the URL: rendered open on the server. */
  fromUrl: boolean;
  key: number;
}

const KNOWN_MESSAGES = new Set<string>(Object.values(messages).filter((value) => typeof value === "string"));

/** The outcome of a POST without JavaScript, as redirectBack put it in the URL. */
function resultFromUrl(params: URLSearchParams): FormResult | undefined {
  const code = params.get(BOOKING_ERROR);
  if (!code) return undefined;
  if (code === "invalid") {
    const fieldErrors: Record<string, string> = {};
    for (const entry of params.getAll(BOOKING_FIELD)) {
      const split = entry.indexOf(":");
      const [field, message] = [entry.slice(0, split), entry.slice(split + 1)];
      if (split > 0 && KNOWN_MESSAGES.has(message)) fieldErrors[field] = message;
    }
    return { status: "invalid", fieldErrors, values: {} };
  }
  const message =
    code === "taken"
      ? ROOM_JUST_BOOKED
      : code === "rate-limited"
        ? messages.RATE_LIMITED
        : messages.failedToCreateBooking(
            code === "unavailable" ? messages.REASON_DATABASE_UNAVAILABLE : messages.REASON_UNEXPECTED,
          );
  return { status: "error", message, values: {} };
}

/**
 * The Room Booking dialog, placed once on each page that has BookRoomButtons
 * (/rooms, /details/:id). `initialRooms` comes from the page's loader
 * (loadRoomBookingDialog) when the URL has `?book=`, so the dialog is complete
 * without JavaScript; otherwise the dialog loads the rooms when it opens.
 */
export function RoomBookingDialogHost({ initialRooms }: { initialRooms?: AvailableRoomsData | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlRoomType = searchParams.get(BOOK);
  const urlReference = searchParams.get(BOOKED);
  const [session, setSession] = useState<DialogSession | null>(() =>
    urlRoomType === null ? null : { roomType: urlRoomType, fromUrl: true, key: 0 },
  );
  const [success, setSuccess] = useState<string | null>(() =>
    isBookingReference(urlReference) ? urlReference : null,
  );

  useEffect(() => {
    const open = (roomType: string) => {
      setSuccess(null);
      setSession((current) => ({ roomType, fromUrl: false, key: (current?.key ?? 0) + 1 }));
    };
    openListeners.add(open);
    return () => {
      openListeners.delete(open);
    };
  }, []);

  const clearUrl = useCallback(() => {
    if (![BOOK, BOOKED, BOOKING_ERROR, BOOKING_FIELD].some((key) => searchParams.has(key))) return;
    setSearchParams(
      (params) => {
        for (const key of [BOOK, BOOKED, BOOKING_ERROR, BOOKING_FIELD]) params.delete(key);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams]);

  const close = useCallback(() => {
    setSession(null);
    clearUrl();
  }, [clearUrl]);

  const booked = useCallback(
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
          renderedOpen={session.fromUrl}
          initialRooms={session.fromUrl ? initialRooms : undefined}
          urlResult={session.fromUrl ? resultFromUrl(searchParams) : undefined}
          onClose={close}
          onBooked={booked}
        />
      ) : null}
    </>
  );
}

function RoomBookingDialog({
  roomType,
  renderedOpen,
  initialRooms,
  urlResult,
  onClose,
  onBooked,
}: {
  roomType: string;
  renderedOpen: boolean;
  initialRooms?: AvailableRoomsData | null;
  urlResult?: FormResult;
  onClose: () => void;
  onBooked: (reference: string) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  // A modal dialog keeps focus inside and closes on Escape (the browser does
  // both). Opened from the URL it was rendered open; make it modal once the
  // script runs.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
    const closed = () => onClose();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose]);

  const returnParams = new URLSearchParams(location.search);
  for (const key of [BOOK, BOOKED, BOOKING_ERROR, BOOKING_FIELD]) returnParams.delete(key);
  const returnTo = location.pathname + (returnParams.size > 0 ? `?${returnParams}` : "");

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
      <RoomBookingForm
        roomType={roomType}
        initialRooms={initialRooms}
        urlResult={urlResult}
        returnTo={returnTo}
        onBooked={onBooked}
      />
    </dialog>
  );
}

function defaultRoomId(rooms: RoomOption[], roomType: string): string {
  const match = rooms.find((room) => room.type === roomType);
  return match ? String(match.id) : "";
}

function RoomBookingForm({
  roomType,
  initialRooms,
  urlResult,
  returnTo,
  onBooked,
}: {
  roomType: string;
  initialRooms?: AvailableRoomsData | null;
  urlResult?: FormResult;
  returnTo: string;
  onBooked: (reference: string) => void;
}) {
  const roomsFetcher = useFetcher<AvailableRoomsData>();
  const bookingFetcher = useFetcher<FormResult>();
  const { load } = roomsFetcher;
  // One id per opening of the dialog: a double click or a retried request
  // finds the first booking instead of making a second (decisions.md 16).
  const [submissionId] = useState(() => globalThis.crypto.randomUUID());
  const submitting = useRef(false);

  const today = lodgeToday();
  const [checkIn, setCheckIn] = useState("");
  const [checkOut, setCheckOut] = useState("");
  /** null until the guest picks: then the first room of the clicked type is proposed. */
  const [chosenRoom, setChosenRoom] = useState<string | null>(null);

  useEffect(() => {
    if (!initialRooms) load(ROOMS_URL);
  }, [initialRooms, load]);

  const roomsData = roomsFetcher.data ?? initialRooms ?? undefined;
  const loadingRooms = roomsFetcher.state === "loading" || roomsData === undefined;
  const rooms = roomsData?.rooms ?? [];
  // After 'room just booked' nothing is proposed: the guest picks another room.
  const taken = bookingFetcher.data?.status === "error" && bookingFetcher.data.message === ROOM_JUST_BOOKED;
  const proposed = chosenRoom ?? (taken ? "" : defaultRoomId(rooms, roomType));
  const roomId = rooms.some((room) => String(room.id) === proposed) ? proposed : "";
  const room = rooms.find((candidate) => String(candidate.id) === roomId);

  const result = bookingFetcher.data ?? urlResult;
  const { formRef, fieldErrors, onSubmit, clearError } = useFormValidation(loadParse, result);
  const pending = bookingFetcher.state !== "idle";

  useEffect(() => {
    if (bookingFetcher.state === "idle") submitting.current = false;
  }, [bookingFetcher.state]);

  useEffect(() => {
    const answer = bookingFetcher.data;
    if (answer?.status === "success" && answer.reference) onBooked(answer.reference);
    if (answer?.status === "error" && answer.message === ROOM_JUST_BOOKED) load(ROOMS_URL);
  }, [bookingFetcher.data, onBooked, load]);

  function submit(event: FormEvent<HTMLFormElement>) {
    onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    const formData = new FormData(event.currentTarget);
    // No returnTo: the answer comes back as data, not as a redirect.
    formData.delete("returnTo");
    formData.set(SUBMISSION_ID_FIELD, submissionId);
    void bookingFetcher.submit(formData, { method: "post", action: BOOKING_URL });
  }

  const validStay = isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut >= checkIn;
  const estimate =
    room && validStay
      ? messages.estimatedStayTotal(
          formatKwacha(stayTotal(room.price, checkIn, checkOut)),
          nightsBetween(checkIn, checkOut),
        )
      : "";
  const values = result && result.status !== "success" ? result.values : {};
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
      action={BOOKING_URL}
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

      {loadingRooms && !roomsData?.error ? (
        <p className="room-booking-form__loading" role="status">
          {LOADING_AVAILABLE_ROOMS}
        </p>
      ) : (
        <SelectField
          // Uncontrolled, so a choice made before the script loads survives;
          // a new list (after 'room just booked') starts afresh.
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
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="roomType" value={roomType} />

      <button type="submit" className="btn btn--dark room-booking-form__submit" disabled={pending}>
        {pending ? messages.BOOKING_PENDING : CONFIRM_BOOKING}
      </button>
    </form>
  );
}
