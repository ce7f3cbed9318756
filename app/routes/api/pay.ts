import { payApi } from "~/features/payments/components/payment-progress.tsx";
import { answerAction, answerLoad } from "~/shared/islands/island-answers.ts";
import { loadPayStep, submitPayStep } from "../../features/payments/pay-page.server.ts";
import type { Route } from "./+types/pay";

// The payment step's JSON route (ADR 0024), for its islands (the progress, the one-time code, the
// card): the server functions of /pay/:reference's loader and action, for
// `?reference=…&token=…`, their answers as JSON. Nothing without the link's token, as the page.

const referenceOf = (request: Request) => new URL(request.url).searchParams.get("reference") ?? "";

/** The step's state (no-store), 404 for a wrong link. */
export function loader({ request, context }: Route.LoaderArgs) {
  return answerLoad(payApi, () => loadPayStep(request, context, referenceOf(request)));
}

/** The code or the card's intents; where the page would redirect, `{ redirect }` to it. */
export function action({ request, context }: Route.ActionArgs) {
  return answerAction(payApi, () => submitPayStep(request, context, referenceOf(request)));
}
