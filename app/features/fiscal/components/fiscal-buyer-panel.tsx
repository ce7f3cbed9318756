import { InputField } from "~/shared/forms/form-fields.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";

// The tax invoice part of a stay's or venue booking's staff page: who the fiscal invoice is made
// out to (a business by its ZRA TPIN, or the guest as a walk-in buyer), the form to record it
// before the folio is invoiced, and, once invoiced, what a later change of the folio does.

export interface FiscalBuyerPanelProps {
  buyer: { buyerTpin: string; buyerName: string } | null;
  /** The folio has a tax invoice: the buyer is fixed. */
  fixed: boolean;
  /** The folio's current invoice, once there is one. */
  invoice: { invoiceNo: string; statusLabel: string; replaces: string | null } | null;
  /** A VSDC is connected (without one nothing is fiscalised). */
  active: boolean;
  notice:
    | { form?: string; fieldErrors?: Record<string, string | undefined>; values?: Record<string, string> }
    | undefined;
}

export function FiscalBuyerPanel({ buyer, fixed, invoice, active, notice }: FiscalBuyerPanelProps) {
  const mine = notice?.form === "fiscal-buyer" ? notice : undefined;
  const errors = mine?.fieldErrors ?? {};
  const values = mine?.values ?? {};
  return (
    <section aria-labelledby="tax-invoice-heading" id="tax-invoice">
      <h2 id="tax-invoice-heading">Tax invoice</h2>
      <p>
        {buyer
          ? `Made out to ${buyer.buyerName}, TPIN ${buyer.buyerTpin}.`
          : "Made out to the guest as a walk-in buyer (no TPIN)."}{" "}
        {invoice
          ? `ZRA tax invoice ${invoice.invoiceNo}: ${invoice.statusLabel}.`
          : active
            ? "It is issued through ZRA when the folio is settled (check-out, or a venue booking's day)."
            : "No ZRA VSDC is connected: the bill is not a fiscal tax invoice."}
      </p>
      {invoice?.replaces ? <p>It replaces invoice {invoice.replaces}, credited by a credit note.</p> : null}
      {fixed ? (
        <p>
          The buyer can no longer change: ZRA keeps an invoice as it was issued. A change to the folio from
          now on (a charge voided, a price changed) is invoiced again by itself: a credit note naming this
          invoice, then a new invoice for the folio as it is.
        </p>
      ) : (
        <StaffForm
          method="post"
          noValidate
          className="staff-form staff-form--grid"
          aria-label="Business buyer of the tax invoice"
          // Saved values come back from the loader: the form starts afresh on them.
          key={buyer ? `${buyer.buyerTpin}/${buyer.buyerName}` : "walk-in"}
        >
          <InputField
            name="buyerTpin"
            label="Business's TPIN"
            hint="The 10 digits ZRA issued the business. Record it before check-out."
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            defaultValue={values.buyerTpin ?? buyer?.buyerTpin ?? ""}
            error={errors.buyerTpin}
          />
          <InputField
            name="buyerName"
            label="Business's name"
            autoComplete="organization"
            maxLength={60}
            defaultValue={values.buyerName ?? buyer?.buyerName ?? ""}
            error={errors.buyerName}
          />
          <div className="staff-actions">
            <input type="hidden" name="intent" value="fiscal-buyer" />
            <SubmitButton name="buyerAction" value="save" className="btn btn--primary" pending="Saving…">
              Save the buyer
            </SubmitButton>
            {buyer ? (
              <SubmitButton name="buyerAction" value="remove" className="btn" pending="Removing…">
                Make out to the guest instead
              </SubmitButton>
            ) : null}
          </div>
        </StaffForm>
      )}
    </section>
  );
}
