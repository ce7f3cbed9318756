import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { BOOKING_TABS, type BookingTab } from "~/shared/forms/form-rules.ts";
import { isIsoDate, lodgeToday } from "~/shared/dates.ts";
import { SUBMISSION_ID_FIELD, type FormResult } from "~/shared/forms/form-result.ts";
import * as messages from "~/shared/messages.ts";
import { formatKwacha } from "~/shared/money.ts";
import { getJson, islandApi } from "~/shared/islands/island-api.ts";
import { stayPriceText } from "~/features/pricing/stay-estimate.ts";
import { taxLines, type Guests, type TaxSettings } from "~/features/pricing/rates.ts";
import { sumTaxLines, taxFolioLines } from "~/features/pricing/folio.ts";
import { chosenExtraIds, type PricedExtra } from "~/features/extras/extra-pricing.ts";
import { nightsBetween } from "~/shared/dates.ts";
import { datesToAsk } from "~/features/stays/stay-search.ts";
import { partyOf, QuoteBreakdowns, quotedTotal } from "../../pricing/components/stay-quote.tsx";
import { StayRuleHint } from "../../pricing/components/stay-rule-hint.tsx";
import {
  GuestFields,
  HoneypotField,
  InputField,
  SelectField,
  TextAreaField,
} from "../../../shared/forms/form-fields.tsx";
import { Island } from "../../../shared/islands/island.tsx";
import { Notice } from "../../../shared/ui/notice.tsx";
import type { RoomOption } from "../room-choices.ts";
import { QuoteTaxRows } from "./quote-taxes.tsx";
import { ExtrasFields, ExtrasQuoteRows, extrasQuoteFor } from "./extras-fields.tsx";
import { RoomPicker } from "./room-picker.tsx";
import { StayFields } from "./stay-fields.tsx";
import { useFieldsOnceLive, useHydrated } from "../../../shared/islands/use-hydrated.ts";
import { useIslandForm } from "../../../shared/islands/use-island-form.ts";
import { useLoaderFollowing } from "../../../shared/islands/use-loader-following.ts";
import "./booking-form.css";

const { FIELD_LABELS, SUMMARY_LABELS } = messages;

interface VenueOption {
  id: number;
  venue: string;
  price: number;
}

export function isBookingTab(value: unknown): value is BookingTab {
  return typeof value === "string" && (BOOKING_TABS as readonly string[]).includes(value);
}

const PANEL_ID = "booking-panel";
/** The island's JSON route (app/routes/api/booking.ts): /booking's lists and its action, as JSON. */
export const bookingApi = islandApi<BookingPageData, FormResult>("/api/booking");

/** What /booking's loader gives the tabs: the lists, their errors and a fresh submission id. */
export interface BookingPageData {
  rooms: RoomOption[];
  /** The stay rules beside the dates. */
  stayRuleHints?: string[];
  /** The lodge's tax settings, for the taxes under a stay's total. */
  taxes?: TaxSettings;
  /** The extras a guest may add to a stay. */
  extras?: PricedExtra[];
  venues: VenueOption[];
  /** 'Failed to fetch rooms: …' and the like, shown above the form. */
  errors: string[];
  /** New on every load: the form starts afresh after a success. */
  submissionId: string;
}

export interface BookingFormProps extends BookingPageData {
  initialTab: BookingTab;
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  initialValues: Record<string, string>;
  /** The action's answer to a post without JavaScript. */
  result: FormResult | null;
}

/**
 * /booking's tabbed form (spec section 2): room (default), reservation and venue, an island
 * (ADR 0015). The tabs are links to `?tab=…`, so without JavaScript each one is a page the server
 * renders; once live they switch in place ('Loading data...' while the tab's lists come) and
 * follow the ARIA tabs pattern, the lists follow the dates, and the forms are sent in place.
 */
export function BookingForm(props: BookingFormProps) {
  return (
    <Island
      name="booking"
      id="booking"
      component={BookingTabs}
      props={props}
      // A tab tapped before the island is live switches in place once it is, rather than
      // loading the tab's page over a slow link (app/islands.client.ts).
      openers={'#booking a[role="tab"]'}
    />
  );
}

export function BookingTabs({ initialTab, initialValues, result, ...loaded }: BookingFormProps) {
  const resultTab =
    result && result.status !== "success" && isBookingTab(result.values.tab) ? result.values.tab : undefined;
  const [tab, setTab] = useState<BookingTab>(resultTab ?? initialTab);
  const [page, setPage] = useState<BookingPageData | null>(loaded);
  // Each load of a tab is a fresh form.
  const [serial, setSerial] = useState(0);
  const [success, setSuccess] = useState(result?.status === "success" ? result : null);
  const live = useHydrated();

  async function load(next: BookingTab, href: string) {
    setPage(null);
    const data = await getJson(bookingApi, new URL(href, window.location.href).searchParams);
    if (!data) {
      // The page of that tab, as without JavaScript.
      window.location.assign(href);
      return;
    }
    setPage(data);
    setTab(next);
    setSerial((count) => count + 1);
  }

  function select(next: BookingTab, href: string) {
    if (next === tab && page !== null) return;
    setTab(next);
    setSuccess(null);
    history.replaceState(history.state, "", href);
    void load(next, href);
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>, name: BookingTab) {
    event.preventDefault();
    select(name, event.currentTarget.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
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
    const next = target === undefined ? undefined : BOOKING_TABS[target];
    if (!next) return;
    event.preventDefault();
    const link = document.getElementById(`booking-tab-${next}`);
    link?.focus();
    if (link instanceof HTMLAnchorElement) select(next, link.href);
  }

  const values =
    serial === 0 && result && result.status !== "success" ? result.values : serial === 0 ? initialValues : {};
  return (
    <>
      {success ? (
        <Notice tone="success" key={success.reference ?? success.message}>
          {success.message} {success.reference ? messages.bookingReferenceNote(success.reference) : null}
        </Notice>
      ) : null}
      {page && page.errors.length > 0 ? (
        <Notice tone="error">
          {page.errors.map((error) => (
            <p key={error}>
              {messages.ERROR_PREFIX}
              {error}
            </p>
          ))}
        </Notice>
      ) : null}
      <div className="booking-form">
        <div role="tablist" aria-label={messages.BOOKING_PAGE_TITLE} className="booking-form__tabs">
          {BOOKING_TABS.map((name, index) => {
            const selected = name === tab;
            return (
              <a
                key={name}
                href={`/booking?tab=${name}`}
                role="tab"
                id={`booking-tab-${name}`}
                aria-selected={selected}
                aria-controls={selected ? PANEL_ID : undefined}
                // Roving focus once live: the arrow keys move between the tabs.
                tabIndex={live ? (selected ? 0 : -1) : undefined}
                className="booking-form__tab"
                onClick={(event) => onClick(event, name)}
                onKeyDown={(event) => onKeyDown(event, index)}
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
          {page === null ? (
            // The form is hidden while its data loads (spec section 2).
            <p role="status">{messages.LOADING_DATA}</p>
          ) : (
            <BookingFields
              key={`${tab}-${serial}`}
              tab={tab}
              page={page}
              values={values}
              result={serial === 0 && resultTab === tab ? result : null}
              // The form empties itself, ready for the next booking; the lists follow its dates.
              onSuccess={setSuccess}
            />
          )}
        </div>
      </div>
    </>
  );
}

/** The query for the lists of what is free for the form's dates, or null while they are incomplete. */
function listQuery(tab: BookingTab, form: HTMLFormElement): URLSearchParams | null {
  const fields = new FormData(form);
  const query = new URLSearchParams({ tab });
  if (tab === "venue") {
    const day = String(fields.get("bookingDate") ?? "");
    if (!isIsoDate(day)) return null;
    query.set("bookingDate", day);
  } else {
    const dates = datesToAsk(String(fields.get("checkIn") ?? ""), String(fields.get("checkOut") ?? ""));
    if (!dates) return null;
    query.set("checkIn", dates.checkIn);
    query.set("checkOut", dates.checkOut);
  }
  return query;
}

const FOLLOWED = ["checkIn", "checkOut", "bookingDate"];

function BookingFields({
  tab,
  page,
  values,
  result: initial,
  onSuccess,
}: {
  tab: BookingTab;
  page: BookingPageData;
  values: Record<string, string>;
  result: FormResult | null;
  onSuccess: (result: Extract<FormResult, { status: "success" }>) => void;
}) {
  const today = lodgeToday();
  const isStay = tab !== "venue";
  const [lists, setLists] = useState(listsOf(page));
  const following = useLoaderFollowing(bookingApi);
  const [choice, setChoice] = useState({
    roomId: values.roomId ?? "",
    venueId: values.venueId ?? "",
    checkIn: values.checkIn ?? "",
    checkOut: values.checkOut ?? "",
    extras: chosenExtraIds(values),
    guests: guestsOf(values.adults, values.children),
    party: partyOf(values.adults, values.children),
  });
  const showLists = (data: BookingPageData) => setLists(listsOf(data));
  const follow = (form: HTMLFormElement) => following.follow(listQuery(tab, form), showLists);
  const { formRef, onSubmit, onChange, onFocus, pending, result, fieldErrors, answerKey } =
    useIslandForm<FormResult>({
      api: bookingApi,
      query: { tab },
      loadParser: () =>
        import("~/features/stays/booking-schemas.ts").then(
          ({ parseBookingForm }) =>
            (input) =>
              parseBookingForm(input, lodgeToday()),
        ),
      resultOf: (answer) => answer,
      failure: messages.failedToCreateBooking(messages.REASON_UNEXPECTED),
      initial,
      resetOnSuccess: true,
      onAnswer: (answer) => {
        if (answer.status === "success") {
          // The form empties itself: so does what follows it.
          setChoice({
            roomId: "",
            venueId: "",
            checkIn: "",
            checkOut: "",
            extras: [],
            guests: 1,
            party: partyOf("", ""),
          });
          // ...and the lists: those of the page without dates, unless the guest picks new ones first.
          following.follow({ tab }, showLists);
          onSuccess(answer);
        }
        // Refused (a room or venue just taken): the lists as they are now.
        else if (answer.status === "error" && formRef.current) follow(formRef.current);
      },
    });
  // What the guest typed or chose before the island was live is in the fields: start from it,
  // and ask for the lists if the dates are not those the page was rendered for.
  useFieldsOnceLive(formRef, (fields, form) => {
    const read = (name: string) => String(fields.get(name) ?? "");
    setChoice({
      roomId: read("roomId"),
      venueId: read("venueId"),
      checkIn: read("checkIn"),
      checkOut: read("checkOut"),
      extras: chosenExtraIds(Object.fromEntries(fields)),
      guests: guestsOf(read("adults"), read("children")),
      party: partyOf(read("adults"), read("children")),
    });
    if (FOLLOWED.some((name) => fields.has(name) && read(name) !== (values[name] ?? ""))) follow(form);
  });
  const room = lists.rooms.find((option) => String(option.id) === choice.roomId);
  const venue = lists.venues.find((option) => String(option.id) === choice.venueId);
  const live = useHydrated();
  const stayTotal = stayTotalFor(room, choice);
  const extrasQuote = isStay ? extrasQuoteFor(lists.extras ?? [], choice.extras, choice, lists.taxes) : null;

  return (
    <form
      method="post"
      action={`/booking?tab=${tab}`}
      noValidate
      className="booking-form__form"
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={onFocus}
      onChange={(event) => {
        onChange(event);
        const target = event.target as unknown as HTMLInputElement;
        if (["roomId", "venueId", "checkIn", "checkOut"].includes(target.name)) {
          setChoice((current) => ({ ...current, [target.name]: target.value }));
        }
        // The extras and the guests they are counted for: the quote follows them.
        if (/^(extra-\d+|adults|children)$/.test(target.name)) {
          const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
          setChoice((current) => ({
            ...current,
            extras: chosenExtraIds(fields),
            guests: guestsOf(fields.adults, fields.children),
            party: partyOf(fields.adults, fields.children),
          }));
        }
        if (FOLLOWED.includes(target.name)) follow(event.currentTarget);
      }}
    >
      {result?.status === "error" ? (
        <Notice tone="error" key={answerKey}>
          {result.message}
        </Notice>
      ) : null}
      <input type="hidden" name="tab" value={tab} />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={page.submissionId} />
      <HoneypotField />

      <div className="booking-form__grid">
        <GuestFields values={values} fieldErrors={fieldErrors} />

        {isStay ? (
          <>
            <div className="booking-form__wide">
              <RoomPicker
                rooms={lists.rooms}
                value={room ? String(room.id) : ""}
                error={fieldErrors.roomId}
                checkIn={choice.checkIn}
                checkOut={choice.checkOut}
                party={choice.party}
              />
              <StayRuleHint hints={lists.stayRuleHints} />
              <QuoteBreakdowns
                options={lists.rooms}
                selected={room}
                checkIn={choice.checkIn}
                checkOut={choice.checkOut}
                party={choice.party}
              />
            </div>
            <StayFields
              values={values}
              fieldErrors={fieldErrors}
              today={today}
              checkIn={choice.checkIn}
              childrenRequired={false}
            />
            <ExtrasFields extras={lists.extras ?? []} values={values} />
          </>
        ) : (
          <>
            <div className="booking-form__wide">
              <SelectField
                name="venueId"
                label={FIELD_LABELS.venueId}
                required
                value={venue ? String(venue.id) : ""}
                onChange={() => {}}
                error={fieldErrors.venueId}
              >
                {lists.venues.length === 0 ? (
                  <option value="">{messages.NO_VENUES_AVAILABLE}</option>
                ) : (
                  <>
                    <option value="">{messages.SELECT_A_VENUE_PLACEHOLDER}</option>
                    {lists.venues.map((option) => (
                      <option key={option.id} value={option.id}>
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

      {/* What the choice costs, as the guest changes it. */}
      <dl className="booking-form__summary" aria-live="polite" hidden={(isStay ? room : venue) === undefined}>
        {isStay ? (
          <>
            <div>
              <dt>{SUMMARY_LABELS.room}</dt>
              <dd>{room ? room.roomNumber || messages.UNKNOWN_NUMBER : ""}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.type}</dt>
              <dd>{room ? room.type || messages.UNKNOWN_TYPE : ""}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.totalPrice}</dt>
              <dd>{stayEstimateFor(room, choice)}</dd>
            </div>
            <ExtrasQuoteRows quote={extrasQuote} stayTotal={stayTotal} />
            <QuoteTaxRows
              lines={quoteTaxes(
                quotedTotal(room, choice.checkIn, choice.checkOut, choice.party),
                extrasQuote?.taxes ?? [],
                lists.taxes,
              )}
            />
          </>
        ) : (
          <>
            <div>
              <dt>{SUMMARY_LABELS.venue}</dt>
              <dd>{venue ? venue.venue || messages.UNKNOWN_VENUE : ""}</dd>
            </div>
            <div>
              <dt>{SUMMARY_LABELS.totalPrice}</dt>
              <dd>{venue ? formatKwacha(venue.price) : ""}</dd>
            </div>
          </>
        )}
      </dl>

      {/* Without JavaScript: reload the page with the lists for the chosen dates, keeping every
          field. Once live the lists follow the dates by themselves. */}
      <button
        type="submit"
        formMethod="get"
        formAction="/booking"
        formNoValidate
        className="btn btn--outline booking-form__check"
        hidden={live}
      >
        {messages.CHECK_AVAILABILITY}
      </button>
      <button
        type="submit"
        className="btn btn--primary booking-form__submit"
        aria-disabled={pending || undefined}
      >
        {pending ? messages.BOOKING_PENDING : messages.BOOKING_SUBMIT_LABELS[tab]}
      </button>
    </form>
  );
}

/** The lists that follow the form's dates: rooms with their quotes, the stay rules, venues. */
function listsOf({ rooms, stayRuleHints, taxes, extras, venues }: BookingPageData) {
  return { rooms, stayRuleHints, taxes, extras, venues };
}

/** Adults and children as typed, counted for extras priced per person (at least one). */
function guestsOf(adults: string | undefined, children: string | undefined): number {
  const count = (value: string | undefined) => (value && /^\d{1,3}$/.test(value) ? Number(value) : 0);
  return Math.max(1, count(adults) + count(children));
}

/** What the summary prices: the dates and the guests the form holds. */
type Priced = { checkIn: string; checkOut: string; party: Guests };

/** The stay's total for the summary: the server's quote, or nights × rate; null while unknown. */
function stayTotalFor(room: RoomOption | undefined, { checkIn, checkOut, party }: Priced): number | null {
  const quoted = quotedTotal(room, checkIn, checkOut, party);
  if (quoted !== undefined) return quoted;
  if (!room || !isIsoDate(checkIn) || !isIsoDate(checkOut) || checkOut <= checkIn) return null;
  return room.price * nightsBetween(checkIn, checkOut);
}

/**
 * The taxes the quote contains: the stay's, computed as the bill computes them, and the chosen
 * extras' (each by its tax category), one line per tax as the folio shows them.
 */
function quoteTaxes(
  stayTotal: number | null | undefined,
  extras: ReturnType<typeof taxLines>,
  taxes: TaxSettings | undefined,
) {
  if (stayTotal === null || stayTotal === undefined || !taxes) return [];
  return taxFolioLines(sumTaxLines([taxLines(stayTotal, taxes), extras]));
}

/**
 * The stay's price for the summary: the server's quote for the dates once the list
 * for them has come, else the room's nightly rate.
 */
function stayEstimateFor(room: RoomOption | undefined, { checkIn, checkOut, party }: Priced): string {
  return stayPriceText(room?.price ?? null, checkIn, checkOut, quotedTotal(room, checkIn, checkOut, party));
}
