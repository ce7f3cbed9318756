import { Form, Link } from "react-router";
import { InputField, SelectField, TextAreaField } from "~/shared/forms/form-fields.tsx";
import { DismissibleNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { RoomNotReadyConfirm } from "~/features/desk/components/staff-action-notice.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { lodgeToday } from "~/shared/dates.ts";
import { FIELD_LABELS } from "~/shared/messages.ts";
import { PAYMENT_METHODS } from "~/shared/db/schema.ts";
import { DESK_CHANNEL_LABELS, DESK_CHANNELS } from "~/features/desk/desk-schema.ts";
import { FORM_ERROR } from "~/shared/forms/form-data.ts";
import { readFormBody } from "~/shared/forms/form-body.server.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { RoomPicker } from "~/features/stays/components/room-picker.tsx";
import { partyOf } from "~/features/pricing/components/stay-quote.tsx";
import { StayFields } from "~/features/stays/components/stay-fields.tsx";
import { stayParams } from "~/features/stays/refused-stay.server.ts";
import { loadDeskPage, saveDeskBooking } from "../../features/desk/desk.server.ts";
import { deskTabOf, type DeskTab } from "~/features/desk/desk-schema.ts";
import type { Route } from "./+types/desk";

// The front desk: a room booking, a reservation or a venue booking for a guest on the
// phone or at the door. Plain forms that work without JavaScript: the dates form (GET) lists the
// rooms free for the stay; the booking form (POST) saves it or answers beside each field.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const today = lodgeToday();
  return { today, ...(await loadDeskPage(context, db, stayParams(request, context), today)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, context);
  return saveDeskBooking(context, db, staff, await readFormBody(request), lodgeToday());
}

const TAB_LABELS: Record<DeskTab, string> = {
  room: "Room booking",
  reservation: "Reservation",
  venue: "Venue booking",
};

export default function Desk({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  // A refused booking comes back to its own tab with what was typed (a tab the desk has, else the
  // page's own: what was posted is not trusted to name one).
  const tab = deskTabOf(values.tab) ?? page.tab;
  const value = (name: string, fallback = "") => values[name] ?? fallback;
  const tabLink = (to: DeskTab) => `/staff/desk?tab=${to}&channel=${page.channel}`;
  return (
    <>
      <title>Staff: new booking at the desk</title>
      <h1>New booking at the desk</h1>
      <p className="staff-muted">
        For a guest on the phone or at the door. The e-mail is optional: without one, no mail is sent.
      </p>
      <nav aria-label="Kind of booking" className="staff-actions">
        {(Object.keys(TAB_LABELS) as DeskTab[]).map((to) => (
          <Link
            key={to}
            to={tabLink(to)}
            className={`btn btn--small ${to === tab ? "btn--primary" : "btn--outline"}`}
            aria-current={to === tab ? "page" : undefined}
          >
            {TAB_LABELS[to]}
          </Link>
        ))}
      </nav>
      {errors[FORM_ERROR] || errors.tab ? (
        <DismissibleNotice tone="error" of={actionData}>
          {errors[FORM_ERROR] ?? errors.tab}
        </DismissibleNotice>
      ) : null}
      {actionData?.roomNotReady ? (
        <DismissibleNotice tone="error" of={actionData}>
          <p>{actionData.roomNotReady.message}</p>
          <RoomNotReadyConfirm question={actionData.roomNotReady.question} />
        </DismissibleNotice>
      ) : null}
      {/* The kind of booking has no field of its own: its message is the form's. */}
      {Object.keys(errors).some((key) => key !== FORM_ERROR && key !== "tab") ? (
        <DismissibleNotice tone="error" of={actionData}>
          Please correct the fields marked below.
        </DismissibleNotice>
      ) : null}

      {tab === "venue" ? (
        <Form method="get" className="staff-inline-form" aria-label="Venues free on a date">
          <input type="hidden" name="tab" value="venue" />
          <input type="hidden" name="channel" value={page.channel} />
          <InputField
            name="bookingDate"
            label="Venues free on"
            type="date"
            min={page.today}
            defaultValue={page.bookingDate}
          />
          <button type="submit" className="btn btn--outline btn--small">
            Show free venues
          </button>
        </Form>
      ) : (
        <Form method="get" className="staff-inline-form" aria-label="Rooms free for the stay">
          <input type="hidden" name="tab" value={tab} />
          <input type="hidden" name="channel" value={page.channel} />
          <InputField
            name="checkIn"
            label="Arriving"
            type="date"
            min={page.today}
            defaultValue={page.checkIn}
          />
          <InputField
            name="checkOut"
            label="Leaving"
            type="date"
            min={page.today}
            defaultValue={page.checkOut}
          />
          <button type="submit" className="btn btn--outline btn--small">
            Show free rooms
          </button>
        </Form>
      )}

      <StaffForm
        method="post"
        noValidate
        className="staff-form staff-form--grid"
        aria-label={TAB_LABELS[tab]}
      >
        <input type="hidden" name="tab" value={tab} />
        <SelectField
          name="channel"
          label="How the guest reached us"
          defaultValue={value("channel", page.channel)}
          error={errors.channel}
        >
          {DESK_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {DESK_CHANNEL_LABELS[channel]}
            </option>
          ))}
        </SelectField>
        <InputField
          name="name"
          label={FIELD_LABELS.name}
          required
          defaultValue={value("name")}
          error={errors.name}
        />
        <InputField
          name="phone"
          label={FIELD_LABELS.phone}
          type="tel"
          required
          defaultValue={value("phone")}
          error={errors.phone}
        />
        <InputField
          name="email"
          label="Email Address (optional)"
          type="email"
          defaultValue={value("email")}
          error={errors.email}
          hint="Leave blank if the guest has none: no mail will be sent."
        />
        {tab === "venue" ? (
          <>
            <SelectField
              name="venueId"
              label={FIELD_LABELS.venueId}
              defaultValue={value("venueId")}
              error={errors.venueId}
            >
              <option value="">Choose a venue</option>
              {page.venues.map((venue) => (
                <option key={venue.id} value={venue.id}>
                  {venue.label}
                </option>
              ))}
            </SelectField>
            <InputField
              name="bookingDate"
              label={FIELD_LABELS.bookingDate}
              type="date"
              min={page.today}
              defaultValue={value("bookingDate", page.bookingDate)}
              error={errors.bookingDate}
            />
            <InputField
              name="numberOfPeople"
              label={FIELD_LABELS.numberOfPeople}
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={value("numberOfPeople")}
              error={errors.numberOfPeople}
            />
          </>
        ) : (
          <>
            <StayFields
              values={{
                checkIn: value("checkIn", page.checkIn),
                checkOut: value("checkOut", page.checkOut),
                adults: value("adults", "1"),
                children: value("children", "0"),
              }}
              fieldErrors={errors}
              today={page.today}
              childrenRequired={false}
            />
            <RoomPicker
              rooms={page.rooms}
              defaultValue={value("roomId")}
              error={errors.roomId}
              hint="Rooms free for the dates shown above."
              checkIn={value("checkIn", page.checkIn)}
              checkOut={value("checkOut", page.checkOut)}
              party={partyOf(value("adults", "1"), value("children", "0"))}
            />
          </>
        )}
        <SelectField
          name="paymentMethod"
          label={FIELD_LABELS.paymentMethod}
          defaultValue={value("paymentMethod", PAYMENT_METHODS[0])}
          error={errors.paymentMethod}
        >
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          name="message"
          label="Message (optional)"
          rows={3}
          defaultValue={value("message")}
          error={errors.message}
        />
        {tab === "room" ? (
          <div className={`field${errors.checkInNow ? " field--invalid" : ""}`}>
            <label>
              <input
                type="checkbox"
                name="checkInNow"
                defaultChecked={values.checkInNow === "on" || (!actionData && page.channel === "walk-in")}
                aria-describedby={errors.checkInNow ? "check-in-now-error" : undefined}
              />{" "}
              Check the guest in now (arriving today)
            </label>
            {errors.checkInNow ? (
              <p id="check-in-now-error" className="field__error">
                {errors.checkInNow}
              </p>
            ) : null}
          </div>
        ) : null}
        {tab !== "venue" ? (
          <InputField
            name="overrideReason"
            label="Reason to override a stay rule (optional)"
            hint="Only when the stay breaks a minimum or maximum stay or a day closed to arrival; kept in its history."
            defaultValue={value("overrideReason")}
            error={errors.overrideReason}
          />
        ) : null}
        {errors.submissionId ? <p className="field__error">{errors.submissionId}</p> : null}
        <div className="staff-actions">
          <SubmitButton className="btn btn--primary" pending="Saving…">
            {`Save the ${TAB_LABELS[tab].toLowerCase()}`}
          </SubmitButton>
        </div>
      </StaffForm>
    </>
  );
}
