import { data } from "react-router";
import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import { CsvDownload } from "~/features/staff/components/csv-download.tsx";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { listClosures } from "~/features/stays/room-closures.server.ts";
import { listRooms } from "~/features/stays/rooms.server.ts";
import { listAudit, readAuditPage } from "~/features/staff/staff-audit.server.ts";
import {
  addVenue,
  closeRoomAudited,
  reopenRoomAudited,
  setRoomPrice,
  setRoomTypePrice,
  setVenuePrice,
} from "~/features/stays/staff-rooms.server.ts";
import { listVenues } from "~/features/venues/venues.server.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { roomsFormSchema } from "~/features/staff/staff-schemas.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import type { Route } from "./+types/rooms";

// Rooms and venues (managers only): nightly rates per room or per type, out-of-service periods,
// venue prices and new venues. The public pages read these from the database, so a change shows
// there at once. Every change is in the audit list at the bottom.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const [rooms, closures, venues, audit] = await Promise.all([
    listRooms(db, lodgeToday()),
    listClosures(db),
    listVenues(db),
    listAudit(db, ["room", "venue", "closure"], readAuditPage(new URL(request.url).searchParams)),
  ]);
  const types = [...new Map(rooms.map((room) => [room.type, room.price])).entries()].map(([type, price]) => ({
    type,
    price,
  }));
  const numbers = new Map(rooms.map((room) => [room.id, room.roomNumber]));
  return {
    rooms: rooms.map((r) => ({
      id: r.id,
      roomNumber: r.roomNumber,
      type: r.type,
      price: r.price,
      status: r.status,
    })),
    types,
    closures: closures.map((c) => ({ ...c, roomNumber: numbers.get(c.roomId) ?? String(c.roomId) })),
    venues: venues.map((v) => ({ id: v.id, venue: v.venue, price: v.price })),
    audit: audit.entries,
    changes: { page: audit.page, hasOlder: audit.hasOlder },
  };
}

function notice(tone: StaffNotice["tone"], message: string, status = 200) {
  return data<StaffNotice & { fieldErrors?: Record<string, string> }>({ tone, message }, { status });
}

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, { role: "manager" }, change);
}

async function change(db: DB, staff: SignedInStaff, sent: FormData) {
  const parsed = parseForm(roomsFormSchema, sent);
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
    return notice("error", String(first), 400);
  }
  const form = parsed.data;
  const by = staff.accountId;
  switch (form.intent) {
    case "room-price":
      return (await setRoomPrice(db, by, form.roomId, form.price))
        ? notice("success", `Nightly rate set to ${formatKwacha(form.price)}.`)
        : notice("error", "That room does not exist.", 404);
    case "type-price": {
      const changed = await setRoomTypePrice(db, by, form.type, form.price);
      return changed > 0
        ? notice("success", `${form.type}: ${changed} rooms now ${formatKwacha(form.price)} a night.`)
        : notice("error", "No room has that type.", 404);
    }
    case "venue-price":
      return (await setVenuePrice(db, by, form.venueId, form.price))
        ? notice("success", `Venue price set to ${formatKwacha(form.price)}.`)
        : notice("error", "That venue does not exist.", 404);
    case "add-venue":
      return (await addVenue(db, by, form.venue, form.price)) === "added"
        ? notice("success", `${form.venue} added.`)
        : notice("error", "A venue of that name exists already.", 409);
    case "close-room": {
      const result = await closeRoomAudited(db, by, {
        roomId: form.roomId,
        startsOn: form.startsOn,
        endsOn: form.endsOn,
        reason: form.reason,
      });
      if (result.kind === "no-such-room") return notice("error", "That room does not exist.", 404);
      return result.kind === "closed"
        ? notice("success", "Room taken out of service.")
        : notice(
            "error",
            "A stay (or another closure) holds this room on some of those nights. Move or cancel that stay first, or choose other dates.",
            409,
          );
    }
    case "reopen":
      return (await reopenRoomAudited(db, by, form.closureId))
        ? notice("success", "Room back in service.")
        : notice("error", "That out-of-service period no longer exists.", 404);
  }
}

function PriceForm({
  intent,
  idName,
  idValue,
  label,
  price,
}: {
  intent: string;
  idName: string;
  idValue: string | number;
  label: string;
  price: number;
}) {
  return (
    <StaffForm method="post" className="staff-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={idValue} />
      <InputField name="price" label={label} type="number" min={1} step={1} required defaultValue={price} />
      <SubmitButton className="btn btn--primary btn--small" aria-label={`Save: ${label}`} pending="Saving…">
        Save
      </SubmitButton>
    </StaffForm>
  );
}

export default function RoomsAndVenues({ loaderData, actionData }: Route.ComponentProps) {
  const { rooms, types, closures, venues, audit, changes } = loaderData;
  return (
    <>
      <title>Staff: rooms and venues</title>
      <h1>Rooms and venues</h1>
      <AnswerNotice answer={useStaffNotice(actionData)} />

      <section aria-labelledby="type-prices">
        <h2 id="type-prices">Nightly rate per room type</h2>
        {types.map((t) => (
          <PriceForm
            key={t.type}
            intent="type-price"
            idName="type"
            idValue={t.type}
            label={`${t.type} (K)`}
            price={t.price}
          />
        ))}
      </section>

      <section aria-labelledby="closures">
        <h2 id="closures">Out of service</h2>
        <p>
          <CsvDownload list="closures" label="Download out-of-service dates as CSV" />
        </p>
        <StaffForm method="post" className="staff-form staff-form--grid" resetOnSuccess>
          <input type="hidden" name="intent" value="close-room" />
          <SelectField name="roomId" label="Room" required defaultValue="">
            <option value="" disabled>
              Choose a room
            </option>
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {room.roomNumber} ({room.type})
              </option>
            ))}
          </SelectField>
          <InputField name="startsOn" label="First day out of service" type="date" required />
          <InputField name="endsOn" label="Back in service on (empty: until further notice)" type="date" />
          <InputField name="reason" label="Reason" required maxLength={200} />
          <SubmitButton className="btn btn--primary" pending="Saving…">
            Take out of service
          </SubmitButton>
        </StaffForm>
        {closures.length === 0 ? (
          <p>No room is out of service.</p>
        ) : (
          <ul className="staff-list">
            {closures.map((c) => (
              <li key={c.id}>
                Room {c.roomNumber}: from {c.startsOn}{" "}
                {c.endsOn ? `until ${c.endsOn}` : "until further notice"} ({c.reason}){" "}
                <StaffForm method="post" className="staff-inline">
                  <input type="hidden" name="intent" value="reopen" />
                  <input type="hidden" name="closureId" value={c.id} />
                  <SubmitButton
                    className="btn btn--outline btn--small"
                    aria-label={`Back in service: room ${c.roomNumber} from ${c.startsOn}`}
                    pending="Saving…"
                  >
                    Back in service
                  </SubmitButton>
                </StaffForm>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="venues">
        <h2 id="venues">Venues</h2>
        <p>
          <CsvDownload list="venues" label="Download venues as CSV" />
        </p>
        {venues.map((v) => (
          <PriceForm
            key={v.id}
            intent="venue-price"
            idName="venueId"
            idValue={v.id}
            label={`${v.venue} (K)`}
            price={v.price}
          />
        ))}
        <StaffForm method="post" className="staff-form staff-form--grid" resetOnSuccess>
          <input type="hidden" name="intent" value="add-venue" />
          <InputField name="venue" label="New venue's name" required maxLength={100} />
          <InputField name="price" label="Its price (K)" type="number" min={1} step={1} required />
          <SubmitButton className="btn btn--primary" pending="Adding…">
            Add venue
          </SubmitButton>
        </StaffForm>
      </section>

      <section aria-labelledby="room-prices">
        <h2 id="room-prices">Nightly rate per room</h2>
        <p>
          <CsvDownload list="rooms" label="Download rooms and rates as CSV" />
        </p>
        <div className="staff-price-grid">
          {rooms.map((room) => (
            <PriceForm
              key={room.id}
              intent="room-price"
              idName="roomId"
              idValue={room.id}
              label={`Room ${room.roomNumber}, ${room.type} (K)`}
              price={room.price}
            />
          ))}
        </div>
      </section>

      <StaffChanges
        id="changes"
        entries={audit}
        {...changes}
        href={(to) => (to > 1 ? `/staff/rooms?changes=${to}#changes` : "/staff/rooms#changes")}
      />
    </>
  );
}
