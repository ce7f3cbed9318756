import { site } from "~/content/site.ts";
import { formatDisplayDate, formatLodgeTime, isIsoDate } from "~/shared/dates.ts";
import { NOT_A_TAX_INVOICE, type Folio, type FolioLine } from "~/features/pricing/folio.ts";
import { formatKwacha } from "~/shared/money.ts";
import type { ReactNode } from "react";
import "./folio-document.css";

// A folio per stay or venue booking and a receipt per payment: plain documents that
// print cleanly on A4 and read on a phone (folio-document.css), the same in the staff console and
// on /my-booking. Both say plainly that they are not a fiscal tax invoice, unless the page gives
// them another foot (`fiscal`: ZRA's fiscal invoice, app/features/fiscal).

export interface DocumentLedgerLine {
  id: string;
  kind: "payment" | "refund";
  method: string;
  amount: number;
  transactionId: string | null;
  /** ISO time. */
  at: string;
  staffName?: string | null;
}

export interface DocumentGuest {
  name: string;
  phone: string;
  reference: string;
}

function LodgeHeading({ title }: { title: string }) {
  return (
    <header className="folio__head">
      <p className="folio__lodge">{site.brandName}</p>
      <p className="folio__address">
        {site.address} · {site.bookingPhones[0]}
      </p>
      <h1 className="folio__title">{title}</h1>
    </header>
  );
}

/** The guest's lines in a document's facts, the same on both; `term` labels the name. */
function GuestFacts({ guest, term }: { guest: DocumentGuest; term: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{guest.name}</dd>
      <dt>Phone</dt>
      <dd>{guest.phone}</dd>
      <dt>Reference</dt>
      <dd>{guest.reference}</dd>
    </>
  );
}

function when(text: string): string {
  return isIsoDate(text) ? formatDisplayDate(text) : text;
}

function detailText(detail: string | null): string {
  if (!detail) return "";
  const range = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(detail);
  return range ? `${when(range[1] ?? "")} to ${when(range[2] ?? "")}` : when(detail);
}

function methodText(line: DocumentLedgerLine): string {
  return line.transactionId ? `${line.method}, transaction ${line.transactionId}` : line.method;
}

export function FolioDocument({
  guest,
  folio,
  ledger,
  printedAt,
  fiscal,
}: {
  guest: DocumentGuest;
  folio: Folio;
  ledger: readonly DocumentLedgerLine[];
  printedAt: string;
  fiscal?: ReactNode;
}) {
  return (
    <article className="folio" aria-labelledby="folio-title">
      <LodgeHeading title="Folio" />
      <dl className="folio__facts">
        <GuestFacts guest={guest} term="Guest" />
        <dt>Printed</dt>
        <dd>{formatLodgeTime(printedAt)}</dd>
      </dl>
      <table className="folio__lines">
        <caption id="folio-title">Charges and payments</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Details</th>
            <th scope="col" className="folio__amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {folio.charges.map((line, i) => (
            <tr key={`charge-${i}`}>
              <td>{line.label}</td>
              <td>{detailText(line.detail)}</td>
              <td className="folio__amount">{formatKwacha(line.amount)}</td>
            </tr>
          ))}
          <tr className="folio__subtotal">
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="folio__amount">{formatKwacha(folio.total)}</td>
          </tr>
          {folio.taxes.map((line) => (
            <tr key={line.label} className="folio__tax">
              <td colSpan={2}>{line.label}</td>
              <td className="folio__amount">{formatKwacha(line.amount)}</td>
            </tr>
          ))}
          {ledger.map((line) => (
            <tr key={line.id}>
              <td>{line.kind === "payment" ? "Payment received" : "Refund"}</td>
              <td>
                {formatLodgeTime(line.at)}, {methodText(line)}
              </td>
              <td className="folio__amount">
                {formatKwacha(line.kind === "payment" ? -line.amount : line.amount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Paid
            </th>
            <td className="folio__amount">{formatKwacha(folio.paid)}</td>
          </tr>
          <tr className="folio__balance">
            <th scope="row" colSpan={2}>
              {folio.credit > 0 ? "In credit" : "Balance due"}
            </th>
            <td className="folio__amount">{formatKwacha(folio.credit > 0 ? folio.credit : folio.balance)}</td>
          </tr>
        </tfoot>
      </table>
      {fiscal ?? <p className="folio__notice">{NOT_A_TAX_INVOICE}</p>}
    </article>
  );
}

export function ReceiptDocument({
  guest,
  line,
  charges,
  balance,
  fiscal,
}: {
  guest: DocumentGuest;
  line: DocumentLedgerLine;
  /** What it was for: the folio's charge lines, the nights and every extra and charge. */
  charges: readonly FolioLine[];
  /** Still due on the request after every payment so far. */
  balance: number;
  fiscal?: ReactNode;
}) {
  const refund = line.kind === "refund";
  return (
    <article className="folio" aria-labelledby="receipt-title">
      <LodgeHeading title={refund ? "Refund receipt" : "Receipt"} />
      <dl className="folio__facts" id="receipt-title">
        <dt>Receipt number</dt>
        <dd>R-{line.id}</dd>
        <dt>Date</dt>
        <dd>{formatLodgeTime(line.at)}</dd>
        <GuestFacts guest={guest} term={refund ? "Refunded to" : "Received from"} />
        <dt>For</dt>
        <dd>
          <ul className="folio__for">
            {charges.map((charge, i) => (
              <li key={i}>
                {charge.label}
                {charge.detail ? `, ${detailText(charge.detail)}` : ""}: {formatKwacha(charge.amount)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Method</dt>
        <dd>{methodText(line)}</dd>
        <dt>Amount</dt>
        <dd className="folio__total">{formatKwacha(line.amount)}</dd>
        <dt>Balance due now</dt>
        <dd>{formatKwacha(balance)}</dd>
        {line.staffName ? (
          <>
            <dt>Recorded by</dt>
            <dd>{line.staffName}</dd>
          </>
        ) : null}
      </dl>
      {fiscal ?? <p className="folio__notice">{NOT_A_TAX_INVOICE}</p>}
    </article>
  );
}
