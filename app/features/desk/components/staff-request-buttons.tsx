import { useNavigation } from "react-router";
import type { RequestIntent } from "~/features/staff/staff-schemas.ts";
import { INTENT_LABELS, intentsFor } from "~/features/desk/staff-notice.ts";
import type { RequestKind } from "~/shared/db/schema.ts";
import { checkInWindow } from "~/features/requests/stay-lifecycle.ts";
import { StaffForm, SubmitButton } from "../../staff/components/staff-form.tsx";

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

/** The status a change leads to, shown before the server has answered (`useShownStatus`). */
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
 * A request's status as the console shows it: while one of its buttons is being sent, the status
 * it will have (optimistic: the answer follows in a moment, and if the change was refused the
 * page shows the stored status again with the notice). A check-out that may still ask to confirm
 * a balance due is not anticipated.
 */
function useShownStatus(kind: RequestKind, id: string, status: string): string {
  const sent = useNavigation().formData;
  if (!sent || sent.get("kind") !== kind || sent.get("id") !== id) return status;
  const intent = String(sent.get("intent")) as RequestIntent;
  if (intent === "check-out" && sent.get("balanceConfirmed") !== "yes") return status;
  return STATUS_AFTER[intent] ?? status;
}

/** A request's status text, optimistic while a change of it is being sent (`useShownStatus`). */
export function RequestStatus({ kind, id, status }: { kind: RequestKind; id: string; status: string }) {
  return <>{useShownStatus(kind, id, status)}</>;
}

/**
 * The allowed changes of a request: one `StaffForm` posting to the page's own action, whose
 * buttons each send their change, as `intent`. While it is sent every button is disabled, so a
 * request gets one change at a time, and the pressed one says what is happening. `who` names the
 * request in each button's accessible name, for lists with many such rows. `stay`: a stay's dates
 * and the lodge's today, so that "Check in" shows only from the day before its arrival (the day
 * before asks to confirm) to its last night, as the server allows.
 */
export function RequestButtons({
  kind,
  id,
  status,
  who,
  only,
  stay,
}: {
  kind: RequestKind;
  id: string;
  status: string;
  who?: string;
  only?: readonly string[];
  stay?: { checkIn: string; checkOut: string; today: string };
}) {
  const intents = intentsFor(kind, status).filter(
    (intent) =>
      (!only || only.includes(intent)) &&
      (intent !== "check-in" || !stay || ["open", "day-before"].includes(checkInWindow(stay, stay.today))),
  );
  if (intents.length === 0) return null;
  return (
    <StaffForm method="post" className="staff-actions">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      {intents.map((intent) => (
        <SubmitButton
          key={intent}
          pending={PENDING_LABELS[intent]}
          name="intent"
          value={intent}
          className={`btn ${intent === "decline" || intent === "cancel" || intent === "no-show" ? "btn--outline" : "btn--primary"} btn--small`}
          aria-label={who ? `${INTENT_LABELS[intent]}: ${who}` : undefined}
        >
          {INTENT_LABELS[intent]}
        </SubmitButton>
      ))}
    </StaffForm>
  );
}
