import "./nightly-breakdown.css";
/**
 * The stay rules beside a form's dates: 'Minimum stay 2 nights from 20 December to 5
 * January'. The server refuses a stay that breaks one with the same words beside the check-out.
 */
export function StayRuleHint({ hints }: { hints: readonly string[] | undefined }) {
  if (!hints || hints.length === 0) return null;
  return (
    <ul className="stay-rule-hint" data-stay-rule-hint="" aria-label="Stay rules">
      {hints.map((hint) => (
        <li key={hint}>{hint}</li>
      ))}
    </ul>
  );
}
