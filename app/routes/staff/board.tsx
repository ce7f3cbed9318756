import { Link } from "react-router";
import { CsvDownload } from "~/components/csv-download.tsx";
import { listBoard, type BoardBar } from "~/db/inbox.server.ts";
import { listRooms } from "~/db/rooms.server.ts";
import { addDays, daysBetween, formatDisplayDate, lodgeToday } from "~/lib/dates.ts";
import { requireStaff } from "~/lib/staff-auth.server.ts";
import { readBoardRange } from "~/lib/staff-list-filters.ts";
import type { Route } from "./+types/board";

// The room board: rooms down the side, the coming 14 or 30 days across, each stay (and each
// out-of-service period) one bar spanning its nights. A table: it scrolls sideways on a tablet
// with the room column kept in view, and reads row by row to a screen reader.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const today = lodgeToday();
  const { start, days, until } = readBoardRange(new URL(request.url).searchParams, today);
  const [rooms, bars] = await Promise.all([listRooms(db, today), listBoard(db, start, until)]);
  return {
    start,
    days,
    dates: Array.from({ length: days }, (_, i) => addDays(start, i)),
    rooms: rooms.map((room) => ({
      id: room.id,
      roomNumber: room.roomNumber,
      type: room.type,
      outOfService: room.outOfService,
    })),
    bars,
  };
}

function cells(dates: string[], bars: BoardBar[]) {
  const out: React.ReactNode[] = [];
  let i = 0;
  while (i < dates.length) {
    const date = dates[i] as string;
    const bar = bars.find((b) => b.from === date);
    if (!bar) {
      out.push(<td key={date} />);
      i += 1;
      continue;
    }
    const span = Math.max(1, daysBetween(bar.from, bar.until));
    const text = `${bar.label} (${bar.status})`;
    out.push(
      <td
        key={date}
        colSpan={span}
        className={`board-bar board-bar--${bar.status.replaceAll(" ", "-").toLowerCase()}`}
      >
        {bar.kind === "closure" ? (
          <span>Out of service: {bar.label}</span>
        ) : (
          <Link to={`/staff/requests/${bar.kind}/${bar.id}`}>{text}</Link>
        )}
      </td>,
    );
    i += span;
  }
  return out;
}

export default function Board({ loaderData }: Route.ComponentProps) {
  const { start, days, dates, rooms, bars } = loaderData;
  return (
    <>
      <title>Staff: room board</title>
      <h1>Room board</h1>
      <p>
        <CsvDownload
          list="board"
          search={`?from=${start}&days=${days}`}
          label="Download these stays as CSV"
        />
      </p>
      <p>
        From {formatDisplayDate(start)}, {days} days.{" "}
        {days === 14 ? (
          <Link to={`/staff/board?from=${start}&days=30`}>Show 30 days</Link>
        ) : (
          <Link to={`/staff/board?from=${start}`}>Show 14 days</Link>
        )}
        {" · "}
        <Link to={`/staff/board?from=${addDays(start, -days)}&days=${days}`}>Earlier</Link>
        {" · "}
        <Link to={`/staff/board?from=${addDays(start, days)}&days=${days}`}>Later</Link>
      </p>
      <div className="board-wrap" role="region" aria-label="Room board" tabIndex={0}>
        <table className="board">
          <caption className="visually-hidden">Stays by room and night</caption>
          <thead>
            <tr>
              <th scope="col" className="board-room">
                Room
              </th>
              {dates.map((date) => (
                <th scope="col" key={date}>
                  {formatDisplayDate(date).replace(/ \d{4}$/, "")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rooms.map((room) => (
              <tr key={room.id}>
                <th scope="row" className="board-room">
                  {room.roomNumber}
                  <span className="staff-muted"> {room.type}</span>
                  {room.outOfService ? <span className="board-oos"> (out of service)</span> : null}
                </th>
                {cells(
                  dates,
                  bars.filter((bar) => bar.roomId === room.id),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
