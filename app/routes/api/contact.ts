import { contactApi } from "~/features/contact/components/contact-form.tsx";
import { answerAction } from "~/shared/islands/island-answers.ts";
import { action as contactPage } from "../contact.tsx";
import type { Route } from "./+types/contact";

// The contact form's JSON route (ADR 0024): /contact's own action, its answer as JSON.
export function action(args: Route.ActionArgs): Promise<Response> {
  // The same request and context; the two routes' generated argument types differ only in name.
  return answerAction(contactApi, () => contactPage(args as unknown as Parameters<typeof contactPage>[0]));
}
