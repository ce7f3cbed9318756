import { partyQuote, type Guests, type ListedQuote } from "~/features/pricing/rates.ts";
import { NightlyBreakdown } from "./nightly-breakdown.tsx";

// A room list's quotes: each option carries its stay's total for the dates the list was
// read for (also what the browser tests read to know which dates a list is for), and the list
// carries one night-by-night breakdown per distinct quote, the chosen room's shown. The server
// renders both; the islands keep them in step with the choice (ADR 0015).

interface Quoted {
  id: number | string;
  quote?: ListedQuote;
}

/** The data attributes an option carries for its quote. */
export function quoteAttributes(option: Quoted): Record<string, string | number | undefined> {
  if (!option.quote) return {};
  return {
    "data-quote": option.quote.total,
    "data-quote-for": option.quote.dates,
    "data-quote-key": option.quote.key,
  };
}

/** The adults and children a form holds, as typed (anything not a count counts none). */
export function partyOf(adults: string | undefined, children: string | undefined): Guests {
  const count = (value: string | undefined) => (value && /^\d{1,3}$/.test(value) ? Number(value) : 0);
  return { adults: count(adults), children: count(children) };
}

/**
 * The total to show for the chosen option: its quote for the form's guests (their supplements
 * added night by night, as the booking keeps them) while the form's dates are the quote's, null
 * while a list for new dates is on its way, undefined for a list without quotes. `rooms`
 * multiplies one room's quote.
 */
export function quotedTotal(
  option: Quoted | undefined,
  checkIn: string,
  checkOut: string,
  party?: Guests,
  rooms = 1,
): number | null | undefined {
  if (!option?.quote) return undefined;
  if (option.quote.dates !== `${checkIn}|${checkOut}`) return null;
  return party ? partyQuote(option.quote, party, rooms).total : option.quote.total;
}

/** The nights one by one, one list per distinct quote; only the chosen room's is shown. */
export function QuoteBreakdowns({
  options,
  selected,
  checkIn,
  checkOut,
  party,
  rooms = 1,
}: {
  options: readonly Quoted[];
  selected: Quoted | undefined;
  checkIn: string;
  checkOut: string;
  /** The form's guests: each night shows its price with their supplements. */
  party?: Guests;
  rooms?: number;
}) {
  const byKey = new Map<string, ListedQuote>();
  for (const option of options) {
    if (option.quote && option.quote.dates === `${checkIn}|${checkOut}`)
      byKey.set(option.quote.key, option.quote);
  }
  if (byKey.size === 0) return null;
  return (
    <div className="quote-breakdowns">
      {[...byKey.values()].map((quote) => (
        <div
          key={quote.key}
          data-quote-key={quote.key}
          data-quote-for={quote.dates}
          hidden={selected?.quote?.key !== quote.key}
        >
          <NightlyBreakdown
            nights={party ? partyQuote(quote, party, rooms).nights : quote.nights}
            summary={rooms > 1 ? "Price per night, all rooms" : undefined}
          />
        </div>
      ))}
    </div>
  );
}
