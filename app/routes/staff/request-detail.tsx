import { data, Form } from "react-router";
import { formatLodgeTime } from "~/lib/dates.ts";
import { Notice } from "~/components/notice.tsx";
import { SelectField } from "~/components/form-fields.tsx";
import { RequestButtons } from "~/components/staff-request-buttons.tsx";
import {
  getNewsletterRecord,
  getRequestRecord,
  listHistoryWithStaff,
  newsletterHistory,
} from "~/db/inbox.server.ts";
import { listFreeRooms } from "~/db/rooms.server.ts";
import { INBOX_KIND_LABELS } from "~/lib/inbox-filter.ts";
import { requireStaff } from "~/lib/staff-auth.server.ts";
import { holdsRoom, REQUEST_KINDS, type RequestKind, type StayStatus } from "~/lib/stay-lifecycle.ts";
import { applyRequestAction } from "./request-actions.server.ts";
import type { StaffNotice } from "~/lib/staff-notice.ts";
import type { Route } from "./+types/request-detail";
import { readFormBody } from "~/lib/form-body.server.ts";

// One request: its full record, its history (who changed what, when) and the changes its
// status allows. A holding stay may move to another room free for all its nights. A newsletter
// subscription has a page too (the inbox lists it): its address, status and dates, no actions
// (the guest confirms and leaves through the mails' links).

type DetailKind = RequestKind | "newsletter";

function kindOf(value: string): DetailKind {
  if (value !== "newsletter" && !(REQUEST_KINDS as readonly string[]).includes(value))
    throw data("Not found", { status: 404 });
  return value as DetailKind;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const kind = kindOf(params.kind);
  const record =
    kind === "newsletter"
      ? await getNewsletterRecord(db, params.id)
      : await getRequestRecord(db, kind, params.id);
  if (!record) throw data("Not found", { status: 404 });
  const history =
    kind === "newsletter" ? newsletterHistory(record) : await listHistoryWithStaff(db, kind, params.id);
  const status = String(record.status);
  const freeRooms =
    (kind === "booking" || kind === "reservation") && holdsRoom(status as StayStatus)
      ? (await listFreeRooms(db, { checkIn: String(record.checkIn), checkOut: String(record.checkOut) })).map(
          (room) => ({ id: room.id, label: `${room.roomNumber} (${room.type})` }),
        )
      : [];
  const fields = Object.entries(record).map(([key, value]) => ({
    // Kysely hands columns back in camelCase: "checkIn" reads "check in".
    key: key.replace(/([A-Z])/g, " $1").toLowerCase(),
    value: value instanceof Date ? value.toISOString() : value === null ? "" : String(value),
  }));
  const name = String(record.name ?? record.email ?? "");
  return { kind, id: params.id, status, name, fields, history, freeRooms };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, context);
  if (kindOf(params.kind) === "newsletter")
    return data<StaffNotice>(
      { tone: "error", message: "A subscription has no actions here: the guest confirms or leaves by mail." },
      { status: 400 },
    );
  const form = await readFormBody(request);
  // The page's own request, whatever the form says.
  form.set("kind", params.kind);
  form.set("id", params.id);
  return applyRequestAction(db, staff, form);
}

export default function RequestDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, status, name, fields, history, freeRooms } = loaderData;
  const title = `${INBOX_KIND_LABELS[kind].replace(/s$/, "")}: ${name}`;
  return (
    <>
      <title>{`Staff: ${title}`}</title>
      <h1>{title}</h1>
      {actionData ? <Notice tone={actionData.tone}>{actionData.message}</Notice> : null}
      <p>
        Status: <strong>{status}</strong>
      </p>
      {kind === "newsletter" ? null : <RequestButtons kind={kind} id={id} status={status} />}
      {freeRooms.length > 0 ? (
        <Form method="post" className="staff-inline-form">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <SelectField name="roomId" label="Move to a room free for every night" required defaultValue="">
            <option value="" disabled>
              Choose a room
            </option>
            {freeRooms.map((room) => (
              <option key={room.id} value={room.id}>
                {room.label}
              </option>
            ))}
          </SelectField>
          <button type="submit" name="intent" value="move" className="btn btn--primary btn--small">
            Move
          </button>
        </Form>
      ) : null}
      <h2>Record</h2>
      <dl className="staff-record">
        {fields.map((field) => (
          <div key={field.key}>
            <dt>{field.key}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      <h2>History</h2>
      <ol className="staff-history">
        {history.map((entry) => (
          <li key={entry.id}>
            <time dateTime={new Date(entry.at).toISOString()}>{formatLodgeTime(entry.at)}</time>:{" "}
            {entry.fromStatus === null
              ? `Received (${entry.toStatus})`
              : `${entry.fromStatus} → ${entry.toStatus}`}{" "}
            by {entry.actor === "staff" ? (entry.staffName ?? "staff") : entry.actor}
            {entry.note ? `: ${entry.note}` : ""}
          </li>
        ))}
      </ol>
    </>
  );
}
