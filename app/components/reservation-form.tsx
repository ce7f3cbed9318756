import { useCallback, useState } from "react";
import { Form, useNavigation } from "react-router";
import { clampCheckOut } from "~/lib/form-rules.ts";
import { addYears, isIsoDate, nightsBetween } from "~/lib/dates.ts";
import { SUBMISSION_ID_FIELD, type FormResult } from "~/lib/form-result.ts";
import {
  bookingReferenceNote,
  CHECK_AVAILABILITY,
  ESTIMATED_TOTAL,
  FIELD_LABELS,
  NO_ROOMS_AVAILABLE,
  PAYMENT_METHODS,
  RESERVE_NOW,
  SELECT_A_ROOM_PLACEHOLDER,
  SELECT_PAYMENT_METHOD,
  SENDING,
} from "~/lib/messages.ts";
import { formatKwacha, stayTotal } from "~/lib/money.ts";
import type { FormInput } from "~/lib/schemas/form-data.ts";
import { HoneypotField, InputField, SelectField, TextAreaField } from "./form-fields.tsx";
import { Notice } from "./notice.tsx";
import { datesToAsk } from "~/lib/stay-search.ts";
import { useDebouncedLoad, useHydrated } from "./use-availability.ts";
import { useFormValidation } from "./use-form-validation.ts";
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

/**
 * The /reservation form (spec sections 2 and 5). It posts to the page's
 * action with or without JavaScript; with it, the same schema checks the
 * fields first and the button cannot send twice.
 */
export function ReservationForm({
  rooms,
  today,
  submissionId,
  result,
  initialValues = {},
}: ReservationFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // Busy from the click until the page has its answer and fresh data ("submitting", then "loading").
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/reservation") === true;
  const loadParse = useCallback(
    () =>
      import("~/lib/schemas/reservation.ts").then(
        ({ parseReservationForm }) =>
          (input: FormInput) =>
            parseReservationForm(input, today),
      ),
    [today],
  );
  const { formRef, fieldErrors, onSubmit, clearError } = useFormValidation(loadParse, result);

  return (
    <Form
      ref={formRef}
      id="reservation-form"
      method="post"
      // The fragment brings the guest back to the form, and its notice, after the page reloads.
      action="/reservation#reservation-form"
      noValidate
      className="reservation-form"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else onSubmit(event);
      }}
    >
      {/* Hidden while sending, so each answer is a new notice even if its text repeats. */}
      {busy ? null : result?.status === "success" ? (
        <Notice tone="success">
          {result.reference ? `${result.message} ${bookingReferenceNote(result.reference)}` : result.message}
        </Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error">{result.message}</Notice>
      ) : null}
      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      {/* A new submission id (after a success) starts the guest on an empty form. */}
      <ReservationFields
        key={submissionId}
        rooms={rooms}
        today={today}
        values={result && result.status !== "success" ? result.values : initialValues}
        fieldErrors={fieldErrors}
        clearError={clearError}
      />
      {/* Without JavaScript: reload with the rooms free for the dates, keeping every field. */}
      <button
        type="submit"
        formMethod="get"
        formAction="/reservation#reservation-form"
        formNoValidate
        className="btn btn--outline reservation-form__check"
        hidden={hydrated}
      >
        {CHECK_AVAILABILITY}
      </button>
      <button
        type="submit"
        className="btn btn--primary reservation-form__submit"
        aria-disabled={busy || undefined}
      >
        {busy ? SENDING : RESERVE_NOW}
      </button>
    </Form>
  );
}

function ReservationFields({
  rooms,
  today,
  values,
  fieldErrors,
  clearError,
}: {
  rooms: readonly RoomChoice[];
  today: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string | undefined>;
  clearError: (name: string) => void;
}) {
  const lastDay = addYears(today, 1);
  // The fields the estimate depends on are controlled; the rest keep their own value.
  const [checkIn, setCheckIn] = useState(values.checkIn ?? "");
  const [checkOut, setCheckOut] = useState(values.checkOut ?? "");
  const [roomId, setRoomId] = useState(values.roomId ?? "");
  const [roomCount, setRoomCount] = useState(values.roomCount ?? "1");

  // The list follows the dates by itself (a GET of this page's loader, debounced).
  const stayUrl = (dates: { checkIn: string; checkOut: string } | null) =>
    dates ? `/reservation?${new URLSearchParams(dates)}` : null;
  const [renderedFor] = useState(() => stayUrl(datesToAsk(values.checkIn ?? "", values.checkOut ?? "")));
  const freeRooms = useDebouncedLoad<{ rooms: RoomChoice[] }>(
    stayUrl(datesToAsk(checkIn, checkOut)),
    renderedFor,
  );
  const offered = freeRooms.data?.rooms ?? rooms;

  const field = (name: keyof typeof FIELD_LABELS) => ({
    name,
    label: FIELD_LABELS[name],
    error: fieldErrors[name],
    required: true,
  });
  const uncontrolled = (name: keyof typeof FIELD_LABELS, fallback?: string) => ({
    ...field(name),
    defaultValue: values[name] ?? fallback,
    onChange: () => clearError(name),
  });

  const room = offered.find((choice) => choice.id === roomId);
  const count = /^\d+$/.test(roomCount) ? Number(roomCount) : 1;
  const estimate =
    room && isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut >= checkIn
      ? { nights: nightsBetween(checkIn, checkOut), total: stayTotal(room.price, checkIn, checkOut) * count }
      : undefined;

  return (
    <div className="reservation-form__fields">
      <InputField {...uncontrolled("name")} autoComplete="name" />
      <InputField {...uncontrolled("email")} type="email" autoComplete="email" inputMode="email" />
      <InputField {...uncontrolled("phone")} type="tel" autoComplete="tel" inputMode="tel" />
      <SelectField {...uncontrolled("paymentMethod", "")}>
        <option value="">{SELECT_PAYMENT_METHOD}</option>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
      <InputField
        {...field("checkIn")}
        type="date"
        min={today}
        max={lastDay}
        value={checkIn}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setCheckIn(next);
          // Spec: a check-out earlier than check-in is set equal to check-in.
          setCheckOut((current) => clampCheckOut(next, current));
          clearError("checkIn");
          clearError("checkOut");
        }}
      />
      <InputField
        {...field("checkOut")}
        type="date"
        min={isIsoDate(checkIn) && checkIn >= today ? checkIn : today}
        max={lastDay}
        value={checkOut}
        onChange={(event) => {
          setCheckOut(clampCheckOut(checkIn, event.currentTarget.value));
          clearError("checkOut");
        }}
      />
      <InputField
        {...uncontrolled("adults", "1")}
        type="number"
        inputMode="numeric"
        min={1}
        max={20}
        step={1}
      />
      <InputField
        {...uncontrolled("children", "0")}
        type="number"
        inputMode="numeric"
        min={0}
        max={20}
        step={1}
      />
      <InputField
        {...field("roomCount")}
        type="number"
        inputMode="numeric"
        min={1}
        max={35}
        step={1}
        value={roomCount}
        onChange={(event) => {
          setRoomCount(event.currentTarget.value);
          clearError("roomCount");
        }}
      />
      <SelectField
        {...field("roomId")}
        // The chosen room stays chosen while it is free for the dates.
        value={room ? roomId : ""}
        onChange={(event) => {
          setRoomId(event.currentTarget.value);
          clearError("roomId");
        }}
      >
        <option value="">{offered.length > 0 ? SELECT_A_ROOM_PLACEHOLDER : NO_ROOMS_AVAILABLE}</option>
        {offered.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField {...uncontrolled("message")} rows={5} className="reservation-form__wide" />
      <p className="reservation-form__estimate reservation-form__wide" aria-live="polite">
        {estimate && room ? (
          <>
            {ESTIMATED_TOTAL}: <strong>{formatKwacha(estimate.total)}</strong>{" "}
            <span className="reservation-form__estimate-detail">
              ({estimate.nights} {estimate.nights === 1 ? "night" : "nights"} × {formatKwacha(room.price)}
              {count > 1 ? ` × ${count} rooms` : ""})
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}
