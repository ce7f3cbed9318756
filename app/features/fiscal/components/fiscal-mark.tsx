import { NOT_A_TAX_INVOICE } from "~/features/pricing/folio.ts";
import { CREDIT_REASONS } from "../fiscal-invoice.ts";
import { vsdcDateText, type FiscalMarkView } from "../fiscal-mark-view.ts";
import "./fiscal-mark.css";

// The foot of a printed folio or receipt: ZRA's invoice (number, signature data, the VSDC's date
// and time, the QR code), or that fiscalisation is pending, or, without a fiscal invoice, that the
// document is not one.

/** The business buyer, printed on the bill whenever the desk recorded one. */
function Buyer({ buyer }: { buyer: FiscalMarkView["buyer"] }) {
  if (!buyer) return null;
  return (
    <dl className="folio__facts fiscal-mark__buyer">
      <dt>Buyer</dt>
      <dd>{buyer.name}</dd>
      <dt>Buyer&apos;s TPIN</dt>
      <dd>{buyer.tpin}</dd>
    </dl>
  );
}

export function FiscalMark({ mark }: { mark: FiscalMarkView }) {
  if (mark.state === "none")
    return (
      <>
        <Buyer buyer={mark.buyer} />
        <p className="folio__notice">{NOT_A_TAX_INVOICE}</p>
      </>
    );
  if (mark.state === "overpayment")
    return (
      <>
        <Buyer buyer={mark.buyer} />
        <p className="folio__notice">
          This refund returns money paid beyond the folio&apos;s total: tax invoice {mark.invoiceNo} is
          unchanged, so no fiscal credit note was needed.
        </p>
      </>
    );
  if (mark.state !== "sent")
    return (
      <>
        <Buyer buyer={mark.buyer} />
        <p className="folio__notice fiscal-mark__pending" role="status">
          {mark.title} {mark.invoiceNo}: fiscalisation with ZRA is pending. This is not yet a fiscal tax
          invoice; the lodge sends it to ZRA as soon as ZRA&apos;s system answers.
        </p>
      </>
    );
  const reason = mark.reason ? CREDIT_REASONS[mark.reason as keyof typeof CREDIT_REASONS] : undefined;
  return (
    <section className="fiscal-mark" aria-label={`ZRA fiscal ${mark.title.toLowerCase()}`}>
      <h2 className="fiscal-mark__title">
        Fiscal {mark.title.toLowerCase()}{" "}
        {mark.copy ? <strong className="fiscal-mark__copy">COPY</strong> : null}
      </h2>
      <div className="fiscal-mark__body">
        <dl className="folio__facts fiscal-mark__facts">
          <dt>ZRA invoice number</dt>
          <dd>{mark.rcptNo}</dd>
          <dt>Our number</dt>
          <dd>{mark.invoiceNo}</dd>
          {mark.original ? (
            <>
              <dt>Credits invoice</dt>
              <dd>
                ZRA {mark.original.rcptNo} (ours {mark.original.invoiceNo})
                {reason ? `, reason ${mark.reason}: ${reason}` : ""}
              </dd>
            </>
          ) : null}
          <dt>TPIN</dt>
          <dd>{mark.tpin}</dd>
          {mark.buyer ? (
            <>
              <dt>Buyer</dt>
              <dd>{mark.buyer.name}</dd>
              <dt>Buyer&apos;s TPIN</dt>
              <dd>{mark.buyer.tpin}</dd>
            </>
          ) : null}
          <dt>VSDC date and time</dt>
          <dd>{vsdcDateText(mark.vsdcDate)}</dd>
          <dt>SDC ID</dt>
          <dd>{mark.sdcId}</dd>
          <dt>MRC number</dt>
          <dd>{mark.mrcNo}</dd>
          <dt>Internal data</dt>
          <dd>{mark.intrlData}</dd>
          <dt>Receipt signature</dt>
          <dd>{mark.rcptSign}</dd>
        </dl>
        {/* The SVG is drawn on the server by the qrcode library from ZRA's data, not from input. */}
        <div
          className="fiscal-mark__qr"
          role="img"
          aria-label="QR code of the fiscal invoice"
          dangerouslySetInnerHTML={{ __html: mark.qrSvg }}
        />
      </div>
    </section>
  );
}
