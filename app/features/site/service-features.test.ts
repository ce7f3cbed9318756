import { describe, expect, it } from "vitest";
import { parseFeatures } from "./service-features.ts";

describe("parseFeatures", () => {
  it("turns dash lines into features and other lines into headings", () => {
    expect(parseFeatures("Rooms\n- DSTV\n-Wi-Fi\nDining\n- Breakfast")).toEqual([
      { kind: "heading", text: "Rooms" },
      { kind: "feature", text: "DSTV" },
      { kind: "feature", text: "Wi-Fi" },
      { kind: "heading", text: "Dining" },
      { kind: "feature", text: "Breakfast" },
    ]);
  });

  it("trims text and ignores blank lines", () => {
    expect(parseFeatures("\n   Heading one  \n\n   -   spaced feature   \n \t \n")).toEqual([
      { kind: "heading", text: "Heading one" },
      { kind: "feature", text: "spaced feature" },
    ]);
  });

  it("keeps dashes inside the text and accepts Windows line endings", () => {
    expect(parseFeatures("Check-in times\r\n- Early check-in - on request\r\n")).toEqual([
      { kind: "heading", text: "Check-in times" },
      { kind: "feature", text: "Early check-in - on request" },
    ]);
  });

  it("drops a dash with nothing after it", () => {
    expect(parseFeatures("-\n - \nOnly heading")).toEqual([{ kind: "heading", text: "Only heading" }]);
  });

  it("returns nothing for empty input", () => {
    expect(parseFeatures("")).toEqual([]);
    expect(parseFeatures("   \n\n")).toEqual([]);
  });
});
