import { formatLodgeTime } from "~/lib/dates.ts";

/** The audit entries of a console page (prices, venues, closures, accounts), newest first. */
export function StaffChanges({
  id,
  entries,
}: {
  id: string;
  entries: ReadonlyArray<{ id: string | number; at: Date | string; staffName: string; change: string }>;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>Changes</h2>
      {entries.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ol className="staff-history">
          {entries.map((entry) => (
            <li key={entry.id}>
              {formatLodgeTime(entry.at)}, {entry.staffName}: {entry.change}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
