import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { BOOKING_TABS, type BookingTab } from "~/lib/form-rules.ts";
import { isIsoDate, lodgeToday, nightsBetween } from "~/lib/dates.ts";
import { isTaken, SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import * as messages from "~/lib/messages.ts";
import { formatKwacha, stayTotal } from "~/lib/money.ts";
import type { FormInput } from "~/lib/schemas/form-data.ts";
import { datesToAsk } from "~/lib/stay-search.ts";
import {
  GuestFields,
  HoneypotField,
  InputField,
  SelectField,
  StayFields,
  TextAreaField,
} from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import type { RoomOption } from "./room-booking-dialog.tsx";
import { useDebouncedLoad, useHydrated } from "./use-availability.ts";
import { useFormValidation } from "./use-form-validation.ts";
import "./booking-form.css";

const { FIELD_LABELS, SUMMARY_LABELS } = messages;

export interface VenueOption {
  id: number;
  venue: string;
  price: number;
}

const isStayTab = (tab: BookingTab) => tab !== "venue";

export function isBookingTab(value: unknown): value is BookingTab {
  return typeof value === "string" && (BOOKING_TABS as readonly string[]).includes(value);
}

/**
 * /booking's tabbed form (spec section 2): room (default), reservation and
 * venue. The tabs are links to `?tab=…`, so without JavaScript each one is a
 * page the server renders; with JavaScript they switch in place and follow
 * the ARIA tabs pattern (arrow keys, Home, End).
 */
/** The /booking schema, loaded when the page is idle (see useFormValidation). */
const loadParse = () =>
  import("~/lib/schemas/booking.ts").then(
    ({ parseBookingForm }) =>
      (input: FormInput) =>
        parseBookingForm(input, lodgeToday()),
  );

export function BookingForm({
  rooms,
  venues,
  submissionId,
  initialTab,
  initialValues,
  result,
}: {
  rooms: RoomOption[];
  venues: VenueOption[];
  /** New on every load: the form starts afresh after a success. */
  submissionId: string;
  initialTab: BookingTab;
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  initialValues: Record<string, string>;
  result: FormResult | undefined;
}) {
  const resultTab =
    result && result.status !== "success" && isBookingTab(result.values.tab) ? result.values.tab : undefined;
  const [tab, setTab] = useState<BookingTab>(resultTab ?? initialTab);
  const hydrated = useHydrated();
  const tabRefs = useRef<Partial<Record<BookingTab, HTMLAnchorElement | null>>>({});

  function select(next: BookingTab, focus: boolean) {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const index = BOOKING_TABS.indexOf(tab);
    const last = BOOKING_TABS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    select(BOOKING_TABS[target] ?? "room", true);
  }

  return (
    <div className="booking-form">
      <div role="tablist" aria-label={messages.BOOKING_PAGE_TITLE} className="booking-form__tabs">
        {BOOKING_TABS.map((name) => {
          const selected = name === tab;
          return (
            <Link
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              to={`?tab=${name}`}
              replace
              preventScrollReset
              role="tab"
              id={`booking-tab-${name}`}
              aria-selected={selected}
              aria-controls={selected ? "booking-panel" : undefined}
              // Roving focus once the script runs; before that every tab is a plain link.
              tabIndex={hydrated && !selected ? -1 : undefined}
              className="booking-form__tab"
              onClick={(event) => {
                event.preventDefault();
                select(name, false);
              }}
              onKeyDown={onTabKeyDown}
            >
              {messages.BOOKING_TAB_LABELS[name]}
            </Link>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id="booking-panel"
        aria-labelledby={`booking-tab-${tab}`}
        className="booking-form__panel"
      >
        <BookingFields
          key={`${tab}-${submissionId}`}
          tab={tab}
          rooms={rooms}
          venues={venues}
          submissionId={submissionId}
          initialValues={initialValues}
          result={resultTab === tab || result?.status === "success" ? result : undefined}
        />
      </div>
    </div>
  );
}

function BookingFields({
  tab,
  rooms,
  venues,
  submissionId,
  initialValues,
  result,
}: {
  tab: BookingTab;
  rooms: RoomOption[];
  venues: VenueOption[];
  submissionId: string;
  initialValues: Record<string, string>;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const submitting = useRef(false);
  const pending = navigation.state === "submitting";
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const values = result && result.status !== "success" ? result.values : initialValues;
  // Uncontrolled fields (defaultValue): what a guest types before the script
  // has loaded survives hydration. The state only feeds the price summary.
  const [roomId, setRoomId] = useState(values.roomId ?? "");
  const [venueId, setVenueId] = useState(values.venueId ?? "");
  const [checkIn, setCheckIn] = useState(values.checkIn ?? "");
  const [checkOut, setCheckOut] = useState(values.checkOut ?? "");
  const [bookingDate, setBookingDate] = useState(values.bookingDate ?? "");
  const hydrated = useHydrated();

  // The lists follow the dates by themselves (a GET of this page's loader, debounced); without
  // JavaScript 'Check availability' reloads the page with them.
  const [renderedDates] = useState(() => datesToAsk(values.checkIn ?? "", values.checkOut ?? ""));
  const [renderedDate] = useState(() => values.bookingDate ?? "");
  const asked = datesToAsk(checkIn, checkOut);
  const stayUrl = (dates: { checkIn: string; checkOut: string } | null) =>
    dates ? `/booking?${new URLSearchParams({ tab, ...dates })}` : null;
  const freeRooms = useDebouncedLoad<{ rooms: RoomOption[] }>(
    isStayTab(tab) ? stayUrl(asked) : null,
    stayUrl(renderedDates),
  );
  const venueUrl = (date: string) =>
    isIsoDate(date) ? `/booking?${new URLSearchParams({ tab, bookingDate: date })}` : null;
  const freeVenues = useDebouncedLoad<{ venues: VenueOption[] }>(
    tab === "venue" ? venueUrl(bookingDate) : null,
    venueUrl(renderedDate),
  );
  const roomList = freeRooms.data?.rooms ?? rooms;
  const venueList = freeVenues.data?.venues ?? venues;

  const { formRef, fieldErrors, onSubmit, clearError } = useFormValidation(loadParse, result);

  // Someone else took the room: show the fresh list (decisions.md 8).
  const taken = isTaken(result);
  const { revalidate } = revalidator;
  useEffect(() => {
    if (taken) void revalidate();
  }, [taken, revalidate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    onSubmit(event);
    if (event.defaultPrevented) return;
    // One request per form: a double click does not send a second one.
    if (submitting.current) {
      event.preventDefault();
      return;
    }
    submitting.current = true;
  }

  const today = lodgeToday();
  const isStay = tab !== "venue";
  const room = roomList.find((option) => String(option.id) === roomId);
  const venue = venueList.find((option) => String(option.id) === venueId);
  const validStay = isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut >= checkIn;

  return (
    <Form
      ref={formRef}
      method="post"
      action={`/booking?tab=${tab}`}
      noValidate
      preventScrollReset
      onSubmit={submit}
      onChange={(event) => {
        const { name } = event.target as { name?: unknown };
        if (typeof name === "string" && name) clearError(name);
      }}
      className="booking-form__form"
    >
      {result?.status === "error" ? <Notice tone="error">{result.message}</Notice> : null}
      <input type="hidden" name="tab" value={tab} />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      <HoneypotField />

      <div className="booking-form__grid">
        <GuestFields values={values} fieldErrors={fieldErrors} />

        {isStay ? (
          <>
            <SelectField
              // A new list starts afresh, keeping the chosen room when it is still free.
              key={roomList.map((option) => option.id).join()}
              name="roomId"
              label={FIELD_LABELS.roomId}
              required
              defaultValue={room ? roomId : ""}
              onChange={(event) => setRoomId(event.target.value)}
              error={fieldErrors.roomId}
              className="booking-form__wide"
            >
              {roomList.length === 0 ? (
                <option value="">{messages.NO_ROOMS_AVAILABLE}</option>
              ) : (
                <>
                  <option value="">{messages.SELECT_A_ROOM_PLACEHOLDER}</option>
                  {roomList.map((option) => (
                    <option key={option.id} value={option.id}>
                      {`${option.roomNumber || messages.UNKNOWN_NUMBER} - ${option.type || messages.UNKNOWN_TYPE} - ${formatKwacha(option.price)}`}
                    </option>
                  ))}
                </>
              )}
            </SelectField>
            <StayFields
              values={values}
              fieldErrors={fieldErrors}
              today={today}
              checkIn={checkIn}
              checkOut={checkOut}
              onCheckIn={setCheckIn}
              onCheckOut={setCheckOut}
              childrenRequired={false}
            />
          </>
        ) : (
          <>
            <SelectField
              key={venueList.map((option) => option.id).join()}
              name="venueId"
              label={FIELD_LABELS.venueId}
              required
              defaultValue={venue ? venueId : ""}
              onChange={(event) => setVenueId(event.target.value)}
              error={fieldErrors.venueId}
              className="booking-form__wide"
            >
              {venueList.length === 0 ? (
                <option value="">{messages.NO_VENUES_AVAILABLE}</option>
              ) : (
                <>
                  <option value="">{messages.SELECT_A_VENUE_PLACEHOLDER}</option>
                  {venueList.map((option) => (
                    <option key={option.id} value={option.id}>
                      {`${option.venue || messages.UNKNOWN_VENUE} - ${formatKwacha(option.price)}`}
                    </option>
                  ))}
                </>
              )}
            </SelectField>
            <InputField
              name="bookingDate"
              label={FIELD_LABELS.bookingDate}
              type="date"
              required
              min={today}
              defaultValue={values.bookingDate}
              onChange={(event) => setBookingDate(event.target.value)}
              error={fieldErrors.bookingDate}
            />
            <InputField
              name="numberOfPeople"
              label={FIELD_LABELS.numberOfPeople}
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              required
              defaultValue={values.numberOfPeople ?? "1"}
              error={fieldErrors.numberOfPeople}
            />
          </>
        )}
        <TextAreaField
          name="message"
          label={FIELD_LABELS.message}
          rows={3}
          maxLength={2000}
          defaultValue={values.message}
          error={fieldErrors.message}
          className="booking-form__wide"
        />
      </div>

      <dl className="booking-form__summary" aria-live="polite">
        {isStay && room ? (
          <>
            <div>
              <dt>{SUMMARY_LABELS.room}</dt>
              <dd>{room.roomNumber || messages.UNKNOWN_NUMBER}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.type}</dt>
              <dd>{room.type || messages.UNKNOWN_TYPE}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.totalPrice}</dt>
              <dd>
                {validStay
                  ? messages.estimatedStayTotal(
                      formatKwacha(stayTotal(room.price, checkIn, checkOut)),
                      nightsBetween(checkIn, checkOut),
                    )
                  : messages.perNight(formatKwacha(room.price))}
              </dd>
            </div>
          </>
        ) : null}
        {!isStay && venue ? (
          <>
            <div>
              <dt>{SUMMARY_LABELS.venue}</dt>
              <dd>{venue.venue || messages.UNKNOWN_VENUE}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.totalPrice}</dt>
              <dd>{formatKwacha(venue.price)}</dd>
            </div>
          </>
        ) : null}
      </dl>

      {/* Without JavaScript: reload the page with the lists for the chosen dates, keeping every field. */}
      <button
        type="submit"
        formMethod="get"
        formAction="/booking"
        formNoValidate
        className="btn btn--outline booking-form__check"
        hidden={hydrated}
      >
        {messages.CHECK_AVAILABILITY}
      </button>
      <button type="submit" className="btn btn--primary booking-form__submit" disabled={pending}>
        {pending ? messages.BOOKING_PENDING : messages.BOOKING_SUBMIT_LABELS[tab]}
      </button>
    </Form>
  );
}
