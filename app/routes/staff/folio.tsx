import { data, Link } from "react-router";
import { FolioDocument } from "~/features/payments/components/folio-document.tsx";
import { loadFolioSheet } from "~/features/payments/folios.server.ts";
import { FiscalMark } from "~/features/fiscal/components/fiscal-mark.tsx";
import { fiscalMarkFor } from "~/features/fiscal/fiscal-mark.server.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/folio";

// A stay's (or venue booking's) folio, to print for the guest: charges, payments and
// the balance. The page prints the document alone (folio-document.css).

const PAYABLE = ["booking", "reservation", "venue-booking"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const kind = PAYABLE.find((value) => value === params.kind);
  const sheet = kind ? await loadFolioSheet(db, { kind, id: params.id }) : undefined;
  if (!kind || !sheet) throw data("Not found", { status: 404 });
  const fiscal = await fiscalMarkFor(db, { kind, id: params.id }, { print: true });
  return { kind, id: params.id, ...sheet, fiscal, printedAt: new Date().toISOString() };
}

export default function FolioPage({ loaderData }: Route.ComponentProps) {
  const { kind, id, guest, folio, ledger, printedAt, fiscal } = loaderData;
  return (
    <>
      <title>{`Staff: folio ${guest.reference}`}</title>
      <p className="no-print">
        <Link to={`/staff/requests/${kind}/${id}`}>Back to the request</Link> · Print with your browser&apos;s
        Print command (Ctrl+P): only the folio is printed.
      </p>
      <FolioDocument
        guest={guest}
        folio={folio}
        ledger={ledger}
        printedAt={printedAt}
        fiscal={<FiscalMark mark={fiscal} />}
      />
    </>
  );
}
