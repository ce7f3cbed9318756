import { useEffect, useRef, useState, type ReactNode } from "react";
import { lodgeToday } from "~/shared/dates.ts";
import { isTaken, SUBMISSION_ID_FIELD } from "~/shared/forms/form-result.ts";
import * as messages from "~/shared/messages.ts";
import { getJson, islandApi } from "~/shared/islands/island-api.ts";
import { quoteTaxLines, stayPriceText } from "~/features/pricing/stay-estimate.ts";
import { datesToAsk, staySearchQuery, type StaySearch } from "~/features/stays/stay-search.ts";
import { GuestFields, HoneypotField } from "../../../shared/forms/form-fields.tsx";
import { Island } from "../../../shared/islands/island.tsx";
import { Notice } from "../../../shared/ui/notice.tsx";
import { partyOf, QuoteBreakdowns, quotedTotal } from "../../pricing/components/stay-quote.tsx";
import type { Guests } from "../../pricing/rates.ts";
import { StayRuleHint } from "../../pricing/components/stay-rule-hint.tsx";
import { useFieldsOnceLive, useHydrated } from "../../../shared/islands/use-hydrated.ts";
import { useIslandForm } from "../../../shared/islands/use-island-form.ts";
import { useLoaderFollowing } from "../../../shared/islands/use-loader-following.ts";
import type { RoomDialogAnswer, RoomDialogData, RoomOption } from "../room-choices.ts";
import { QuoteTaxes } from "./quote-taxes.tsx";
import { RoomPicker } from "./room-picker.tsx";
import { StayFields } from "./stay-fields.tsx";
import "./room-booking-dialog.css";

const { BOOKING_SUCCESSFUL, CONFIRM_BOOKING, LOADING_AVAILABLE_ROOMS, ROOM_BOOKING_TITLE } = messages;

/** The address parameter that opens the dialog, with the room type to preselect. */
const BOOK = "book";

/**
 * The island's JSON route (app/routes/api/room-booking.ts), the same on every page with the
 * dialog: the rooms for `?book=<type>&checkIn=&checkOut=&adults=&children=` and the bookings.
 */
export const roomBookingApi = islandApi<RoomDialogData | null, RoomDialogAnswer>("/api/room-booking");

/** The page address that opens the dialog for a room type and stay (a link, a form). */
function dialogUrl(pathname: string, roomType: string, stay: StaySearch | null): string {
  const stayQuery = stay ? staySearchQuery(stay) : "";
  return `${pathname}?${BOOK}=${encodeURIComponent(roomType)}${stayQuery ? `&${stayQuery}` : ""}`;
}

/** Links that open the dialog (the island's openers, app/shared/islands/island.tsx). */
const OPENERS = "a[data-book-room]";

/**
 * The dark button on room cards and the room details page: a link to `?book=<type>` (with the
 * stay the guest chose on /rooms), which renders the page with the dialog open. With JavaScript
 * the dialog island opens in place as a modal and lists the rooms itself.
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

/** The island's props: plain data, recorded in the page for hydration. */
export interface RoomBookingDialogProps {
  /** The page the dialog is on, whose loader and action serve it (ADR 0010). */
  pathname: string;
  /** That page's route module; the island asks its own JSON route instead (roomBookingApi). */
  routeId: string;
  /** From the page's loader when the address has `?book=`. */
  dialog: RoomDialogData | null;
  /** From the page's action after a POST without JavaScript. */
  answer: RoomDialogAnswer | null;
}

/**
 * The Room Booking dialog's place on each page with BookRoomButtons (/rooms, /details/:id), as an
 * island. Without JavaScript the address (`?book=`) or the action's answer renders it open and
 * complete, with the guest's values and errors; after a booking the success notice shows instead.
 */
export function RoomBookingDialogHost({
  pathname,
  routeId,
  dialog,
  answer,
}: {
  pathname: string;
  routeId: string;
  dialog: RoomDialogData | null;
  answer: RoomDialogAnswer | undefined;
}) {
  const refused = answer && answer.result.status !== "success";
  return (
    <Island
      name="room-booking"
      id="room-booking"
      component={RoomBookingDialog}
      props={{ pathname, routeId, dialog, answer: answer ?? null }}
      openers={OPENERS}
      // Rendered open, the dialog is what the guest came for: it becomes modal at once.
      eager={dialog !== null || refused}
    />
  );
}

/** What the dialog holds while open: the address it was opened at and what its loader gave. */
interface Opened {
  /** Counts openings: each opening is a fresh form, and late answers of an older one are dropped. */
  serial: number;
  roomType: string;
  /** What the loader gave: undefined while loading; null when the rooms could not be asked for. */
  dialog: RoomDialogData | null | undefined;
  /** The action's answer shown in the form, after a refusal. */
  answer: RoomDialogAnswer | null;
}

/**
 * The dialog: 'Book now' opens it as a modal (focus stays inside, Escape closes) and lists the
 * rooms free for the stay from the page's loader; the list and the price follow the dates and
 * the room; 'Confirm Booking' sends the form to the page's action and shows its answer.
 */
export function RoomBookingDialog({ pathname, dialog, answer }: RoomBookingDialogProps) {
  const result = answer?.result;
  const serverBooked = result?.status === "success" ? (result.reference ?? "") : null;
  const refused = result && result.status !== "success" ? answer : null;
  const serverRoomType =
    dialog?.roomType ?? (refused?.result.status !== "success" ? refused?.result.values.roomType : "") ?? "";
  const [opened, setOpened] = useState<Opened | null>(
    serverBooked === null && (dialog !== null || refused !== null)
      ? { serial: 0, roomType: serverRoomType, dialog, answer: refused }
      : null,
  );
  const [booked, setBooked] = useState<string | null>(serverBooked);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [serverOpen] = useState(opened !== null);

  // 'Book now' anywhere on the page opens the dialog in place.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(OPENERS) : null;
      const plain =
        event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      if (!link || !plain || event.defaultPrevented) return;
      event.preventDefault();
      const roomType = new URL(link.href).searchParams.get(BOOK) ?? "";
      setOpened((previous) => ({
        serial: (previous?.serial ?? 0) + 1,
        roomType,
        dialog: undefined,
        answer: null,
      }));
      void load(link.href, (previous) => previous + 1);
    };
    let serial = 0;
    async function load(href: string, next: (serial: number) => number) {
      const asked = (serial = next(serial));
      const loaded = await getJson(roomBookingApi, new URL(href).searchParams);
      if (asked !== serial) return;
      setOpened((current) =>
        current && current.dialog === undefined ? { ...current, dialog: loaded } : current,
      );
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // Open means modal; closed means closed.
  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    if (opened && !element.matches(":modal")) {
      // Rendered open by the server (no JavaScript): dropping `open` fires no 'close'.
      if (element.open) element.removeAttribute("open");
      element.showModal();
    } else if (!opened && element.open) {
      element.close();
    }
  }, [opened]);

  // Once the rooms are in, the guest starts at the form, not at the close button.
  const loaded = opened?.dialog !== undefined;
  const serial = opened?.serial ?? 0;
  useEffect(() => {
    if (!loaded || serial === 0) return;
    dialogRef.current
      ?.querySelector<HTMLElement>("form input:not([type='hidden']):not([tabindex='-1'])")
      ?.focus();
  }, [loaded, serial]);

  function onClose() {
    setOpened(null);
    // After the dialog closes, the address no longer opens it.
    const url = new URL(window.location.href);
    if (!url.searchParams.has(BOOK)) return;
    url.searchParams.delete(BOOK);
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }

  return (
    <>
      <div className="room-booking-result">
        {booked !== null ? (
          <Notice tone="success" key={booked}>
            {BOOKING_SUCCESSFUL} {booked ? messages.bookingReferenceNote(booked) : null}
          </Notice>
        ) : null}
      </div>
      <dialog
        ref={dialogRef}
        id="room-booking-dialog"
        className="room-booking-dialog"
        aria-labelledby="room-booking-title"
        open={serverOpen || undefined}
        onClose={onClose}
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
        {opened === null ? null : opened.dialog === undefined ? (
          <p className="room-booking-form__loading" role="status">
            {LOADING_AVAILABLE_ROOMS}
          </p>
        ) : opened.dialog === null && opened.answer === null ? (
          <div className="room-booking-form">
            <Notice tone="error">{messages.failedToFetchRooms(messages.REASON_UNEXPECTED)}</Notice>
          </div>
        ) : (
          <RoomBookingForm
            key={opened.serial}
            pathname={pathname}
            roomType={opened.roomType}
            dialog={opened.dialog}
            answer={opened.answer}
            onBooked={(reference) => {
              setBooked(reference);
              setOpened(null);
            }}
          />
        )}
      </dialog>
    </>
  );
}

function defaultRoomId(rooms: RoomOption[], roomType: string): string {
  const match = rooms.find((room) => room.type === roomType);
  return match ? String(match.id) : "";
}

function initialValues(
  dialog: RoomDialogData | null,
  answer: RoomDialogAnswer | null,
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

/**
 * The dialog's price for the stay: the server's quote for the dates once the list for
 * them has come, else the room's nightly rate times the nights.
 */
function estimateFor(
  room: RoomOption | undefined,
  { checkIn, checkOut, party }: { checkIn: string; checkOut: string; party: Guests },
): string {
  return stayPriceText(room?.price ?? null, checkIn, checkOut, quotedTotal(room, checkIn, checkOut, party));
}

/** The query for the rooms free for the form's stay, or null while its dates are incomplete. */
function roomsQuery(roomType: string, form: HTMLFormElement): URLSearchParams | null {
  const fields = new FormData(form);
  const dates = datesToAsk(String(fields.get("checkIn") ?? ""), String(fields.get("checkOut") ?? ""));
  if (!dates) return null;
  return new URLSearchParams({
    [BOOK]: roomType,
    ...dates,
    adults: String(fields.get("adults") ?? "1"),
    children: String(fields.get("children") ?? "0"),
  });
}

/** The dialog's form: posts to the page's own action (ADR 0010); sent in place once the island is live. */
function RoomBookingForm({
  pathname,
  roomType,
  dialog,
  answer,
  onBooked,
}: {
  pathname: string;
  roomType: string;
  dialog: RoomDialogData | null;
  answer: RoomDialogAnswer | null;
  onBooked: (reference: string) => void;
}) {
  const today = lodgeToday();
  const values = initialValues(dialog, answer);
  const action = dialogUrl(pathname, roomType, null);
  const [roomsData, setRooms] = useState(answer?.rooms ?? dialog?.rooms ?? undefined);
  const roomList = useLoaderFollowing(roomBookingApi);
  const rooms = roomsData?.rooms ?? [];
  const { formRef, onSubmit, onChange, onFocus, pending, result, fieldErrors, answerKey } =
    useIslandForm<RoomDialogAnswer>({
      api: roomBookingApi,
      query: { [BOOK]: roomType },
      loadParser: () =>
        import("~/features/stays/room-booking-schema.ts").then(
          ({ parseRoomBookingForm }) =>
            (input) =>
              parseRoomBookingForm(input, lodgeToday()),
        ),
      resultOf: (answer) => answer.result,
      failure: messages.failedToCreateBooking(messages.REASON_UNEXPECTED),
      initial: answer?.result ?? null,
      onAnswer: (next) => {
        if (next.result.status === "success") onBooked(next.result.reference ?? "");
        else if (next.rooms) {
          roomList.cancel();
          setRooms(next.rooms);
          // After 'room just booked' nothing is proposed: the guest picks another room.
          if (isTaken(next.result)) setChoice((choice) => ({ ...choice, roomId: "" }));
        }
      },
    });
  // After 'room just booked' nothing is proposed; otherwise the first free room of the clicked type is.
  const proposed = values.roomId ?? (isTaken(answer?.result) ? "" : defaultRoomId(rooms, roomType));
  const [choice, setChoice] = useState({
    checkIn: values.checkIn ?? "",
    checkOut: values.checkOut ?? "",
    roomId: proposed,
    party: partyOf(values.adults, values.children),
  });
  const live = useHydrated();

  // What the guest typed or chose before the island was live is in the fields: start from it.
  useFieldsOnceLive(formRef, (fields, element) => {
    const checkIn = String(fields.get("checkIn") ?? "");
    const checkOut = String(fields.get("checkOut") ?? "");
    setChoice({
      checkIn,
      checkOut,
      roomId: String(fields.get("roomId") ?? ""),
      party: partyOf(String(fields.get("adults") ?? ""), String(fields.get("children") ?? "")),
    });
    // Dates changed before the island was live: the list for them.
    if (checkIn !== (values.checkIn ?? "") || checkOut !== (values.checkOut ?? "")) {
      roomList.follow(roomsQuery(roomType, element), (listed) => {
        if (listed) setRooms(listed.rooms);
      });
    }
  });

  const roomId = rooms.some((room) => String(room.id) === choice.roomId) ? choice.roomId : "";
  const room = rooms.find((candidate) => String(candidate.id) === roomId);
  const formError =
    result?.status === "error"
      ? result.message
      : result?.status === "invalid"
        ? messages.BOOKING_CHECK_FIELDS
        : null;

  return (
    <form
      method="post"
      action={action}
      noValidate
      className="room-booking-form"
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={onFocus}
      onChange={(event) => {
        onChange(event);
        const target = event.target as unknown as HTMLInputElement;
        if (target.name === "checkIn" || target.name === "checkOut" || target.name === "roomId") {
          setChoice((current) => ({ ...current, [target.name]: target.value }));
        }
        // The guests: the quote adds their supplements (the list need not be read again).
        if (target.name === "adults" || target.name === "children") {
          const fields = new FormData(event.currentTarget);
          const party = partyOf(String(fields.get("adults") ?? ""), String(fields.get("children") ?? ""));
          setChoice((current) => ({ ...current, party }));
        }
        if (target.name === "checkIn" || target.name === "checkOut") {
          roomList.follow(roomsQuery(roomType, event.currentTarget), (listed) => {
            if (listed) setRooms(listed.rooms);
          });
        }
      }}
    >
      {formError ? (
        <Notice tone="error" key={answerKey}>
          {formError}
        </Notice>
      ) : null}
      {roomsData?.error ? <Notice tone="error">{roomsData.error}</Notice> : null}

      <div className="room-booking-form__grid">
        <GuestFields values={values} fieldErrors={fieldErrors} />
        <StayFields
          values={values}
          fieldErrors={fieldErrors}
          today={today}
          checkIn={choice.checkIn}
          childrenRequired={true}
        />
      </div>

      <div>
        {roomsData === undefined ? (
          <p className="room-booking-form__loading" role="status">
            {LOADING_AVAILABLE_ROOMS}
          </p>
        ) : (
          <RoomPicker
            rooms={rooms}
            value={roomId}
            error={fieldErrors.roomId}
            checkIn={choice.checkIn}
            checkOut={choice.checkOut}
            party={choice.party}
          />
        )}
        <StayRuleHint hints={roomsData?.stayRuleHints} />
        <QuoteBreakdowns
          options={rooms}
          selected={room}
          checkIn={choice.checkIn}
          checkOut={choice.checkOut}
          party={choice.party}
        />
      </div>

      <p className="room-booking-form__estimate" aria-live="polite">
        {estimateFor(room, choice)}
      </p>
      <QuoteTaxes
        lines={quoteTaxLines(
          quotedTotal(room, choice.checkIn, choice.checkOut, choice.party),
          roomsData?.taxes,
        )}
      />

      <HoneypotField />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={dialog?.submissionId ?? ""} />
      <input type="hidden" name="roomType" value={roomType} />
      {/* The GET below carries it, so the page renders with the dialog open again. */}
      <input type="hidden" name={BOOK} value={roomType} />

      {/* Without JavaScript: reload the page with the rooms free for these dates, keeping every
          field. Once the island is live the list follows the dates by itself. */}
      <button
        type="submit"
        formMethod="get"
        formAction={pathname}
        formNoValidate
        className="btn btn--outline room-booking-form__check"
        hidden={live}
      >
        {messages.CHECK_AVAILABILITY}
      </button>
      <button
        type="submit"
        className="btn btn--dark room-booking-form__submit"
        aria-disabled={pending || undefined}
      >
        {pending ? messages.BOOKING_PENDING : CONFIRM_BOOKING}
      </button>
    </form>
  );
}
