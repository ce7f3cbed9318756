// The business buyer of a fiscal tax invoice (ADR 0029): ZRA's TPIN and the business's name, as
// the desk records them on a stay or venue booking before it is invoiced. One schema for the form
// in the browser and for the server.
import { z } from "zod";
import { requiredText } from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

/** A ZRA TPIN: ten digits (the VSDC refuses anything else). */
export const TPIN_PATTERN = /^[0-9]{10}$/;

export const TPIN_INVALID = "A TPIN is the 10 digits ZRA issued the business, for example 1002003004.";

const fiscalBuyerSchema = z.object({
  // "100-200-3004" and "100 200 3004" as printed on a certificate.
  buyerTpin: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/[\s-]/g, "") || undefined : value),
    z.string({ error: "Please enter the business's TPIN." }).regex(TPIN_PATTERN, TPIN_INVALID),
  ),
  // The invoice's buyer name (custNm) holds 60 characters.
  buyerName: requiredText(
    60,
    "Please enter the business's name as registered with ZRA.",
    "Please keep the business's name within 60 characters, as ZRA's invoice holds no more.",
  ),
});

export type FiscalBuyer = z.output<typeof fiscalBuyerSchema>;

export function parseFiscalBuyerForm(input: FormInput) {
  return parseForm(fiscalBuyerSchema, input);
}
