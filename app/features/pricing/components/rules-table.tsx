import { Link } from "react-router";
import { formatDisplayDate } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { FORM_HEADINGS, RATES_PAGE, type PreviewRow } from "./rate-rule-forms.tsx";

/**
 * The rate or stay rules in force, one row each with its Edit link (the page with the rule in its
 * form: a plain link) and its Remove button (a plain form); `columns` says what each column shows
 * after the rule's name.
 */
export function RulesTable<Rule extends { id: number; name: string }>({
  kind,
  rules,
  empty,
  columns,
}: {
  kind: "rate" | "stay";
  rules: readonly Rule[];
  empty: string;
  columns: Record<string, (rule: Rule) => string>;
}) {
  if (rules.length === 0) return <p>{empty}</p>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <thead>
          <tr>
            {["Name", ...Object.keys(columns)].map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Edit or remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id}>
              <td>{rule.name}</td>
              {Object.entries(columns).map(([heading, cell]) => (
                <td key={heading}>{cell(rule)}</td>
              ))}
              <td>
                <div className="staff-actions">
                  <Link
                    className="btn btn--outline btn--small"
                    to={`${RATES_PAGE}?edit=${kind}-${rule.id}#${FORM_HEADINGS[kind]}`}
                    aria-label={`Edit ${kind} rule ${rule.name}`}
                  >
                    Edit
                  </Link>
                  <StaffForm method="post">
                    <input type="hidden" name="intent" value={`delete-${kind}`} />
                    <input type="hidden" name="id" value={rule.id} />
                    <SubmitButton
                      className="btn btn--outline btn--small"
                      aria-label={`Remove ${kind} rule ${rule.name}`}
                      pending="Removing…"
                    >
                      Remove
                    </SubmitButton>
                  </StaffForm>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A rate rule's effect before it is saved: the nights it covers, now and with it. */
export function RulePreview({ rows, save }: { rows: readonly PreviewRow[]; save: string }) {
  return (
    <section aria-labelledby="preview" className="staff-preview">
      <h3 id="preview">Preview: the nights this rule covers, before and after</h3>
      <p role="status">Not saved yet: press {save} to keep it.</p>
      {rows.map((row) => (
        <table key={row.type} className="staff-table">
          <caption>{row.type}</caption>
          <thead>
            <tr>
              <th scope="col">Night</th>
              <th scope="col">Now</th>
              <th scope="col">With this rule</th>
              <th scope="col">Set by</th>
            </tr>
          </thead>
          <tbody>
            {row.nights.map((night) => (
              <tr key={night.night}>
                <td>{formatDisplayDate(night.night)}</td>
                <td>{formatKwacha(night.before)}</td>
                <td>{night.after === night.before ? "unchanged" : formatKwacha(night.after)}</td>
                <td>{night.rule ?? "Base rate"}</td>
              </tr>
            ))}
            {row.more > 0 ? (
              <tr>
                <td colSpan={4}>… and {row.more} more nights (see the calendar once saved).</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      ))}
    </section>
  );
}
