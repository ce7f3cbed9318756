import { data } from "react-router";
import { lodgeToday } from "~/shared/dates.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/export";
import { exportResponse } from "../../features/reports/export-response.server.ts";
import { LIST_EXPORTS } from "../../features/reports/exports.server.ts";

// /staff/export/:list — a console list, as filtered, as a CSV download (app/shared/csv.ts: UTF-8
// with a byte-order mark, CRLF, formula cells defused). The same role as its page, checked here.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const list = Object.hasOwn(LIST_EXPORTS, params.list) ? LIST_EXPORTS[params.list] : undefined;
  if (!list) throw data("No such list", { status: 404 });
  const { db } = await requireStaff(request, context, list.role === "any" ? {} : { role: list.role });
  const file = await list.read(db, new URL(request.url).searchParams);
  // A filter the page would show a message for: the same message, as plain text.
  if ("refused" in file) {
    return new Response(file.refused, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return exportResponse(file, `${file.name}-${lodgeToday()}.csv`);
}
