import { Fragment, useState } from "react";
import { formatDisplayDate } from "~/shared/dates.ts";
import type { FormResult } from "~/shared/forms/form-result.ts";
import { FIELD_LABELS, MY_BOOKING_ERROR } from "~/shared/messages.ts";
import { guestDepositText } from "~/features/payments/deposit-policy.ts";
import { formatKwacha } from "~/shared/money.ts";
import { taxLabel } from "~/features/pricing/rates.ts";
import type { MyBookingRequest } from "../my-booking-view.ts";
import { InputField } from "../../../shared/forms/form-fields.tsx";
import { Island } from "../../../shared/islands/island.tsx";
import { islandApi } from "../../../shared/islands/island-api.ts";
import { NightlyBreakdown } from "../../pricing/components/nightly-breakdown.tsx";
import { Notice } from "../../../shared/ui/notice.tsx";
import { useIslandForm } from "../../../shared/islands/use-island-form.ts";

/** /my-booking's action's answer: the request found (after a cancel, with what became of it), or why not. */
export type MyBookingAnswer =
  | {
      status: "found";
      request: MyBookingRequest;
      email: string;
      message?: string;
      tone?: "success" | "error";
    }
  | {
      status: "error";
      message: string;
      values: Record<string, string>;
      fieldErrors?: Record<string, string | undefined>;
    };

/** The island's JSON route (app/routes/api/my-booking.ts): /my-booking's action, answered as JSON. */
export const myBookingApi = islandApi<never, MyBookingAnswer>("/api/my-booking");

const KIND_LABELS = { booking: "Room booking", reservation: "Reservation", "venue-booking": "Venue booking" };
const ACTORS: Record<string, string> = { guest: "by you", staff: "by the lodge", system: "automatically" };

/** Lusaka time, fixed format: the same on every server. */
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lusaka",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function MyBookingRequestView({ request }: { request: MyBookingRequest }) {
  const stay = request.kind !== "venue-booking";
  return (
    <section aria-labelledby="my-booking-request-title">
      <h2 id="my-booking-request-title">
        {KIND_LABELS[request.kind]} {request.reference}
      </h2>
      <dl className="my-booking__facts">
        <dt>Status</dt>
        <dd>{request.status}</dd>
        <dt>Name</dt>
        <dd>{request.name}</dd>
        <dt>{stay ? "Room" : "Venue"}</dt>
        <dd>{request.what}</dd>
        <dt>{stay ? "Check-in" : "Date"}</dt>
        <dd>{formatDisplayDate(request.from)}</dd>
        {stay ? (
          <>
            <dt>Check-out</dt>
            <dd>{formatDisplayDate(request.until)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd>{formatKwacha(request.total)}</dd>
        {request.taxes.map((line) => (
          <Fragment key={line.kind}>
            <dt>{`Of which ${taxLabel(line)}`}</dt>
            <dd>{formatKwacha(line.amount)}</dd>
          </Fragment>
        ))}
        <dt>Paid</dt>
        <dd>{formatKwacha(request.paid)}</dd>
        {request.due === null ? null : (
          <>
            <dt>Balance due</dt>
            <dd>{formatKwacha(request.due)}</dd>
          </>
        )}
      </dl>
      <NightlyBreakdown nights={request.nights} />
      {request.deposit ? (
        <>
          <h3>Your deposit</h3>
          <p className="my-booking__deposit" data-deposit-outcome={request.deposit.outcome.case}>
            {guestDepositText(request.deposit.outcome)}
          </p>
        </>
      ) : null}
      <h3>History</h3>
      <ol className="my-booking__history">
        {request.history.map((entry) => (
          <li key={`${entry.at}-${entry.toStatus}`}>
            {timeFormat.format(new Date(entry.at))}: {entry.toStatus ?? "changed"} {ACTORS[entry.actor] ?? ""}
          </li>
        ))}
      </ol>
    </section>
  );
}

interface MyBookingProps {
  /** From the confirmation mail's link (`?reference=`). */
  reference: string;
  /** The action's answer to a post without JavaScript. */
  answer: MyBookingAnswer | null;
}

/**
 * /my-booking's look-up and cancel forms, an island (ADR 0015): without JavaScript each posts the
 * page; once live the look-up is checked first and every answer shows in place.
 */
export function MyBooking(props: MyBookingProps) {
  return <Island name="my-booking" id="my-booking" component={MyBookingIsland} props={props} />;
}

/** The action's answer as the form shows it (its notices and field messages). */
function asResult(answer: MyBookingAnswer): FormResult {
  if (answer.status === "found") return { status: "success", message: answer.message ?? "" };
  return answer.fieldErrors
    ? { status: "invalid", fieldErrors: answer.fieldErrors, values: answer.values }
    : { status: "error", code: "failed", message: answer.message, values: answer.values };
}

export function MyBookingIsland({ reference: linked, answer: initial }: MyBookingProps) {
  const [answer, setAnswer] = useState(initial);
  const { formRef, onSubmit, onChange, onFocus, pending, result, fieldErrors, answerKey } =
    useIslandForm<MyBookingAnswer>({
      api: myBookingApi,
      loadParser: () =>
        Promise.all([
          import("~/features/stays/my-booking-schema.ts"),
          import("~/shared/forms/form-data.ts"),
        ]).then(
          ([{ myBookingSchema }, { parseForm }]) =>
            (input) =>
              parseForm(myBookingSchema, input),
        ),
      resultOf: asResult,
      failure: MY_BOOKING_ERROR,
      initial: initial ? asResult(initial) : null,
      onAnswer: setAnswer,
    });
  const found = answer?.status === "found" ? answer : undefined;
  const failed = answer?.status === "error" ? answer : undefined;
  const reference = failed?.values.reference ?? found?.request.reference ?? linked;
  const email = failed?.values.email ?? "";
  const formMessage =
    result?.status === "error" ? result.message : failed && !pending ? failed.message : null;
  const form = { ref: formRef, onSubmit, onChange, onFocus, method: "post", noValidate: true } as const;

  if (found) {
    return (
      <>
        {found.message ? (
          <Notice tone={found.tone ?? "success"} key={answerKey}>
            {found.message}
          </Notice>
        ) : null}
        <MyBookingRequestView request={found.request} />
        {/* A page of its own to print (the route's folio answer): posted as a page, not in place. */}
        <form method="post" className="my-booking__form" noValidate>
          <input type="hidden" name="intent" value="folio" />
          <input type="hidden" name="reference" value={found.request.reference} />
          <input type="hidden" name="email" value={found.email} />
          <button type="submit" className="btn btn--primary">
            Show my folio and receipts
          </button>
        </form>
        {found.request.mayCancel ? (
          // The page keeps no session: the cancel form carries the reference and e-mail the guest gave.
          <section aria-labelledby="my-booking-cancel-title">
            <h2 id="my-booking-cancel-title">Cancel this stay</h2>
            <p>Your stay has not begun, so you can cancel it here. The room is released at once.</p>
            <form className="my-booking__form" {...form}>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="reference" value={found.request.reference} />
              <input type="hidden" name="email" value={found.email} />
              <button type="submit" className="btn btn--dark" aria-disabled={pending || undefined}>
                Cancel my stay
              </button>
            </form>
          </section>
        ) : null}
        <p>
          <a href="/my-booking">Look up another booking</a>
        </p>
      </>
    );
  }
  return (
    <>
      <p>Enter the reference from your confirmation and the e-mail address you booked with.</p>
      {formMessage ? (
        <Notice tone="error" key={answerKey}>
          {formMessage}
        </Notice>
      ) : null}
      <form className="my-booking__form" {...form}>
        <input type="hidden" name="intent" value="find" />
        <InputField
          name="reference"
          label="Booking reference"
          defaultValue={reference}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="For example LDG-7K3QX9"
          error={fieldErrors.reference ?? failed?.fieldErrors?.reference}
        />
        <InputField
          name="email"
          type="email"
          label={FIELD_LABELS.email}
          defaultValue={email}
          required
          autoComplete="email"
          error={fieldErrors.email ?? failed?.fieldErrors?.email}
        />
        <button type="submit" className="btn btn--primary" aria-disabled={pending || undefined}>
          Find my booking
        </button>
      </form>
    </>
  );
}
