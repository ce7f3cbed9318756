import { formatDisplayDate } from "~/shared/dates.ts";
import "./nightly-breakdown.css";
import { formatKwacha } from "~/shared/money.ts";
import type { QuotedNight } from "~/features/pricing/rates.ts";
import { extraGuests } from "~/features/pricing/folio.ts";

/**
 * A stay's nights one by one, behind a disclosure: guests see each night's price,
 * staff also the rule that set it and the supplements it includes. Server-rendered; <details> needs no script.
 */
export function NightlyBreakdown({
  nights,
  showRules = false,
  summary = "Price per night",
}: {
  nights: readonly QuotedNight[];
  showRules?: boolean;
  summary?: string;
}) {
  if (nights.length === 0) return null;
  return (
    <details className="nightly-breakdown" data-nightly-breakdown="">
      <summary>{summary}</summary>
      <ul>
        {nights.map((night) => (
          <li key={night.night} data-night={night.night}>
            {formatDisplayDate(night.night)}: {formatKwacha(night.price)}
            {showRules ? ` (${night.rule ?? "base rate"}${extraGuests(night.supplement)})` : ""}
          </li>
        ))}
      </ul>
    </details>
  );
}
