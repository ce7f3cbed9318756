import { addYears, isIsoDate } from "~/lib/dates.ts";
import { SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import {
  bookingReferenceNote,
  CHECK_AVAILABILITY,
  ESTIMATED_TOTAL,
  failedToCreateReservation,
  FIELD_LABELS,
  NO_ROOMS_AVAILABLE,
  PAYMENT_METHODS,
  REASON_UNEXPECTED,
  RESERVE_NOW,
  SELECT_A_ROOM_PLACEHOLDER,
  SELECT_PAYMENT_METHOD,
  SENDING,
} from "~/lib/messages.ts";
import { reservationEstimateText } from "~/lib/stay-estimate.ts";
import { HoneypotField, InputField, SelectField, TextAreaField } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import "./reservation-form.css";

/** A room as /reservation offers it: 'number - type - K price' and the nightly rate. */
export interface RoomChoice {
  id: string;
  label: string;
  price: number;
}

interface ReservationFormProps {
  rooms: readonly RoomChoice[];
  /** The lodge's date (Africa/Lusaka), from the loader, so server and browser agree. */
  today: string;
  /** One per rendered form: a repeated POST stores one reservation. */
  submissionId: string;
  /** The action's answer, with or without JavaScript. */
  result?: FormResult;
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  initialValues?: Record<string, string>;
}

const FORM_ID = "reservation-form";
/** The room list, which follows the dates with JavaScript (availability-enhance.ts). */
const ROOMS_ID = "reservation-rooms";

/**
 * The /reservation form (spec sections 2 and 5). It posts to the page's action with or without
 * JavaScript; with it (form-enhance.ts) the same schema checks the fields first, the button
 * cannot send twice and the answer replaces the form in place.
 */
export function ReservationForm({
  rooms,
  today,
  submissionId,
  result,
  initialValues = {},
}: ReservationFormProps) {
  const values = result && result.status !== "success" ? result.values : initialValues;
  const fieldErrors = result?.status === "invalid" ? result.fieldErrors : {};
  return (
    <form
      id={FORM_ID}
      method="post"
      // The fragment brings the guest back to the form, and its notice, after the page reloads.
      action={`/reservation#${FORM_ID}`}
      noValidate
      className="reservation-form"
      data-enhance="reservation"
      data-availability="/reservation"
      data-availability-swap={ROOMS_ID}
      data-clamp-check-out=""
    >
      <template data-failure="">
        <Notice tone="error">{failedToCreateReservation(REASON_UNEXPECTED)}</Notice>
      </template>
      {result?.status === "success" ? (
        <Notice tone="success">
          {result.reference ? `${result.message} ${bookingReferenceNote(result.reference)}` : result.message}
        </Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error">{result.message}</Notice>
      ) : null}
      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      <ReservationFields rooms={rooms} today={today} values={values} fieldErrors={fieldErrors} />
      {/* Without JavaScript: reload with the rooms free for the dates, keeping every field. With
          it the list follows the dates by itself and the button is hidden. */}
      <button
        type="submit"
        formMethod="get"
        formAction={`/reservation#${FORM_ID}`}
        formNoValidate
        className="btn btn--outline reservation-form__check"
        data-check-availability=""
      >
        {CHECK_AVAILABILITY}
      </button>
      <button
        type="submit"
        className="btn btn--primary reservation-form__submit"
        data-pending-label={SENDING}
      >
        {RESERVE_NOW}
      </button>
    </form>
  );
}

function ReservationFields({
  rooms,
  today,
  values,
  fieldErrors,
}: {
  rooms: readonly RoomChoice[];
  today: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string | undefined>;
}) {
  const lastDay = addYears(today, 1);
  const checkIn = values.checkIn ?? "";
  const field = (name: keyof typeof FIELD_LABELS, fallback?: string) => ({
    name,
    label: FIELD_LABELS[name],
    error: fieldErrors[name],
    required: true,
    defaultValue: values[name] ?? fallback,
  });
  const room = rooms.find((choice) => choice.id === values.roomId);
  const estimate = reservationEstimateText(
    room?.price ?? null,
    checkIn,
    values.checkOut ?? "",
    values.roomCount ?? "1",
  );

  return (
    <div className="reservation-form__fields">
      <InputField {...field("name")} autoComplete="name" />
      <InputField {...field("email")} type="email" autoComplete="email" inputMode="email" />
      <InputField {...field("phone")} type="tel" autoComplete="tel" inputMode="tel" />
      <SelectField {...field("paymentMethod", "")}>
        <option value="">{SELECT_PAYMENT_METHOD}</option>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
      <InputField {...field("checkIn")} type="date" min={today} max={lastDay} />
      <InputField
        {...field("checkOut")}
        type="date"
        min={isIsoDate(checkIn) && checkIn >= today ? checkIn : today}
        max={lastDay}
      />
      <InputField {...field("adults", "1")} type="number" inputMode="numeric" min={1} max={20} step={1} />
      <InputField {...field("children", "0")} type="number" inputMode="numeric" min={0} max={20} step={1} />
      <InputField {...field("roomCount", "1")} type="number" inputMode="numeric" min={1} max={35} step={1} />
      <div id={ROOMS_ID}>
        <SelectField {...field("roomId")} defaultValue={room ? room.id : ""}>
          <option value="">{rooms.length > 0 ? SELECT_A_ROOM_PLACEHOLDER : NO_ROOMS_AVAILABLE}</option>
          {rooms.map((choice) => (
            <option key={choice.id} value={choice.id} data-price={choice.price}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField {...field("message")} rows={5} className="reservation-form__wide" />
      {/* The script keeps it up to date as the guest chooses (estimate-enhance.ts). */}
      <p
        className="reservation-form__estimate reservation-form__wide"
        aria-live="polite"
        data-estimate="reservation"
        hidden={estimate === null}
      >
        {ESTIMATED_TOTAL}: <strong data-estimate-part="total">{estimate?.total}</strong>{" "}
        <span className="reservation-form__estimate-detail" data-estimate-part="detail">
          {estimate?.detail}
        </span>
      </p>
    </div>
  );
}
