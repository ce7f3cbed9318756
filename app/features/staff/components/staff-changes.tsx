import { Link } from "react-router";
import { formatLodgeTime } from "~/shared/dates.ts";

/**
 * The audit entries of a console page (prices, venues, closures, accounts, mails), newest first,
 * a page at a time: `href` gives the link to another page of them (`?changes=`).
 */
export function StaffChanges({
  id,
  entries,
  page = 1,
  hasOlder = false,
  href,
}: {
  id: string;
  entries: ReadonlyArray<{ id: string | number; at: Date | string; staffName: string; change: string }>;
  page?: number;
  hasOlder?: boolean;
  href?: (page: number) => string;
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
      {href && (page > 1 || hasOlder) ? (
        <nav aria-label="Pages of changes" className="staff-actions">
          {page > 1 ? <Link to={href(page - 1)}>Newer changes</Link> : null}
          {hasOlder ? <Link to={href(page + 1)}>Older changes</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
