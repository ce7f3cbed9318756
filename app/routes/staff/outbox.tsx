import { data, Form, Link } from "react-router";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import { StaffPager } from "~/features/staff/components/staff-pager.tsx";
import { formatLodgeTime } from "~/shared/dates.ts";
import { CsvDownload } from "~/features/staff/components/csv-download.tsx";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import { listOutbox } from "~/features/mail/outbox.server.ts";
import { listAudit, readAuditPage } from "~/features/staff/staff-audit.server.ts";
import { retryMailAudited } from "~/features/mail/staff-outbox.server.ts";
import type { OutboxStatus } from "~/shared/db/schema.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import { OUTBOX_STATUSES, readOutboxStatus, readPageNumber } from "~/features/staff/staff-list-filters.ts";
import type { Route } from "./+types/outbox";

// The mail outbox (decisions.md 27, ADR 0012): every mail the site has written, newest first,
// with what became of it. A mail the worker gave up on ('failed') can be sent again from here
// (each time in the Changes list, who and which mail);
// without SMTP_URL every mail waits here as 'pending' and nothing is lost.

const STATUS_LABELS: Record<OutboxStatus, string> = { pending: "Waiting", sent: "Sent", failed: "Failed" };
const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const params = new URL(request.url).searchParams;
  const status = readOutboxStatus(params.get("status"));
  const page = readPageNumber(params.get("page"));
  const [outbox, audit] = await Promise.all([
    listOutbox(db, { status, page, pageSize: PAGE_SIZE }),
    listAudit(db, ["outbox"], readAuditPage(params)),
  ]);
  return {
    audit: audit.entries,
    changes: { page: audit.page, hasOlder: audit.hasOlder },
    status: status ?? null,
    page: outbox.page,
    pages: Math.max(1, Math.ceil(outbox.total / PAGE_SIZE)),
    total: outbox.total,
    // Only what each row shows, its times already as the lodge's clock reads them: the rows go to
    // the browser again for hydration, and at ten years the page always shows 50.
    mails: outbox.rows.map((row) => ({
      id: String(row.id),
      written: formatLodgeTime(row.createdAt),
      sent: row.sentAt ? formatLodgeTime(row.sentAt) : null,
      to: row.recipient ?? "The lodge's inbox",
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      request:
        row.requestKind && row.requestId ? `/staff/requests/${row.requestKind}/${row.requestId}` : null,
    })),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, {}, async (db, staff, form) =>
    (await retryMailAudited(db, staff.accountId, String(form.get("id") ?? "")))
      ? data<StaffNotice>({ tone: "success", message: "The mail will be sent again within a minute." })
      : data<StaffNotice>(
          { tone: "error", message: "Only a mail that failed can be sent again." },
          { status: 409 },
        ),
  );
}

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { status, page, pages, total, mails, audit, changes } = loaderData;
  const search = (next: { status?: string | null; page?: number; changes?: number }) => {
    const params = new URLSearchParams();
    if (next.status) params.set("status", next.status);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    if (next.changes && next.changes > 1) params.set("changes", String(next.changes));
    const query = params.toString();
    return query ? `?${query}` : "";
  };
  return (
    <>
      <title>Staff: mail outbox</title>
      <h1>Mail outbox</h1>
      <AnswerNotice answer={useStaffNotice(actionData)} />
      <Form method="get" className="staff-filters">
        <label>
          Status
          <select name="status" defaultValue={status ?? ""}>
            <option value="">All</option>
            {OUTBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn">
          Show
        </button>
      </Form>
      <p>
        {total} {total === 1 ? "mail" : "mails"}.{" "}
        <CsvDownload list="outbox" search={status ? `?status=${status}` : ""} />
      </p>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="visually-hidden">Mails, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Written</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id}>
                <td>{mail.written}</td>
                <td>{mail.to}</td>
                <td>{mail.request ? <Link to={mail.request}>{mail.subject}</Link> : mail.subject}</td>
                <td>
                  {STATUS_LABELS[mail.status]}
                  {mail.sent ? ` ${mail.sent}` : ""}
                  {mail.status === "failed" ? (
                    <StaffForm method="post" className="staff-actions">
                      <input type="hidden" name="id" value={mail.id} />
                      <SubmitButton className="btn btn--small" pending="Sending…">
                        Send again
                      </SubmitButton>
                    </StaffForm>
                  ) : null}
                </td>
                <td>{mail.attempts}</td>
                <td>{mail.lastError ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager page={page} pages={pages} href={(to) => `/staff/outbox${search({ status, page: to })}`} />
      <StaffChanges
        id="mail-changes"
        entries={audit}
        {...changes}
        href={(to) => `/staff/outbox${search({ status, page, changes: to })}#mail-changes`}
      />
    </>
  );
}
