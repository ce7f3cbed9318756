import { isIsoDate, nightsBetween } from "~/shared/dates.ts";
import { formatKwacha, NGWEE_PER_KWACHA } from "~/shared/money.ts";
import {
  BASIS_LABELS,
  EXTRA_FIELD_PREFIX,
  quoteExtras,
  type ExtrasQuote,
  type PricedExtra,
} from "~/features/extras/extra-pricing.ts";
import type { TaxSettings } from "~/features/pricing/rates.ts";
import "./extras-fields.css";

/**
 * The extras a guest may add to a stay (decisions.md 38): one checkbox each, named
 * `extra-<id>`, so a post without JavaScript carries them and 'Check availability' keeps them.
 */
export function ExtrasFields({
  extras,
  values,
}: {
  extras: readonly PricedExtra[];
  values: Record<string, string>;
}) {
  if (extras.length === 0) return null;
  return (
    <fieldset className="extras-fields booking-form__wide">
      <legend>Extras (optional)</legend>
      {extras.map((extra) => {
        const name = `${EXTRA_FIELD_PREFIX}${extra.id}`;
        return (
          <label key={extra.id} className="extras-fields__choice">
            <input type="checkbox" name={name} defaultChecked={values[name] === "on"} />{" "}
            {`${extra.name}: ${formatKwacha(extra.priceNgwee / NGWEE_PER_KWACHA)} ${BASIS_LABELS[extra.basis]}`}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The chosen extras priced for the stay's dates and guests, or null while the dates are incomplete. */
export function extrasQuoteFor(
  extras: readonly PricedExtra[],
  chosen: readonly number[],
  stay: { checkIn: string; checkOut: string; guests: number },
  taxes: TaxSettings | undefined,
): ExtrasQuote | null {
  if (chosen.length === 0 || !isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut)) return null;
  if (stay.checkOut <= stay.checkIn) return null;
  return quoteExtras(
    extras,
    chosen,
    { nights: nightsBetween(stay.checkIn, stay.checkOut), guests: stay.guests },
    taxes,
  );
}

/** The extras' rows in the quote's summary (a <dl>), and the total with them. */
export function ExtrasQuoteRows({
  quote,
  stayTotal,
}: {
  quote: ExtrasQuote | null;
  stayTotal: number | null;
}) {
  if (!quote || quote.lines.length === 0) return null;
  return (
    <>
      {quote.lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>{formatKwacha(line.amount)}</dd>
        </div>
      ))}
      {stayTotal !== null ? (
        <div>
          <dt>Total with extras</dt>
          <dd data-testid="total-with-extras">{formatKwacha(stayTotal + quote.total)}</dd>
        </div>
      ) : null}
    </>
  );
}
