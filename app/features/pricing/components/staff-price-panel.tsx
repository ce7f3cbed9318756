import { Fragment } from "react";
import { InputField } from "~/shared/forms/form-fields.tsx";
import { NightlyBreakdown } from "~/features/pricing/components/nightly-breakdown.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { formatKwacha } from "~/shared/money.ts";
import { taxLabel, type QuotedNight, type TaxLine } from "~/features/pricing/rates.ts";

/**
 * A request's price on its staff page: the total as the guest pays it, the tax lines it
 * contains, the nights one by one with the rule that priced each, and a change of the total with
 * a reason (recorded in the history).
 */
export function StaffPricePanel({
  total,
  nights,
  taxes,
}: {
  total: number;
  nights: readonly QuotedNight[];
  taxes: readonly TaxLine[];
}) {
  return (
    <section aria-labelledby="price" className="staff-price-panel">
      <h2 id="price">Price</h2>
      <dl>
        <dt>Total (taxes included)</dt>
        <dd data-testid="staff-total">{formatKwacha(total)}</dd>
        {taxes.map((line) => (
          <Fragment key={line.kind}>
            <dt>{`Of which ${taxLabel(line)}`}</dt>
            <dd>{formatKwacha(line.amount)}</dd>
          </Fragment>
        ))}
        {taxes.length === 0 ? (
          <>
            <dt>Taxes</dt>
            <dd>No tax line</dd>
          </>
        ) : null}
      </dl>
      {nights.length > 0 ? <NightlyBreakdown nights={nights} showRules /> : null}
      <StaffForm method="post" className="staff-form staff-form--grid" resetOnSuccess>
        <InputField
          name="totalPrice"
          label="New total (K)"
          type="number"
          min={0}
          step={1}
          required
          defaultValue={total}
        />
        <InputField name="reason" label="Reason for the change" required maxLength={200} />
        <SubmitButton name="intent" value="price" className="btn btn--primary btn--small" pending="Changing…">
          Change price
        </SubmitButton>
      </StaffForm>
    </section>
  );
}
