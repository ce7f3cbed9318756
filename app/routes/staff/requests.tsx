import { Form, Link } from "react-router";
import { StaffPager } from "~/features/staff/components/staff-pager.tsx";
import { formatDisplayDate, formatLodgeTime, isIsoDate } from "~/shared/dates.ts";
import { CsvDownload } from "~/features/staff/components/csv-download.tsx";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { INBOX_PAGE_SIZE, listInbox } from "~/features/desk/inbox.server.ts";
import { REQUEST_SOURCE_LABELS, sourceLabel } from "~/features/desk/desk-schema.ts";
import {
  INBOX_KIND_LABELS,
  INBOX_STATUSES,
  inboxSearch,
  parseInboxQuery,
} from "~/features/desk/inbox-filter.ts";
import { formatKwacha } from "~/shared/money.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/requests";

// Every request of every kind, newest first, with filters in the URL (a GET form: works without
// JavaScript, bookmarkable, and the CSV link exports exactly what is shown).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const { rows, total, more } = await listInbox(db, query, query.page);
  // Past a search's count limit, a full page means there may be a next one.
  const counted = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const pages = more
    ? Math.max(counted, rows.length === INBOX_PAGE_SIZE ? query.page + 1 : query.page)
    : counted;
  // Each row as the table shows it, its time already as the lodge's clock reads it (the rows go to
  // the browser again for hydration).
  return {
    query,
    rows: rows.map(({ createdAt, ...row }) => ({
      ...row,
      summary: summaryText(row),
      received: formatLodgeTime(createdAt),
    })),
    total,
    more,
    pages,
  };
}

/**
 * A row's details with its dates as the console writes them ("10 Dec 2026"). The list reads them
 * as stored (ISO, which its CSV keeps); a message's own words are left as the guest wrote them.
 */
function summaryText(row: { kind: string; summary: string }): string {
  if (row.kind === "contact-message" || row.kind === "newsletter") return row.summary;
  return row.summary.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) =>
    isIsoDate(iso) ? formatDisplayDate(iso) : iso,
  );
}

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, more, pages } = loaderData;
  const { page, ...filters } = query;
  return (
    <>
      <title>Staff: requests</title>
      <h1>Requests</h1>
      <Form method="get" className="staff-filters" role="search" aria-label="Filter requests">
        <SelectField name="kind" label="Kind" defaultValue={query.kind ?? ""}>
          <option value="">All kinds</option>
          {Object.entries(INBOX_KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField name="status" label="Status" defaultValue={query.status ?? ""}>
          <option value="">Any status</option>
          {INBOX_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <SelectField name="channel" label="Came by" defaultValue={query.channel ?? ""}>
          <option value="">Any way</option>
          {Object.entries(REQUEST_SOURCE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <label>
            <input type="checkbox" name="due" value="1" defaultChecked={query.balanceDue === true} /> Balance
            due only
          </label>
        </div>
        <InputField
          name="from"
          label="Received from"
          type="date"
          defaultValue={query.from ?? ""}
          error={query.errors.from}
        />
        <InputField
          name="to"
          label="Received until"
          type="date"
          defaultValue={query.to ?? ""}
          error={query.errors.to}
        />
        <InputField
          name="q"
          label="Name, e-mail, phone or reference"
          type="search"
          defaultValue={query.search ?? ""}
        />
        <div className="staff-actions">
          <button type="submit" className="btn btn--primary">
            Show
          </button>
          <Link to="/staff/requests" className="btn btn--outline">
            Clear
          </Link>
        </div>
      </Form>
      <p>
        {more ? `More than ${total}` : total} {total === 1 && !more ? "request" : "requests"}.{" "}
        <CsvDownload list="requests" search={inboxSearch(filters)} />
      </p>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="visually-hidden">Requests, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">Contact</th>
              <th scope="col">Reference</th>
              <th scope="col">Details</th>
              <th scope="col">Status</th>
              <th scope="col">Balance due</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.id}`}>
                <td>{row.received}</td>
                <td>{INBOX_KIND_LABELS[row.kind]}</td>
                <td>
                  <Link to={`/staff/requests/${row.kind}/${row.id}`}>
                    {row.name || row.email || "(no name)"}
                  </Link>
                </td>
                <td>
                  {row.email}
                  {row.phone ? (
                    <>
                      <br />
                      {row.phone}
                    </>
                  ) : null}
                </td>
                <td>{row.reference}</td>
                <td>
                  {row.summary}
                  {row.channel !== "web" ? (
                    <>
                      <br />
                      <span className="staff-muted">{sourceLabel(row.channel)}</span>
                    </>
                  ) : null}
                </td>
                <td>{row.status}</td>
                <td>{row.balance > 0 ? formatKwacha(row.balance) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager
        page={page}
        pages={pages}
        href={(to) => `/staff/requests${inboxSearch({ ...filters, page: to })}`}
      />
    </>
  );
}
