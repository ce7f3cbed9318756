// The lodge's price range as search engines and the /rooms description read it, e.g. 'K350 - K550'.
// Derived from the database's nightly rates (the prices' only source), never written down twice.
import { formatKwacha } from "../../shared/money.ts";

/**
 * The lowest and highest of the given nightly rates, 'K350 - K550'; one rate alone, or all the same,
 * 'K400'. Rates that are not finite, non-negative numbers are ignored; with none left the range is
 * unknown (null) and callers leave it out rather than show a wrong one.
 */
export function priceRangeText(rates: Iterable<number>): string | null {
  let low = Infinity;
  let high = -Infinity;
  for (const rate of rates) {
    if (!Number.isFinite(rate) || rate < 0) continue;
    low = Math.min(low, rate);
    high = Math.max(high, rate);
  }
  if (low === Infinity) return null;
  return low === high ? formatKwacha(low) : `${formatKwacha(low)} - ${formatKwacha(high)}`;
}

/** The range of the room types' rates as the loaders give them (type → rate, or no rates at all). */
export function roomTypesPriceRange(
  prices: Readonly<Record<string, number | { price: number }>> | null | undefined,
): string | null {
  if (!prices) return null;
  return priceRangeText(
    Object.values(prices).map((value) => (typeof value === "number" ? value : value.price)),
  );
}
