import { listInbox } from "~/db/inbox.server.ts";
import { toCsv } from "~/lib/csv.ts";
import { lodgeToday } from "~/lib/dates.ts";
import { INBOX_KIND_LABELS, parseInboxQuery } from "~/lib/inbox-filter.ts";
import { requireStaff } from "~/lib/staff-auth.server.ts";
import type { Route } from "./+types/requests-export";

// The inbox as filtered, as CSV for the accountant (app/lib/csv.ts): every matching row, not one page.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const { rows } = await listInbox(db, query, 1, null);
  const csv = toCsv(
    ["Received", "Kind", "Reference", "Name", "E-mail", "Phone", "Status", "Details"],
    rows.map((row) => [
      new Date(row.createdAt).toISOString(),
      INBOX_KIND_LABELS[row.kind],
      row.reference,
      row.name,
      row.email,
      row.phone,
      row.status,
      row.summary,
    ]),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="requests-${lodgeToday()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
