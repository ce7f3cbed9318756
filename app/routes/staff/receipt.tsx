import { data, Link } from "react-router";
import { ReceiptDocument } from "~/features/payments/components/folio-document.tsx";
import { getReceipt, loadFolioSheet } from "~/features/payments/folios.server.ts";
import { FiscalMark } from "~/features/fiscal/components/fiscal-mark.tsx";
import { fiscalMarkFor } from "~/features/fiscal/fiscal-mark.server.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/receipt";

// One payment's (or refund's) receipt, to print or show the guest: what it was for is the
// folio's lines, the nights and every extra and charge.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const receipt = await getReceipt(db, params.id);
  const sheet =
    receipt && (await loadFolioSheet(db, { kind: receipt.request.kind, id: receipt.request.row.id }));
  if (!receipt || !sheet) throw data("Not found", { status: 404 });
  const fiscal = await fiscalMarkFor(
    db,
    { kind: receipt.request.kind, id: receipt.request.row.id },
    { paymentId: receipt.payment.id, print: true },
  );
  return {
    fiscal,
    kind: receipt.request.kind,
    requestId: receipt.request.row.id,
    guest: sheet.guest,
    line: { ...receipt.payment, at: new Date(receipt.payment.at).toISOString() },
    charges: sheet.folio.charges,
    balance: sheet.folio.balance,
  };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { kind, requestId, guest, line, charges, balance, fiscal } = loaderData;
  return (
    <>
      <title>{`Staff: receipt R-${line.id}`}</title>
      <p className="no-print">
        <Link to={`/staff/requests/${kind}/${requestId}`}>Back to the request</Link> · Print with your
        browser&apos;s Print command (Ctrl+P): only the receipt is printed.
      </p>
      <ReceiptDocument
        guest={guest}
        line={line}
        charges={charges}
        balance={balance}
        fiscal={<FiscalMark mark={fiscal} />}
      />
    </>
  );
}
