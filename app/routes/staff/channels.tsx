import { data } from "react-router";
import { ChannelConflicts } from "~/features/channels/components/channel-conflicts.tsx";
import { listOpenConflicts } from "~/features/channels/channel-conflicts.server.ts";
import { addFeed, listChannelRooms, removeFeed } from "~/features/channels/channel-feeds.server.ts";
import { channelSettingsContext } from "~/features/channels/channel-settings.server.ts";
import { syncFeedNow, type SyncReport } from "~/features/channels/channel-sync.server.ts";
import { channelsFormSchema } from "~/features/channels/channels-schema.ts";
import { feedPath, rotateExportToken } from "~/features/channels/room-feed.server.ts";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { recordAudit } from "~/features/staff/staff-audit.server.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { writeOnce } from "~/features/staff/staff-submissions.server.ts";
import { siteOriginContext } from "~/shared/context.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { formatLodgeTime } from "~/shared/dates.ts";
import { readFormBody } from "~/shared/forms/form-body.server.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import type { Route } from "./+types/channels";

// Calendar sync (managers only, decisions.md 36, docs/channels.md): each room's own feed address
// to paste into the channels, the channels' feeds it imports with how their reads go, and the
// double bookings a channel's booking raised.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const { intervalMinutes } = context.get(channelSettingsContext);
  const [rooms, conflicts] = await Promise.all([
    listChannelRooms(db, intervalMinutes),
    listOpenConflicts(db),
  ]);
  const origin = context.get(siteOriginContext);
  return {
    intervalMinutes,
    conflicts,
    rooms: rooms.map(({ token, ...room }) => ({ ...room, exportUrl: new URL(feedPath(token), origin).href })),
  };
}

type Answer = { tone: "success" | "error"; message: string; fieldErrors?: Record<string, string> };

function notice(tone: Answer["tone"], message: string, status = 200, fieldErrors?: Record<string, string>) {
  return data<Answer>({ tone, message, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, context, { role: "manager" });
  const form = await readFormBody(request);
  const parsed = parseForm(channelsFormSchema, form);
  // Sync now reads the channel first, outside the form's transaction (a network read may take
  // seconds), then answers like every form: a repeat of the form reads again, harmlessly.
  if (parsed.ok && parsed.data.intent === "sync-feed") {
    const report = await syncFeedNow(db, parsed.data.feedId, context.get(channelSettingsContext));
    return writeOnce({ db, staff, request, form }, async () => syncNotice(report));
  }
  return writeOnce({ db, staff, request, form }, (trx) => change(trx, staff.accountId, form));
}

function syncNotice(report: SyncReport | "busy") {
  if (report === "busy")
    return notice("error", "That feed is being read right now. Please look again in a minute.", 409);
  if (report.outcome === "failed")
    return notice("error", `The feed could not be read: ${report.error ?? ""}`, 502);
  const parts = [
    `${report.events} ${report.events === 1 ? "event" : "events"}`,
    ...(report.added > 0 ? [`${report.added} new`] : []),
    ...(report.moved > 0 ? [`${report.moved} moved`] : []),
    ...(report.released > 0 ? [`${report.released} released`] : []),
    ...(report.conflicts > 0
      ? [`${report.conflicts} double ${report.conflicts === 1 ? "booking" : "bookings"}`]
      : []),
  ];
  return notice(
    "success",
    report.outcome === "unchanged" ? "Feed read: nothing changed." : `Feed read: ${parts.join(", ")}.`,
  );
}

async function change(db: DB, by: number, sent: FormData) {
  const parsed = parseForm(channelsFormSchema, sent);
  if (!parsed.ok) {
    const fieldErrors = Object.fromEntries(
      Object.entries(parsed.fieldErrors).map(([k, v]) => [k, String(v)]),
    );
    return notice("error", Object.values(fieldErrors)[0] ?? "Please check the form.", 400, fieldErrors);
  }
  const form = parsed.data;
  switch (form.intent) {
    case "add-feed": {
      const result = await addFeed(db, { roomId: form.roomId, name: form.name, url: form.url });
      if (result.kind === "no-such-room") return notice("error", "That room does not exist.", 404);
      if (result.kind === "exists")
        return notice("error", "This room already imports that address.", 409, {
          url: "This room already imports that address.",
        });
      await recordAudit(db, {
        staffAccountId: by,
        subject: "room",
        subjectId: form.roomId,
        change: `Calendar sync: ${form.name} feed added.`,
      });
      return notice("success", `${form.name} added. It is read within a few minutes, or now with Sync now.`);
    }
    case "remove-feed": {
      const feed = await db
        .selectFrom("channelFeeds")
        .select("roomId")
        .where("id", "=", form.feedId)
        .executeTakeFirst();
      const name = await removeFeed(db, form.feedId);
      if (!name || !feed) return notice("error", "That feed no longer exists.", 404);
      await recordAudit(db, {
        staffAccountId: by,
        subject: "room",
        subjectId: feed.roomId,
        change: `Calendar sync: ${name} feed removed; its blocked nights are free again.`,
      });
      return notice("success", `${name} removed: the nights it blocked are free again.`);
    }
    case "rotate": {
      if (!(await rotateExportToken(db, form.roomId)))
        return notice("error", "That room does not exist.", 404);
      await recordAudit(db, {
        staffAccountId: by,
        subject: "room",
        subjectId: form.roomId,
        change: "Calendar sync: the room's calendar address was replaced.",
      });
      return notice(
        "success",
        "The room has a new calendar address. Paste it into every channel: the old one no longer works.",
      );
    }
    case "sync-feed":
      // Answered by the action before this point.
      return notice("error", "Please try again.", 400);
  }
}

export default function Channels({ loaderData, actionData }: Route.ComponentProps) {
  const { rooms, conflicts, intervalMinutes } = loaderData;
  const answer = useStaffNotice(actionData);
  const fieldErrors = answer && "fieldErrors" in answer ? answer.fieldErrors : undefined;
  return (
    <>
      <title>Staff: calendar sync</title>
      <h1>Calendar sync</h1>
      <AnswerNotice answer={answer} />
      <p>
        Each room publishes the nights it is not for sale here at its own calendar address; paste it into
        Airbnb, Booking.com or any channel that sells the room. The channels&rsquo; own calendar addresses are
        read every {intervalMinutes} minutes and block the room here. See the setup guide in docs/channels.md.
      </p>

      <ChannelConflicts conflicts={conflicts} headingId="conflicts" />

      <section aria-labelledby="add-feed">
        <h2 id="add-feed">Import a channel&rsquo;s calendar</h2>
        <StaffForm method="post" className="staff-form staff-form--grid" resetOnSuccess>
          <input type="hidden" name="intent" value="add-feed" />
          <SelectField name="roomId" label="Room" required defaultValue="" error={fieldErrors?.roomId}>
            <option value="" disabled>
              Which room the channel sells
            </option>
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                Room {room.roomNumber}, {room.type}
              </option>
            ))}
          </SelectField>
          <InputField
            name="name"
            label="Channel"
            required
            maxLength={60}
            placeholder="Airbnb"
            error={fieldErrors?.name}
          />
          <InputField
            name="url"
            label="The channel's calendar address (iCal export link)"
            type="url"
            required
            maxLength={2000}
            error={fieldErrors?.url}
          />
          <SubmitButton className="btn btn--primary" pending="Adding…">
            Add feed
          </SubmitButton>
        </StaffForm>
      </section>

      {rooms.map((room) => (
        <section key={room.id} aria-labelledby={`room-${room.id}`}>
          <h2 id={`room-${room.id}`}>
            Room {room.roomNumber} ({room.type})
          </h2>
          <InputField
            id={`export-${room.id}`}
            name={`export-${room.id}`}
            label="This room's calendar address, for the channels"
            readOnly
            value={room.exportUrl}
            onFocus={(event) => event.currentTarget.select()}
          />
          <StaffForm method="post" className="staff-inline">
            <input type="hidden" name="intent" value="rotate" />
            <input type="hidden" name="roomId" value={room.id} />
            <SubmitButton
              className="btn btn--outline btn--small"
              aria-label={`New address for room ${room.roomNumber}`}
              pending="Replacing…"
            >
              New address
            </SubmitButton>
          </StaffForm>
          {room.feeds.length === 0 ? (
            <p>No channel&rsquo;s calendar is imported for this room.</p>
          ) : (
            <div className="staff-table-wrap">
              <table className="staff-table">
                <caption className="visually-hidden">Imported calendars of room {room.roomNumber}</caption>
                <thead>
                  <tr>
                    <th scope="col">Channel</th>
                    <th scope="col">Last read</th>
                    <th scope="col">Last error</th>
                    <th scope="col">Events</th>
                    <th scope="col">Blocked</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {room.feeds.map((feed) => (
                    <tr key={feed.id}>
                      <th scope="row">
                        {feed.name}
                        <br />
                        <small>{feed.url}</small>
                      </th>
                      <td>
                        {feed.lastSuccessAt ? formatLodgeTime(feed.lastSuccessAt) : "never"}
                        {feed.stale ? (
                          <>
                            <br />
                            <strong>Not read for too long: the room may be sold twice.</strong>
                          </>
                        ) : null}
                      </td>
                      <td>
                        {feed.lastError && feed.lastErrorAt
                          ? `${formatLodgeTime(feed.lastErrorAt)}: ${feed.lastError}`
                          : "none"}
                      </td>
                      <td>{feed.events}</td>
                      <td>
                        {feed.holding}
                        {feed.notHolding > 0 ? ` (${feed.notHolding} over nights already held here)` : ""}
                      </td>
                      <td>
                        <StaffForm method="post" className="staff-inline">
                          <input type="hidden" name="intent" value="sync-feed" />
                          <input type="hidden" name="feedId" value={feed.id} />
                          <SubmitButton
                            className="btn btn--primary btn--small"
                            aria-label={`Sync now: ${feed.name}, room ${room.roomNumber}`}
                            pending="Reading…"
                          >
                            Sync now
                          </SubmitButton>
                        </StaffForm>{" "}
                        <StaffForm method="post" className="staff-inline">
                          <input type="hidden" name="intent" value="remove-feed" />
                          <input type="hidden" name="feedId" value={feed.id} />
                          <SubmitButton
                            className="btn btn--outline btn--small"
                            aria-label={`Remove: ${feed.name}, room ${room.roomNumber}`}
                            pending="Removing…"
                          >
                            Remove
                          </SubmitButton>
                        </StaffForm>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </>
  );
}
