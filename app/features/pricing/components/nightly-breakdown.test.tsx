import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NightlyBreakdown } from "./nightly-breakdown.tsx";

// Staff read each night with what priced it: a night that includes supplements for extra guests
// says so beside its rule, so its price is not taken for the rate alone.

const nights = [
  { night: "2026-12-10", price: 775, rule: null, supplement: 225 },
  { night: "2026-12-11", price: 600, rule: "Festive season" },
];

describe("nightly breakdown", () => {
  it("names the supplements a night includes beside its rule, for staff", () => {
    const html = renderToStaticMarkup(<NightlyBreakdown nights={nights} showRules />);
    expect(html).toContain("10 Dec 2026: K775 (base rate, incl. K225 for extra guests)");
    expect(html).toContain("11 Dec 2026: K600 (Festive season)");
  });

  it("shows guests each night's price alone", () => {
    const html = renderToStaticMarkup(<NightlyBreakdown nights={nights} />);
    expect(html).toContain("10 Dec 2026: K775</li>");
  });
});
