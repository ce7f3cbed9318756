import { Link } from "react-router";
import { CsvDownload } from "~/features/staff/components/csv-download.tsx";
import { listBoard, type BoardBar } from "~/features/desk/inbox.server.ts";
import { listRooms, type RoomWithStatus } from "~/features/stays/rooms.server.ts";
import { addDays, formatDisplayDate, lodgeToday } from "~/shared/dates.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { readBoardRange } from "~/features/staff/staff-list-filters.ts";
import { housekeepingStates } from "~/features/housekeeping/housekeeping.server.ts";
import { RoomStateLabel } from "~/features/housekeeping/components/housekeeping-list.tsx";
import type { Route } from "./+types/board";

// The room board: rooms down the side, the coming 14 or 30 days across, each stay (and each
// out-of-service period) one bar spanning its nights. A table: it scrolls sideways on a tablet
// with the room column kept in view, and reads row by row to a screen reader.

/** One room's row across the board: a number is that many empty nights, an object one bar. */
type BoardCell = number | { span: number; kind: BoardBar["kind"]; id: string; label: string; status: string };

/**
 * Each room's row as the page draws it, worked out once here, with only what its cells show: the
 * page's data goes to the browser again for hydration, and at ten years of history the board
 * draws ~70 bars. Bars come ordered by room and first night, and never overlap within
 * a room (the ledger's exclusion constraint); a bar starting under another is not drawn, as before.
 */
function boardRows(rooms: RoomWithStatus[], bars: BoardBar[], days: number) {
  const byRoom = new Map<number, BoardBar[]>();
  for (const bar of bars) {
    const list = byRoom.get(bar.roomId);
    if (list) list.push(bar);
    else byRoom.set(bar.roomId, [bar]);
  }
  return rooms.map((room) => {
    const cells: BoardCell[] = [];
    let at = 0;
    for (const bar of byRoom.get(room.id) ?? []) {
      const from = bar.startDay;
      if (from < at || from >= days) continue;
      if (from > at) cells.push(from - at);
      const span = Math.max(1, bar.nights);
      cells.push({ span, kind: bar.kind, id: bar.id, label: bar.label, status: bar.status });
      at = from + span;
    }
    if (at < days) cells.push(days - at);
    return {
      id: room.id,
      roomNumber: room.roomNumber,
      type: room.type,
      outOfService: room.outOfService,
      cells,
    };
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const today = lodgeToday();
  const { start, days, until, error } = readBoardRange(new URL(request.url).searchParams, today);
  const [rooms, bars, roomStates] = await Promise.all([
    listRooms(db, today),
    listBoard(db, start, until),
    housekeepingStates(db),
  ]);
  return { start, days, rooms: boardRows(rooms, bars, days), roomStates, error: error ?? null };
}

/** A room's cells: one per empty night, one per bar spanning its nights, which links to its request. */
function cells(row: readonly BoardCell[]) {
  const out: React.ReactNode[] = [];
  let day = 0;
  for (const cell of row) {
    if (typeof cell === "number") {
      for (const end = day + cell; day < end; day++) out.push(<td key={day} />);
      continue;
    }
    out.push(
      <td
        key={day}
        colSpan={cell.span}
        className={`board-bar board-bar--${cell.status.replaceAll(" ", "-").toLowerCase()}`}
      >
        {cell.kind === "closure" ? (
          <span>Out of service: {cell.label}</span>
        ) : cell.kind === "channel" ? (
          <span>Held by {cell.label}</span>
        ) : (
          <Link to={`/staff/requests/${cell.kind}/${cell.id}`}>{`${cell.label} (${cell.status})`}</Link>
        )}
      </td>,
    );
    day += cell.span;
  }
  return out;
}

export default function Board({ loaderData }: Route.ComponentProps) {
  const { start, days, rooms, roomStates, error } = loaderData;
  const dates = Array.from({ length: days }, (_, i) => addDays(start, i));
  return (
    <>
      <title>Staff: room board</title>
      <h1>Room board</h1>
      {error ? <p role="alert">{`${error} This is the board from today.`}</p> : null}
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
                  <RoomStateLabel state={roomStates[room.roomNumber]} />
                </th>
                {cells(room.cells)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
