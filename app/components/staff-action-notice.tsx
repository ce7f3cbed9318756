import { Form, Link } from "react-router";
import { formatKwacha } from "~/lib/money.ts";
import type { StaffNotice } from "~/lib/staff-notice.ts";
import { Notice } from "./notice.tsx";

/**
 * What a staff action answered: the notice, and where it asks for more, the next step: a
 * check-out with a balance due to confirm (a plain form: works without JavaScript), or the
 * receipt of the payment just recorded.
 */
export function StaffActionNotice({ notice }: { notice: StaffNotice | undefined }) {
  if (!notice) return null;
  const { confirm, receiptId } = notice;
  return (
    <Notice tone={notice.tone}>
      <p>{notice.message}</p>
      {confirm ? (
        <div className="staff-actions">
          <Link
            to={`/staff/requests/${confirm.kind}/${confirm.id}#payments`}
            className="btn btn--primary btn--small"
          >
            Record a payment
          </Link>
          <Form method="post">
            <input type="hidden" name="kind" value={confirm.kind} />
            <input type="hidden" name="id" value={confirm.id} />
            <input type="hidden" name="balanceConfirmed" value="yes" />
            <button type="submit" name="intent" value="check-out" className="btn btn--outline btn--small">
              Check out with {formatKwacha(confirm.balance)} due
            </button>
          </Form>
        </div>
      ) : null}
      {receiptId ? (
        <p>
          <Link to={`/staff/receipts/${receiptId}`}>Print the receipt</Link>
        </p>
      ) : null}
    </Notice>
  );
}
