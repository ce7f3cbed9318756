import type { RequestIntent } from "~/features/staff/staff-schemas.ts";
import { INTENT_LABELS, intentsFor } from "~/features/desk/staff-notice.ts";
import type { RequestKind } from "~/shared/db/schema.ts";

/** What a button says while its change is being made. */
const PENDING_LABELS: Record<RequestIntent, string> = {
  confirm: "Confirming…",
  decline: "Declining…",
  cancel: "Cancelling…",
  "check-in": "Checking in…",
  "check-out": "Checking out…",
  "no-show": "Marking no-show…",
  move: "Moving…",
  handled: "Marking handled…",
};

/** The status a change leads to, shown before the server has answered (`shownStatus`). */
const STATUS_AFTER: Partial<Record<RequestIntent, string>> = {
  confirm: "Confirmed",
  decline: "Declined",
  cancel: "Cancelled",
  "check-in": "Checked in",
  "check-out": "Checked out",
  "no-show": "No-show",
  handled: "Handled",
};

/**
 * The change of one request being sent, if the navigation under way (`useNavigation().formData`)
 * is one: its fields, else null. A page reads the navigation once and asks this per request, so a
 * list of forty stays renders no hook per row (issue 19).
 */
export function requestSending(sent: FormData | undefined, kind: string, id: string): FormData | null {
  return sent && sent.get("kind") === kind && sent.get("id") === id ? sent : null;
}

/**
 * A request's status as the console shows it: while one of its buttons is being sent, the status
 * it will have (optimistic: the answer follows in a moment, and if the change was refused the
 * page shows the stored status again with the notice). A check-out that may still ask to confirm
 * a balance due is not anticipated.
 */
export function shownStatus(status: string, sending: FormData | null): string {
  if (!sending) return status;
  const intent = String(sending.get("intent")) as RequestIntent;
  if (intent === "check-out" && sending.get("balanceConfirmed") !== "yes") return status;
  return STATUS_AFTER[intent] ?? status;
}

/**
 * The allowed changes of a request: one plain form (works without JavaScript; once the console
 * has hydrated its frame sends it as a data request, app/features/staff/components/staff-frame.tsx) whose
 * buttons each send their change, as `intent`. `action` is where it posts (`useFormAction()` of
 * the page: an index page's needs `?index`). While it is sent (`sending`, from
 * `requestSending`) every button is disabled, so a request gets one change at a time, and the
 * pressed one says what is happening. No hooks: Today lists some forty stays on a busy day.
 * `who` names the request in each button's accessible name, for lists with many such rows.
 */
export function RequestButtons({
  kind,
  id,
  status,
  action,
  sending,
  who,
  only,
}: {
  kind: RequestKind;
  id: string;
  status: string;
  action: string;
  sending: FormData | null;
  who?: string;
  only?: readonly string[];
}) {
  const intents = intentsFor(kind, status).filter((intent) => !only || only.includes(intent));
  if (intents.length === 0) return null;
  const pressed = sending?.get("intent");
  return (
    <form method="post" action={action} className="staff-actions" aria-busy={sending ? true : undefined}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      {intents.map((intent) => (
        <button
          key={intent}
          type="submit"
          name="intent"
          value={intent}
          disabled={sending !== null}
          className={`btn ${intent === "decline" || intent === "cancel" || intent === "no-show" ? "btn--outline" : "btn--primary"} btn--small`}
          aria-label={who ? `${INTENT_LABELS[intent]}: ${who}` : undefined}
        >
          {pressed === intent ? PENDING_LABELS[intent] : INTENT_LABELS[intent]}
        </button>
      ))}
    </form>
  );
}
