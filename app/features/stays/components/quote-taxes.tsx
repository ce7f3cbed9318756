import type { FolioLine } from "~/features/pricing/folio.ts";
import { formatKwacha } from "~/shared/money.ts";
import "./quote-taxes.css";

/**
 * The taxes a stay's quote contains, one row each ('Of which Tourism levy 1.5%', K24), as the
 * bill lists them (app/features/pricing/stay-estimate.ts quoteTaxLines): rows of a <dl>.
 */
export function QuoteTaxRows({ lines }: { lines: readonly FolioLine[] }) {
  return lines.map((line) => (
    <div key={line.label} className="quote-taxes__line">
      <dt>{line.label}</dt>
      <dd>{formatKwacha(line.amount)}</dd>
    </div>
  ));
}

/** The same rows as a list of their own, under an estimate. */
export function QuoteTaxes({ lines }: { lines: readonly FolioLine[] }) {
  if (lines.length === 0) return null;
  return (
    <dl className="quote-taxes">
      <QuoteTaxRows lines={lines} />
    </dl>
  );
}
