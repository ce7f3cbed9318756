import { describe, expect, it } from "vitest";
import { HEAT_BANDS } from "./report-charts.tsx";

// WCAG's contrast ratio of two #rrggbb colours, 1 to 21.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe("the heat map's colours", () => {
  it("tells each band from the next one", () => {
    for (let i = 1; i < HEAT_BANDS.length; i++) {
      const [before, band] = [HEAT_BANDS[i - 1]!, HEAT_BANDS[i]!];
      expect(contrast(before.fill, band.fill), `${before.label} / ${band.label}`).toBeGreaterThanOrEqual(1.5);
    }
  });

  it("outlines an empty night so it shows on the white page", () => {
    expect(contrast(HEAT_BANDS[0].outline, "#ffffff")).toBeGreaterThanOrEqual(3);
  });

  it("writes each day's number in a colour that reads on its band", () => {
    for (const band of HEAT_BANDS)
      expect(contrast(band.text, band.fill), band.label).toBeGreaterThanOrEqual(4.5);
  });
});
