import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { formatLodgeTime } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { BASIS_LABELS } from "../extra-pricing.ts";
import type { ExtraBasis } from "~/shared/db/schema.ts";

export interface ChargeView {
  id: string;
  label: string;
  amount: number;
  source: "guest" | "staff";
  note: string | null;
  postedAt: string;
  staffName: string | null;
  voided: { at: string; reason: string; by: string | null } | null;
}

interface ChargeFormNotice {
  form?: string;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

/**
 * A request's extras and charges on its staff page: each line as sold (voided ones struck through
 * with their reason), a form to post a charge from the catalogue, and a void form per line.
 */
export function StaffChargesPanel({
  charges,
  extras,
  canPost,
  notice,
}: {
  charges: readonly ChargeView[];
  extras: readonly { id: number; name: string; price: number; basis: ExtraBasis }[];
  /** In house (checked in) or a confirmed venue booking: charges may be posted. */
  canPost: boolean;
  notice: ChargeFormNotice | undefined;
}) {
  const posting = notice?.form === "post-charge" ? notice : undefined;
  const voiding = notice?.form === "void-charge" ? notice : undefined;
  return (
    <section aria-labelledby="charges-heading" id="charges">
      <h2 id="charges-heading">Extras and charges</h2>
      {charges.length === 0 ? (
        <p>No extras or charges.</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Extras and charges, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Posted</th>
                <th scope="col">Charge</th>
                <th scope="col">Amount</th>
                <th scope="col">By</th>
                <th scope="col">Void</th>
              </tr>
            </thead>
            <tbody>
              {charges.map((charge) => (
                <tr key={charge.id}>
                  <td>{formatLodgeTime(charge.postedAt)}</td>
                  <td>
                    {charge.voided ? <del>{charge.label}</del> : charge.label}
                    {charge.note ? <span className="staff-muted"> ({charge.note})</span> : null}
                    {charge.voided ? (
                      <>
                        <br />
                        <span className="staff-muted">
                          Void {formatLodgeTime(charge.voided.at)} by {charge.voided.by ?? "staff"}:{" "}
                          {charge.voided.reason}
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {charge.voided ? <del>{formatKwacha(charge.amount)}</del> : formatKwacha(charge.amount)}
                  </td>
                  <td>{charge.source === "guest" ? "the guest, booking" : (charge.staffName ?? "staff")}</td>
                  <td>
                    {charge.voided ? (
                      "Void"
                    ) : (
                      <StaffForm
                        method="post"
                        className="staff-inline-form"
                        aria-label={`Void ${charge.label}`}
                        resetOnSuccess
                      >
                        <input type="hidden" name="chargeId" value={charge.id} />
                        <InputField
                          id={`void-reason-${charge.id}`}
                          name="reason"
                          label="Reason"
                          defaultValue={voiding?.values?.chargeId === charge.id ? voiding.values.reason : ""}
                          error={
                            voiding?.values?.chargeId === charge.id ? voiding.fieldErrors?.reason : undefined
                          }
                        />
                        <SubmitButton
                          name="intent"
                          value="void-charge"
                          className="btn btn--small"
                          pending="Voiding…"
                        >
                          Void
                        </SubmitButton>
                      </StaffForm>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canPost ? (
        <>
          <h3>Post a charge</h3>
          <StaffForm
            method="post"
            noValidate
            className="staff-form staff-form--grid"
            aria-label="Post a charge"
            resetOnSuccess
          >
            <SelectField
              name="extraId"
              label="Charge"
              defaultValue={posting?.values?.extraId ?? ""}
              error={posting?.fieldErrors?.extraId}
            >
              <option value="">Choose from the catalogue</option>
              {extras.map((extra) => (
                <option key={extra.id} value={extra.id}>
                  {`${extra.name}, ${formatKwacha(extra.price)} ${BASIS_LABELS[extra.basis]}`}
                </option>
              ))}
            </SelectField>
            <InputField
              name="quantity"
              label="How many (optional)"
              hint="Blank: counted over the stay (its nights and guests), or 1 per item."
              inputMode="numeric"
              defaultValue={posting?.values?.quantity ?? ""}
              error={posting?.fieldErrors?.quantity}
            />
            <InputField
              name="note"
              label="Note (optional)"
              defaultValue={posting?.values?.note ?? ""}
              error={posting?.fieldErrors?.note}
            />
            <div className="staff-actions">
              <SubmitButton name="intent" value="post-charge" className="btn btn--primary" pending="Posting…">
                Post the charge
              </SubmitButton>
            </div>
          </StaffForm>
        </>
      ) : (
        <p className="staff-muted">
          Charges are posted once the guest is checked in (venue bookings: confirmed).
        </p>
      )}
    </section>
  );
}
