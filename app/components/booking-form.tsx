import { BOOKING_TABS, type BookingTab } from "~/lib/form-rules.ts";
import { lodgeToday } from "~/lib/dates.ts";
import { SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import * as messages from "~/lib/messages.ts";
import { formatKwacha } from "~/lib/money.ts";
import { stayPriceText } from "~/lib/stay-estimate.ts";
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
import "./booking-form.css";

const { FIELD_LABELS, SUMMARY_LABELS } = messages;

export interface VenueOption {
  id: number;
  venue: string;
  price: number;
}

export function isBookingTab(value: unknown): value is BookingTab {
  return typeof value === "string" && (BOOKING_TABS as readonly string[]).includes(value);
}

/** The part of /booking a form's answer replaces (app/routes/booking.tsx renders it). */
export const BOOKING_CONTENT_ID = "booking-page-content";
const PANEL_ID = "booking-panel";
/** The room or venue list, which follows the dates with JavaScript (availability-enhance.ts). */
const LIST_ID = "booking-list";

/**
 * /booking's tabbed form (spec section 2): room (default), reservation and
 * venue. The tabs are links to `?tab=…`, so without JavaScript each one is a
 * page the server renders; with JavaScript they switch in place and follow
 * the ARIA tabs pattern (booking-tabs-enhance.ts).
 */
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
  const tab = resultTab ?? initialTab;

  return (
    <div className="booking-form">
      <div
        role="tablist"
        aria-label={messages.BOOKING_PAGE_TITLE}
        className="booking-form__tabs"
        data-panel={PANEL_ID}
        // The form is hidden while its data loads (spec section 2): the script shows this instead.
        data-loading={messages.LOADING_DATA}
      >
        {BOOKING_TABS.map((name) => {
          const selected = name === tab;
          return (
            <a
              key={name}
              href={`/booking?tab=${name}`}
              role="tab"
              id={`booking-tab-${name}`}
              aria-selected={selected}
              aria-controls={selected ? PANEL_ID : undefined}
              className="booking-form__tab"
            >
              {messages.BOOKING_TAB_LABELS[name]}
            </a>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={PANEL_ID}
        aria-labelledby={`booking-tab-${tab}`}
        className="booking-form__panel"
      >
        <BookingFields
          tab={tab}
          rooms={rooms}
          venues={venues}
          submissionId={submissionId}
          values={result && result.status !== "success" ? result.values : initialValues}
          result={resultTab === tab ? result : undefined}
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
  values,
  result,
}: {
  tab: BookingTab;
  rooms: RoomOption[];
  venues: VenueOption[];
  submissionId: string;
  values: Record<string, string>;
  result: FormResult | undefined;
}) {
  const fieldErrors = result?.status === "invalid" ? result.fieldErrors : {};
  const today = lodgeToday();
  const isStay = tab !== "venue";
  const room = rooms.find((option) => String(option.id) === values.roomId);
  const venue = venues.find((option) => String(option.id) === values.venueId);
  const checkIn = values.checkIn ?? "";
  const checkOut = values.checkOut ?? "";

  return (
    <form
      method="post"
      action={`/booking?tab=${tab}`}
      noValidate
      className="booking-form__form"
      data-enhance="booking"
      data-swap={BOOKING_CONTENT_ID}
      data-availability={`/booking?tab=${tab}`}
      data-availability-swap={LIST_ID}
    >
      <template data-failure="">
        <Notice tone="error">{messages.failedToCreateBooking(messages.REASON_UNEXPECTED)}</Notice>
      </template>
      {result?.status === "error" ? <Notice tone="error">{result.message}</Notice> : null}
      <input type="hidden" name="tab" value={tab} />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      <HoneypotField />

      <div className="booking-form__grid">
        <GuestFields values={values} fieldErrors={fieldErrors} />

        {isStay ? (
          <>
            <div id={LIST_ID} className="booking-form__wide">
              <SelectField
                name="roomId"
                label={FIELD_LABELS.roomId}
                required
                defaultValue={room ? String(room.id) : ""}
                error={fieldErrors.roomId}
              >
                {rooms.length === 0 ? (
                  <option value="">{messages.NO_ROOMS_AVAILABLE}</option>
                ) : (
                  <>
                    <option value="">{messages.SELECT_A_ROOM_PLACEHOLDER}</option>
                    {rooms.map((option) => (
                      <option
                        key={option.id}
                        value={option.id}
                        data-price={option.price}
                        data-number={option.roomNumber || messages.UNKNOWN_NUMBER}
                        data-type={option.type || messages.UNKNOWN_TYPE}
                      >
                        {`${option.roomNumber || messages.UNKNOWN_NUMBER} - ${option.type || messages.UNKNOWN_TYPE} - ${formatKwacha(option.price)}`}
                      </option>
                    ))}
                  </>
                )}
              </SelectField>
            </div>
            <StayFields
              values={values}
              fieldErrors={fieldErrors}
              today={today}
              checkIn={checkIn}
              checkOut={checkOut}
              childrenRequired={false}
            />
          </>
        ) : (
          <>
            <div id={LIST_ID} className="booking-form__wide">
              <SelectField
                name="venueId"
                label={FIELD_LABELS.venueId}
                required
                defaultValue={venue ? String(venue.id) : ""}
                error={fieldErrors.venueId}
              >
                {venues.length === 0 ? (
                  <option value="">{messages.NO_VENUES_AVAILABLE}</option>
                ) : (
                  <>
                    <option value="">{messages.SELECT_A_VENUE_PLACEHOLDER}</option>
                    {venues.map((option) => (
                      <option
                        key={option.id}
                        value={option.id}
                        data-price={option.price}
                        data-venue={option.venue || messages.UNKNOWN_VENUE}
                      >
                        {`${option.venue || messages.UNKNOWN_VENUE} - ${formatKwacha(option.price)}`}
                      </option>
                    ))}
                  </>
                )}
              </SelectField>
            </div>
            <InputField
              name="bookingDate"
              label={FIELD_LABELS.bookingDate}
              type="date"
              required
              min={today}
              defaultValue={values.bookingDate}
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

      {/* What the choice costs; the script keeps it up to date (estimate-enhance.ts). */}
      <dl
        className="booking-form__summary"
        aria-live="polite"
        data-estimate="summary"
        hidden={(isStay ? room : venue) === undefined}
      >
        {isStay ? (
          <>
            <div>
              <dt>{SUMMARY_LABELS.room}</dt>
              <dd data-estimate-part="number">{room ? room.roomNumber || messages.UNKNOWN_NUMBER : ""}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.type}</dt>
              <dd data-estimate-part="type">{room ? room.type || messages.UNKNOWN_TYPE : ""}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.totalPrice}</dt>
              <dd data-estimate-part="total">{stayPriceText(room?.price ?? null, checkIn, checkOut)}</dd>
            </div>
          </>
        ) : (
          <>
            <div>
              <dt>{SUMMARY_LABELS.venue}</dt>
              <dd data-estimate-part="venue">{venue ? venue.venue || messages.UNKNOWN_VENUE : ""}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.totalPrice}</dt>
              <dd data-estimate-part="venue-total">{venue ? formatKwacha(venue.price) : ""}</dd>
            </div>
          </>
        )}
      </dl>

      {/* Without JavaScript: reload the page with the lists for the chosen dates, keeping every
          field. With it the lists follow the dates by themselves and the button is hidden. */}
      <button
        type="submit"
        formMethod="get"
        formAction="/booking"
        formNoValidate
        className="btn btn--outline booking-form__check"
        data-check-availability=""
      >
        {messages.CHECK_AVAILABILITY}
      </button>
      <button
        type="submit"
        className="btn btn--primary booking-form__submit"
        data-pending-label={messages.BOOKING_PENDING}
      >
        {messages.BOOKING_SUBMIT_LABELS[tab]}
      </button>
    </form>
  );
}
