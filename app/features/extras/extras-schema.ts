// The forms of extras and charges (decisions.md 38): the manager's catalogue, a charge posted at
// the desk and its void. One schema per form, read by the server and shown beside the fields.
import { z } from "zod";
import { EXTRA_BASES, TAX_CATEGORIES } from "../../shared/db/schema.ts";
import {
  blankToUndefined,
  countField,
  idField,
  optionalText,
  requiredText,
} from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

const MAX_PRICE_KWACHA = 1_000_000;

/** A catalogue entry: its name, price in whole kwacha (taxes included), basis and tax category. */
const extraSchema = z.object({
  name: requiredText(60, "Please enter the extra's name.", "Please keep the name under 60 characters."),
  price: z.preprocess(
    // 'K1,200' and '1 200' as staff may type them.
    (value) => (typeof value === "string" ? value.replace(/[\sK,]/gi, "") : value),
    countField({
      min: 0,
      max: MAX_PRICE_KWACHA,
      required: "Please enter the price in kwacha.",
      whole: "Please enter a whole number of kwacha.",
      range: "Please enter a price between K0 and K1,000,000.",
    }),
  ),
  basis: z.enum(EXTRA_BASES, { error: "Please choose how the extra is counted." }),
  taxCategory: z.enum(TAX_CATEGORIES, { error: "Please choose the extra's tax category." }),
  active: z.preprocess((value) => value === "on" || value === "yes" || value === true, z.boolean()),
});

export function parseExtraForm(input: FormInput) {
  return parseForm(extraSchema, input);
}

/** A charge posted to a stay or venue booking: which extra, how many (blank: as the stay counts it). */
const chargeSchema = z.object({
  extraId: idField("Please choose what to charge."),
  quantity: z.preprocess(
    blankToUndefined,
    countField({
      min: 1,
      max: 1000,
      required: "Please enter how many.",
      whole: "Please enter a whole number.",
      range: "Please enter a number from 1 to 1,000.",
    }).optional(),
  ),
  note: optionalText(200, "Please keep the note under 200 characters."),
});

export function parseChargeForm(input: FormInput) {
  return parseForm(chargeSchema, input);
}

/** Voiding a wrong charge: which one, and why (kept in the request's history). */
const voidChargeSchema = z.object({
  chargeId: z.string().regex(/^[1-9][0-9]{0,17}$/, "That charge does not exist."),
  reason: requiredText(
    200,
    "Please say why the charge is void.",
    "Please keep the reason under 200 characters.",
  ),
});

export function parseVoidChargeForm(input: FormInput) {
  return parseForm(voidChargeSchema, input);
}
