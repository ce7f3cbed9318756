import { newsletterApi } from "~/features/newsletter/components/newsletter-form.tsx";
import { answerAction } from "~/shared/islands/island-answers.ts";
import { action as newsletterPage } from "../newsletter.tsx";
import type { Route } from "./+types/newsletter";

// The newsletter box's JSON route (ADR 0024): /newsletter's own action, its answer as JSON.
export function action(args: Route.ActionArgs): Promise<Response> {
  // The same request and context; the two routes' generated argument types differ only in name.
  return answerAction(newsletterApi, () =>
    newsletterPage(args as unknown as Parameters<typeof newsletterPage>[0]),
  );
}
