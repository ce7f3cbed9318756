import { SUBMISSION_ID_FIELD, type FormResult } from "~/shared/forms/form-result.ts";
import {
  bookingReferenceNote,
  CHECK_AVAILABILITY,
  ESTIMATED_TOTAL,
  failedToCreateReservation,
  FIELD_LABELS,
  REASON_UNEXPECTED,
  RESERVE_NOW,
  SELECT_PAYMENT_METHOD,
  SENDING,
} from "~/shared/messages.ts";
import { PAYMENT_METHODS } from "~/shared/db/schema.ts";
import { clampCheckOut } from "~/shared/forms/form-rules.ts";
import { quoteTaxLines, reservationEstimateText } from "~/features/pricing/stay-estimate.ts";
import type { TaxSettings } from "~/features/pricing/rates.ts";
import { datesToAsk } from "~/features/stays/stay-search.ts";
import { useState } from "react";
import { partyOf, QuoteBreakdowns, quotedTotal } from "../../pricing/components/stay-quote.tsx";
import { StayRuleHint } from "../../pricing/components/stay-rule-hint.tsx";
import { HoneypotField, InputField, SelectField, TextAreaField } from "../../../shared/forms/form-fields.tsx";
import { Island } from "../../../shared/islands/island.tsx";
import { Notice } from "../../../shared/ui/notice.tsx";
import { useFieldsOnceLive, useHydrated } from "../../../shared/islands/use-hydrated.ts";
import { islandApi } from "../../../shared/islands/island-api.ts";
import { useIslandForm } from "../../../shared/islands/use-island-form.ts";
import { useLoaderFollowing } from "../../../shared/islands/use-loader-following.ts";
import type { RoomChoice } from "../room-choices.ts";
import type { ReservationPageData } from "../reservation-page.server.ts";
import { QuoteTaxes } from "./quote-taxes.tsx";
import { RoomPicker } from "./room-picker.tsx";
import { StayFields } from "./stay-fields.tsx";
import "./reservation-form.css";

interface ReservationFormProps {
  rooms: readonly RoomChoice[];
  /** The stay rules beside the dates. */
  stayRuleHints?: readonly string[];
  /** The lodge's tax settings, for the taxes under the estimate. */
  taxes?: TaxSettings;
  /** The lodge's date (Africa/Lusaka), from the loader, so server and browser agree. */
  today: string;
  /** One per rendered form: a repeated POST stores one reservation. */
  submissionId: string;
  /** The action's answer to a post without JavaScript. */
  result?: FormResult | null;
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  initialValues?: Record<string, string>;
}

const FORM_ID = "reservation-form";

/**
 * The /reservation form (spec sections 2 and 5), an island (ADR 0015). It posts to the page's
 * action with or without JavaScript; once live the same schema checks the fields first, the
 * button cannot send twice, the room list and the estimate follow the choice, and the answer
 * shows in place.
 */
export function ReservationForm({ result, ...props }: ReservationFormProps) {
  return (
    <Island
      name="reservation"
      id="reservation"
      component={ReservationFormIsland}
      props={{ ...props, result: result ?? null }}
    />
  );
}

/** The island's JSON route (app/routes/api/reservation.ts): /reservation's loader and action, as JSON. */
export const reservationApi = islandApi<ReservationPageData, FormResult>("/api/reservation");

/** The query for the rooms free for the form's dates, or null while they are incomplete. */
function roomsQuery(form: HTMLFormElement): Record<string, string> | null {
  const fields = new FormData(form);
  return datesToAsk(String(fields.get("checkIn") ?? ""), String(fields.get("checkOut") ?? ""));
}

/** What /reservation's loader gives the form for its dates. */
type RoomList = { rooms: RoomChoice[]; stayRuleHints?: string[] };

/** The fields the estimate and the room list follow. */
const CHOICE = ["checkIn", "checkOut", "roomId", "roomCount", "adults", "children"] as const;
type Choice = Record<(typeof CHOICE)[number], string>;

export function ReservationFormIsland({
  rooms: initialRooms,
  stayRuleHints: initialHints,
  taxes,
  today,
  submissionId,
  result: initial,
  initialValues = {},
}: ReservationFormProps) {
  // The rooms free for the form's dates, with their quotes, and the stay rules beside the dates.
  const [list, setList] = useState({ rooms: initialRooms, stayRuleHints: initialHints });
  const roomList = useLoaderFollowing(reservationApi);
  const showList = ({ rooms, stayRuleHints }: RoomList) => setList({ rooms, stayRuleHints });
  const { formRef, onSubmit, onChange, onFocus, pending, result, fieldErrors, answerKey } =
    useIslandForm<FormResult>({
      api: reservationApi,
      loadParser: () =>
        import("~/features/stays/reservation-schema.ts").then(
          ({ parseReservationForm }) =>
            (input) =>
              parseReservationForm(input, today),
        ),
      resultOf: (answer) => answer,
      failure: failedToCreateReservation(REASON_UNEXPECTED),
      initial,
      resetOnSuccess: true,
      // Refused (the room just taken): the list as it is now.
      onAnswer: (answer) => {
        // The form empties itself after a success: so does what follows it.
        if (answer.status === "success") {
          setChoice({ checkIn: "", checkOut: "", roomId: "", roomCount: "1", adults: "", children: "" });
          // ...and the list: that of the page without dates, unless the guest picks new ones first.
          roomList.follow({}, showList);
        } else if (answer.status === "error" && formRef.current) follow(formRef.current);
      },
    });
  const values = result && result.status !== "success" ? result.values : initial ? {} : initialValues;
  const [choice, setChoice] = useState<Choice>(
    () =>
      Object.fromEntries(
        CHOICE.map((name) => [name, values[name] ?? (name === "roomCount" ? "1" : "")]),
      ) as Choice,
  );
  const live = useHydrated();
  const follow = (form: HTMLFormElement) => roomList.follow(roomsQuery(form), showList);
  const readChoice = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    setChoice(Object.fromEntries(CHOICE.map((name) => [name, String(fields.get(name) ?? "")])) as Choice);
  };
  useFieldsOnceLive(formRef, (fields, form) => {
    readChoice(form);
    if (
      String(fields.get("checkIn") ?? "") !== (values.checkIn ?? "") ||
      String(fields.get("checkOut") ?? "") !== (values.checkOut ?? "")
    )
      follow(form);
  });

  return (
    <form
      id={FORM_ID}
      method="post"
      // The fragment brings the guest back to the form, and its notice, after the page reloads.
      action={`/reservation#${FORM_ID}`}
      noValidate
      className="reservation-form"
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={onFocus}
      onChange={(event) => {
        onChange(event);
        const form = event.currentTarget;
        const target = event.target as unknown as HTMLInputElement;
        if (target.name === "checkIn" || target.name === "checkOut") {
          // Spec: a check-out before check-in becomes check-in.
          const checkIn = form.elements.namedItem("checkIn");
          const checkOut = form.elements.namedItem("checkOut");
          if (checkIn instanceof HTMLInputElement && checkOut instanceof HTMLInputElement) {
            const clamped = clampCheckOut(checkIn.value, checkOut.value);
            if (clamped !== checkOut.value) checkOut.value = clamped;
          }
          follow(form);
        }
        readChoice(form);
      }}
    >
      {result?.status === "success" ? (
        <Notice tone="success" key={answerKey}>
          {result.reference ? `${result.message} ${bookingReferenceNote(result.reference)}` : result.message}
        </Notice>
      ) : result?.status === "error" ? (
        <Notice tone="error" key={answerKey}>
          {result.message}
        </Notice>
      ) : null}
      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />
      <ReservationFields
        rooms={list.rooms}
        stayRuleHints={list.stayRuleHints}
        taxes={taxes}
        today={today}
        values={values}
        choice={choice}
        fieldErrors={fieldErrors}
      />
      {/* Without JavaScript: reload with the rooms free for the dates, keeping every field. With
          it the list follows the dates by itself and the button is hidden. */}
      <button
        type="submit"
        formMethod="get"
        formAction={`/reservation#${FORM_ID}`}
        formNoValidate
        className="btn btn--outline reservation-form__check"
        hidden={live}
      >
        {CHECK_AVAILABILITY}
      </button>
      <button
        type="submit"
        className="btn btn--primary reservation-form__submit"
        aria-disabled={pending || undefined}
      >
        {pending ? SENDING : RESERVE_NOW}
      </button>
    </form>
  );
}

function ReservationFields({
  rooms,
  stayRuleHints,
  taxes,
  today,
  values,
  choice,
  fieldErrors,
}: {
  rooms: readonly RoomChoice[];
  stayRuleHints?: readonly string[];
  taxes?: TaxSettings;
  today: string;
  values: Record<string, string>;
  choice: Choice;
  fieldErrors: Record<string, string | undefined>;
}) {
  const checkIn = choice.checkIn;
  const field = (name: keyof typeof FIELD_LABELS, fallback?: string) => ({
    name,
    label: FIELD_LABELS[name],
    error: fieldErrors[name],
    required: true,
    defaultValue: values[name] ?? fallback,
  });
  const room = rooms.find((option) => option.id === choice.roomId);
  const estimate = estimateFor(room, choice);
  const party = partyOf(choice.adults, choice.children);

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
      <StayFields
        values={values}
        fieldErrors={fieldErrors}
        today={today}
        checkIn={checkIn}
        childrenRequired={true}
      />
      <InputField {...field("roomCount", "1")} type="number" inputMode="numeric" min={1} max={35} step={1} />
      <div>
        <RoomPicker
          rooms={rooms}
          value={room ? room.id : ""}
          error={fieldErrors.roomId}
          checkIn={checkIn}
          checkOut={choice.checkOut}
          party={party}
        />
        <StayRuleHint hints={stayRuleHints} />
        <QuoteBreakdowns
          options={rooms}
          selected={room}
          checkIn={checkIn}
          checkOut={choice.checkOut}
          party={party}
          rooms={roomsOf(choice.roomCount)}
        />
      </div>
      <TextAreaField {...field("message")} rows={5} className="reservation-form__wide" />
      {/* Follows the guest's choice once the island is live. */}
      <p
        className="reservation-form__estimate reservation-form__wide"
        aria-live="polite"
        hidden={estimate === null}
      >
        {ESTIMATED_TOTAL}: <strong>{estimate?.total}</strong>{" "}
        <span className="reservation-form__estimate-detail">{estimate?.detail}</span>
      </p>
      <div className="reservation-form__wide" aria-live="polite">
        <QuoteTaxes lines={quoteTaxLines(estimate?.amount, taxes)} />
      </div>
    </div>
  );
}

/**
 * The estimate: the server's quote for the dates times the rooms once the list for
 * them has come, with the guests' supplements, else the room's nightly rate times the nights and
 * the rooms.
 */
function estimateFor(room: RoomChoice | undefined, choice: Choice) {
  const { checkIn, checkOut, roomCount } = choice;
  const quoted = quotedTotal(room, checkIn, checkOut);
  const party = quotedTotal(
    room,
    checkIn,
    checkOut,
    partyOf(choice.adults, choice.children),
    roomsOf(roomCount),
  );
  const supplements =
    typeof quoted === "number" && typeof party === "number" ? party - quoted * roomsOf(roomCount) : 0;
  return reservationEstimateText(room?.price ?? null, checkIn, checkOut, roomCount, quoted, supplements);
}

/** The rooms the form asks for, 1 while the field is not a count. */
function roomsOf(roomCount: string): number {
  return /^\d+$/.test(roomCount) && Number(roomCount) > 0 ? Number(roomCount) : 1;
}
