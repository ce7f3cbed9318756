import { describe, expect, it } from "vitest";
import { parseFiscalBuyerForm, TPIN_INVALID } from "./fiscal-buyer-schema.ts";

describe("the business buyer form", () => {
  it("takes a ten-digit TPIN as printed, spaces and hyphens left out, and the trimmed name", () => {
    expect(parseFiscalBuyerForm({ buyerTpin: "100-200 3004", buyerName: "  Kafue Safaris Ltd " })).toEqual({
      ok: true,
      data: { buyerTpin: "1002003004", buyerName: "Kafue Safaris Ltd" },
    });
  });

  it.each(["12345", "10020030045", "100200300A", "TPIN100200"])("refuses %s beside the TPIN", (tpin) => {
    const parsed = parseFiscalBuyerForm({ buyerTpin: tpin, buyerName: "Kafue Safaris Ltd" });
    expect(parsed).toMatchObject({ ok: false, fieldErrors: { buyerTpin: TPIN_INVALID } });
  });

  it("asks for both fields, and keeps the name within what the invoice holds", () => {
    const blank = parseFiscalBuyerForm({ buyerTpin: " ", buyerName: "" });
    expect(blank).toMatchObject({
      ok: false,
      fieldErrors: {
        buyerTpin: "Please enter the business's TPIN.",
        buyerName: "Please enter the business's name as registered with ZRA.",
      },
    });
    expect(parseFiscalBuyerForm({ buyerTpin: "1002003004", buyerName: "x".repeat(61) })).toMatchObject({
      ok: false,
      fieldErrors: {
        buyerName: "Please keep the business's name within 60 characters, as ZRA's invoice holds no more.",
      },
    });
  });
});
