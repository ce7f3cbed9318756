import { Link } from "react-router";
import { formatKwacha } from "~/shared/money.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import { ROOM_NOT_READY_FIELD, type RoomNotReady } from "~/features/desk/room-not-ready.ts";
import { DismissibleNotice } from "../../staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton } from "../../staff/components/staff-form.tsx";

/**
 * What a staff action answered: the notice, and where it asks for more, the next step: a
 * check-out with a balance due or a check-in a day early to confirm (plain forms: they work
 * without JavaScript), or the receipt of the payment just recorded.
 */
export function StaffActionNotice({ notice }: { notice: StaffNotice | undefined }) {
  if (!notice) return null;
  const { confirm, earlyCheckIn, roomNotReady, receiptId } = notice;
  return (
    <DismissibleNotice tone={notice.tone} of={notice}>
      <p>{notice.message}</p>
      {confirm ? (
        <div className="staff-actions">
          <Link
            to={`/staff/requests/${confirm.kind}/${confirm.id}#payments`}
            className="btn btn--primary btn--small"
          >
            Record a payment
          </Link>
          <StaffForm method="post">
            <input type="hidden" name="kind" value={confirm.kind} />
            <input type="hidden" name="id" value={confirm.id} />
            <input type="hidden" name="balanceConfirmed" value="yes" />
            <SubmitButton
              name="intent"
              value="check-out"
              className="btn btn--outline btn--small"
              pending="Checking out…"
            >
              Check out with {formatKwacha(confirm.balance)} due
            </SubmitButton>
          </StaffForm>
        </div>
      ) : null}
      {earlyCheckIn ? (
        <StaffForm method="post" className="staff-actions">
          <input type="hidden" name="kind" value={earlyCheckIn.kind} />
          <input type="hidden" name="id" value={earlyCheckIn.id} />
          <input type="hidden" name="earlyArrival" value="yes" />
          <SubmitButton
            name="intent"
            value="check-in"
            className="btn btn--outline btn--small"
            pending="Checking in…"
          >
            Check in a day early
          </SubmitButton>
        </StaffForm>
      ) : null}
      {roomNotReady ? <RoomNotReadyConfirm question={roomNotReady} /> : null}
      {receiptId ? (
        <p>
          <Link to={`/staff/receipts/${receiptId}`}>Print the receipt</Link>
        </p>
      ) : null}
    </DismissibleNotice>
  );
}

/**
 * The confirmation of a check-in into a room that is not ready: the form that asked, sent again
 * as it was with `roomNotReady=yes` (a plain form: it works without JavaScript). `action`: where
 * the form was sent, when not to this page.
 */
export function RoomNotReadyConfirm({ question, action }: { question: RoomNotReady; action?: string }) {
  return (
    <StaffForm method="post" action={action} className="staff-actions">
      {Object.entries(question.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={ROOM_NOT_READY_FIELD} value="yes" />
      <SubmitButton className="btn btn--outline btn--small" pending="Checking in…">
        Check in to room {question.roomNumber} anyway
      </SubmitButton>
    </StaffForm>
  );
}
