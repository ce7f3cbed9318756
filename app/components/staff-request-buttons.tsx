import { Form } from "react-router";
import { INTENT_LABELS, intentsFor } from "~/lib/staff-notice.ts";
import type { RequestKind } from "~/lib/stay-lifecycle.ts";

/**
 * One plain form per allowed change of a request (works without JavaScript). `who` names the
 * request in each button's accessible name, for lists with many such rows.
 */
export function RequestButtons({
  kind,
  id,
  status,
  who,
  only,
}: {
  kind: RequestKind;
  id: string;
  status: string;
  who?: string;
  only?: readonly string[];
}) {
  const intents = intentsFor(kind, status).filter((intent) => !only || only.includes(intent));
  if (intents.length === 0) return null;
  return (
    <div className="staff-actions">
      {intents.map((intent) => (
        <Form method="post" key={intent}>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            name="intent"
            value={intent}
            className={`btn ${intent === "decline" || intent === "cancel" || intent === "no-show" ? "btn--outline" : "btn--primary"} btn--small`}
            aria-label={who ? `${INTENT_LABELS[intent]}: ${who}` : undefined}
          >
            {INTENT_LABELS[intent]}
          </button>
        </Form>
      ))}
    </div>
  );
}
