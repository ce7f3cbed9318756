import { Form, Link } from "react-router";
import { StaffPager } from "~/components/staff-pager.tsx";
import { formatLodgeTime } from "~/lib/dates.ts";
import { CsvDownload } from "~/components/csv-download.tsx";
import { InputField, SelectField } from "~/components/form-fields.tsx";
import { INBOX_PAGE_SIZE, listInbox } from "~/db/inbox.server.ts";
import { INBOX_KIND_LABELS, INBOX_STATUSES, inboxSearch, parseInboxQuery } from "~/lib/inbox-filter.ts";
import { requireStaff } from "~/lib/staff-auth.server.ts";
import type { Route } from "./+types/requests";

// Every request of every kind, newest first, with filters in the URL (a GET form: works without
// JavaScript, bookmarkable, and the CSV link exports exactly what is shown).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const { rows, total } = await listInbox(db, query, query.page);
  return { query, rows, total, pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)) };
}

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, pages } = loaderData;
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
        <InputField name="from" label="Received from" type="date" defaultValue={query.from ?? ""} />
        <InputField name="to" label="Received until" type="date" defaultValue={query.to ?? ""} />
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
        {total} {total === 1 ? "request" : "requests"}.{" "}
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
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.id}`}>
                <td>{formatLodgeTime(row.createdAt)}</td>
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
                <td>{row.summary}</td>
                <td>{row.status}</td>
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
