import { Link } from "react-router";
import { CsvDownload } from "~/components/csv-download.tsx";
import { Notice } from "~/components/notice.tsx";
import { RequestButtons } from "~/components/staff-request-buttons.tsx";
import { listToday, type StayRow } from "~/db/inbox.server.ts";
import { formatDisplayDate, lodgeToday } from "~/lib/dates.ts";
import { requireStaff } from "~/lib/staff-auth.server.ts";
import { applyRequestAction } from "./request-actions.server.ts";
import type { Route } from "./+types/today";
import { readFormBody } from "~/lib/form-body.server.ts";

// Today at the lodge (its own calendar day, Africa/Lusaka): who arrives, who leaves, who is in,
// with check-in, check-out and no-show one click each.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const today = lodgeToday();
  return { today, ...(await listToday(db, today)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, context);
  return applyRequestAction(db, staff, await readFormBody(request));
}

function StayTable({
  caption,
  stays,
  only,
  empty,
}: {
  caption: string;
  stays: StayRow[];
  only: readonly string[];
  empty: string;
}) {
  if (stays.length === 0) return <p>{empty}</p>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Room</th>
            <th scope="col">Guest</th>
            <th scope="col">Stay</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {stays.map((stay) => (
            <tr key={stay.id}>
              <td>{stay.roomNumber}</td>
              <td>
                <Link to={`/staff/requests/${stay.kind}/${stay.id}`}>{stay.name}</Link>
                <br />
                <span className="staff-muted">{stay.phone}</span>
              </td>
              <td>
                {formatDisplayDate(stay.checkIn)} to {formatDisplayDate(stay.checkOut)}
              </td>
              <td>{stay.status}</td>
              <td>
                <RequestButtons
                  kind={stay.kind}
                  id={stay.id}
                  status={stay.status}
                  who={`${stay.name}, room ${stay.roomNumber}`}
                  only={only}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Today({ loaderData, actionData }: Route.ComponentProps) {
  const { today, arrivals, departures, inHouse } = loaderData;
  return (
    <>
      <title>Staff: today</title>
      <h1>Today, {formatDisplayDate(today)}</h1>
      <p>
        <CsvDownload list="today" label="Download today's lists as CSV" />
      </p>
      {actionData ? <Notice tone={actionData.tone}>{actionData.message}</Notice> : null}
      <section aria-labelledby="arrivals">
        <h2 id="arrivals">Arrivals ({arrivals.length})</h2>
        <StayTable
          caption="Arrivals"
          stays={arrivals}
          only={["confirm", "check-in", "no-show"]}
          empty="No arrivals due."
        />
      </section>
      <section aria-labelledby="departures">
        <h2 id="departures">Departures ({departures.length})</h2>
        <StayTable caption="Departures" stays={departures} only={["check-out"]} empty="No departures due." />
      </section>
      <section aria-labelledby="in-house">
        <h2 id="in-house">In house ({inHouse.length})</h2>
        <StayTable caption="In house" stays={inHouse} only={["check-out"]} empty="No guests checked in." />
      </section>
    </>
  );
}
