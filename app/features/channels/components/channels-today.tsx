import { ChannelConflicts, type ConflictView } from "./channel-conflicts.tsx";

/**
 * Today's part of calendar sync: channels' double bookings (never silent) and the rooms the
 * channels hold tonight, by channel.
 */
export function ChannelsToday({
  conflicts,
  tonight,
}: {
  conflicts: ConflictView[];
  tonight: { channel: string; rooms: string[] }[];
}) {
  if (conflicts.length === 0 && tonight.length === 0) return null;
  return (
    <>
      <ChannelConflicts conflicts={conflicts} headingId="channel-conflicts" />
      {tonight.length > 0 ? (
        <section aria-labelledby="channel-blocks">
          <h2 id="channel-blocks">Held by channels tonight</h2>
          <ul className="staff-list">
            {tonight.map((entry) => (
              <li key={entry.channel}>
                {entry.channel}: {entry.rooms.length === 1 ? "room" : "rooms"} {entry.rooms.join(", ")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
