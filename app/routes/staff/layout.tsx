import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { StaffFrame } from "~/features/staff/components/staff-frame.tsx";
import { StaffFormsProvider } from "~/features/staff/components/staff-form.tsx";
import { readStaffNotice } from "~/features/staff/staff-submissions.server.ts";
import { STAFF_CONSOLE } from "~/shared/page-cache/route-handle.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/layout";
// Every stylesheet a console page uses, here in its layout: every console page then carries the
// whole console's CSS inline (app/entry.server.tsx puts a page's CSS in its HTML, and the router's
// manifest in the page lists none), so a client-side navigation never waits for a stylesheet.
import "~/features/payments/components/folio-document.css";
import "~/features/pricing/components/nightly-breakdown.css";
import "~/features/reports/components/report-charts.css";
import "~/features/housekeeping/components/housekeeping-list.css";

// The staff console's frame: its own header and navigation, never the public site's,
// and no link to it from the public site. Not for search engines: `noindex` here and in the
// X-Robots-Tag header (server/app.ts), and disallowed in robots.txt.

export const handle = STAFF_CONSOLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every signed-in role: each page's own loader checks its role.
  const { db, staff } = await requireStaff(request, context, { role: "housekeeping" });
  return {
    name: staff.name,
    role: staff.role,
    // The forms' submission ids start from it: new at each load, so after every successful post.
    formSeed: crypto.randomUUID().replaceAll("-", ""),
    notice: await readStaffNotice(db, staff, request),
  };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame staff={loaderData}>
      <StaffFormsProvider seed={loaderData.formSeed} notice={loaderData.notice}>
        <Outlet />
      </StaffFormsProvider>
    </StaffFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? "There is nothing at this address."
      : typeof error.data === "string"
        ? error.data
        : `${error.status} ${error.statusText}`
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <StaffFrame>
      <title>Staff console: not possible</title>
      <h1>Not possible</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to="/staff">Back to today</Link>
      </p>
    </StaffFrame>
  );
}
