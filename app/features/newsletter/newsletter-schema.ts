// Footer newsletter box: one e-mail, stored in lower case so 'A@x.com' and 'a@x.com' are one row (decisions 13).
import { z } from "zod";
import { emailField } from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

export const newsletterSchema = z.object({
  email: emailField.transform((email) => email.toLowerCase()),
});

export function parseNewsletterForm(input: FormInput) {
  return parseForm(newsletterSchema, input);
}
