import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LineChart } from "./report-charts.tsx";

// Occupancy by night marks each night with a dot and its figure up to two months; over a longer
// period the dots would run into one another, and the line alone is drawn (the table beside
// gives every night).

const series = (nights: number) => ({
  label: "This period",
  values: Array.from({ length: nights }, (_, i) => (i % 10) / 10),
  pointTitles: Array.from({ length: nights }, (_, i) => `Night ${i + 1}`),
});

const chart = (nights: number) =>
  renderToStaticMarkup(
    <LineChart
      title="Occupancy by night"
      summary="Occupancy"
      xLabels={Array.from({ length: nights }, (_, i) => `Night ${i + 1}`)}
      series={[series(nights)]}
    />,
  );

describe("the occupancy line chart", () => {
  it("marks every night with its figure up to two months", () => {
    const html = chart(62);
    expect(html.match(/<title>Night \d+<\/title>/g)).toHaveLength(62);
    expect(html).toContain("<polyline");
  });

  it("draws a longer period as its line alone", () => {
    const html = chart(366);
    expect(html).not.toContain("<circle");
    expect(html.match(/<polyline/g)?.length).toBeGreaterThan(0);
  });
});
