// /contact message form (decisions 14): name, e-mail and message required; subject optional.
import { LIMITS } from "../../shared/forms/form-rules.ts";
import { z } from "zod";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG, SUBJECT_TOO_LONG } from "../../shared/messages.ts";
import { emailField, nameField, optionalText, requiredText } from "../../shared/forms/fields.ts";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  subject: optionalText(LIMITS.subject, SUBJECT_TOO_LONG),
  message: requiredText(LIMITS.message, MESSAGE_REQUIRED, MESSAGE_TOO_LONG, { multiline: true }),
});

export function parseContactForm(input: FormInput) {
  return parseForm(contactSchema, input);
}
