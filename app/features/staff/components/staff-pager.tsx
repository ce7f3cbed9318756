import { Link } from "react-router";

/** Previous / next links of a paged staff list; nothing when it fits one page. */
export function StaffPager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="staff-pages">
      {page > 1 ? <Link to={href(page - 1)}>Previous page</Link> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={href(page + 1)}>Next page</Link> : null}
    </nav>
  );
}
