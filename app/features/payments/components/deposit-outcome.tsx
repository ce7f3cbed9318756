import { depositOutcomeText, type DepositOutcome } from "~/features/payments/deposit-policy.ts";

/**
 * On a cancelled or missed stay's request page: whether the lodge keeps the deposit or owes the
 * guest a refund under the manager's cancellation policy (app/features/payments/deposit-policy.ts), said
 * plainly next to the ledger where the refund is then recorded.
 */
export function DepositOutcomeNote({
  outcome,
  freeCancellationDays,
}: {
  outcome: DepositOutcome;
  freeCancellationDays: number;
}) {
  return (
    <p className="deposit-outcome" data-deposit-outcome={outcome.case}>
      <strong>{outcome.refundDue > 0 ? "Refund due. " : "Deposit settled. "}</strong>
      {depositOutcomeText(outcome, freeCancellationDays)}
      {outcome.refundDue > 0 ? " Record it below once it is paid back." : null}
    </p>
  );
}
