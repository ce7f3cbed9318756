import { data, Link } from "react-router";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import {
  createRateRule,
  createStayRule,
  deleteRule,
  listRateRules,
  listStayRules,
} from "~/features/pricing/rates.server.ts";
import { roomTypePrices } from "~/features/stays/rooms.server.ts";
import { listAudit, readAuditPage } from "~/features/staff/staff-audit.server.ts";
import { addDays, formatDisplayDate, lodgeToday, nightsBetween } from "~/shared/dates.ts";
import { readFormBody } from "~/shared/forms/form-body.server.ts";
import { formatKwacha } from "~/shared/money.ts";
import {
  RATE_PRECEDENCE,
  rateRuleEffect,
  quoteStay,
  STAY_RULE_PRECEDENCE,
  stayRuleTexts,
  WEEKDAY_NAMES,
  weekdaysText,
  type RateRule,
} from "~/features/pricing/rates.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { rateRuleSchema, rulesFormInput, stayRuleSchema } from "~/features/pricing/rates-schemas.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/rates";

// Rates and stay rules (managers; decisions.md 31): the rules by date range, room types
// and weekdays, their precedence, a preview of a new rule's effect before it is saved, and links
// to each room type's 12-month calendar. Base rates stay on 'Rooms and venues'.

/** Nights a preview lists at most per room type (the calendar shows the whole year). */
const PREVIEW_NIGHTS = 62;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const [rateRules, stayRules, prices, audit] = await Promise.all([
    listRateRules(db),
    listStayRules(db),
    roomTypePrices(db),
    listAudit(db, ["rates"], readAuditPage(new URL(request.url).searchParams)),
  ]);
  const types = [...prices.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, price]) => ({ type, price }));
  return {
    rateRules,
    stayRules,
    types,
    audit: audit.entries,
    changes: { page: audit.page, hasOlder: audit.hasOlder },
  };
}

type ActionData = {
  tone: "success" | "error";
  message: string;
  form?: "rate" | "stay";
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, unknown>;
  preview?: PreviewRow[];
};

interface PreviewRow {
  type: string;
  nights: { night: string; before: number; after: number; rule: string | null }[];
  more: number;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, context, { role: "manager" });
  const form = await readFormBody(request);
  const intent = form.get("intent");
  const input = rulesFormInput(form);
  const answer = (body: ActionData, status = 200) => data<ActionData>(body, { status });

  if (intent === "preview-rate" || intent === "add-rate") {
    const parsed = parseForm(rateRuleSchema, input);
    if (!parsed.ok) {
      return answer(
        {
          tone: "error",
          message: "Please check the rule.",
          form: "rate",
          fieldErrors: parsed.fieldErrors,
          values: input,
        },
        400,
      );
    }
    if (intent === "add-rate") {
      const rule = await createRateRule(db, parsed.data, staff.accountId);
      return answer({ tone: "success", message: `Rate rule '${rule.name}' saved.` });
    }
    const [rules, prices] = await Promise.all([listRateRules(db), roomTypePrices(db)]);
    const draft: RateRule = { ...parsed.data, id: Number.MAX_SAFE_INTEGER };
    const preview = [...prices.entries()]
      .filter(([type]) => draft.roomTypes.length === 0 || draft.roomTypes.includes(type))
      .map(([type, base]): PreviewRow => {
        const count = nightsBetween(draft.startsOn, addDays(draft.endsOn, 1));
        const until = addDays(draft.startsOn, Math.min(count, PREVIEW_NIGHTS));
        const before = quoteStay(base, rules, type, draft.startsOn, until).nights;
        const after = quoteStay(base, [...rules, draft], type, draft.startsOn, until).nights;
        return {
          type,
          nights: after.map((night, i) => ({
            night: night.night,
            before: before[i]?.price ?? night.price,
            after: night.price,
            rule: night.rule,
          })),
          more: Math.max(0, count - PREVIEW_NIGHTS),
        };
      });
    return answer({
      tone: "success",
      message: "Preview: not saved yet.",
      form: "rate",
      values: input,
      preview,
    });
  }

  if (intent === "add-stay") {
    const parsed = parseForm(stayRuleSchema, input);
    if (!parsed.ok) {
      return answer(
        {
          tone: "error",
          message: "Please check the stay rule.",
          form: "stay",
          fieldErrors: parsed.fieldErrors,
          values: input,
        },
        400,
      );
    }
    const rule = await createStayRule(db, parsed.data, staff.accountId);
    return answer({ tone: "success", message: `Stay rule '${rule.name}' saved.` });
  }

  if (intent === "delete-rate" || intent === "delete-stay") {
    const id = Number(form.get("id"));
    const removed =
      Number.isInteger(id) && id > 0
        ? await deleteRule(db, intent === "delete-rate" ? "rate-rule" : "stay-rule", id, staff.accountId)
        : false;
    return removed
      ? answer({ tone: "success", message: "Rule removed. Requests already made keep their prices." })
      : answer({ tone: "error", message: "That rule no longer exists." }, 404);
  }
  return answer({ tone: "error", message: "Unknown action." }, 400);
}

function types(roomTypes: readonly string[]): string {
  return roomTypes.length === 0 ? "All room types" : roomTypes.join(", ");
}

function period(rule: { startsOn: string; endsOn: string }): string {
  return `${formatDisplayDate(rule.startsOn)} to ${formatDisplayDate(rule.endsOn)}`;
}

function Checkboxes({
  legend,
  name,
  options,
  checked,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  checked: readonly unknown[];
}) {
  return (
    <fieldset className="staff-checkboxes">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="checkbox"
            name={name}
            value={option.value}
            defaultChecked={checked.map(String).includes(option.value)}
          />{" "}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((label, i) => ({ value: String(i + 1), label }));

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const { rateRules, stayRules, types: roomTypes, audit, changes } = loaderData;
  const rateForm = actionData?.form === "rate" ? actionData : undefined;
  const stayForm = actionData?.form === "stay" ? actionData : undefined;
  const value = (source: ActionData | undefined, key: string) => {
    const found = source?.values?.[key];
    return typeof found === "string" ? found : undefined;
  };
  // What was typed into a refused (or previewed) form's field, and its message.
  const typed = (source: ActionData | undefined, key: string) => ({
    defaultValue: value(source, key),
    error: source?.fieldErrors?.[key],
  });
  const list = (source: ActionData | undefined, key: string) => {
    const found = source?.values?.[key];
    return Array.isArray(found) ? found : [];
  };
  const typeOptions = roomTypes.map(({ type }) => ({ value: type, label: type }));
  const today = lodgeToday();
  // A form that was just saved starts empty again (its key changes with each answer).
  const formKey = actionData?.message ?? "";

  return (
    <>
      <title>Staff: rates and stay rules</title>
      <h1>Rates and stay rules</h1>
      <AnswerNotice answer={actionData?.preview ? null : actionData} />

      <section aria-labelledby="precedence">
        <h2 id="precedence">How a night is priced</h2>
        <ol>
          {RATE_PRECEDENCE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <p>
          Base rates per room type:{" "}
          {roomTypes.map(({ type, price }, i) => (
            <span key={type}>
              {i > 0 ? ", " : ""}
              <Link to={`/staff/rates/${encodeURIComponent(type)}`}>
                {type} {formatKwacha(price)}
              </Link>
            </span>
          ))}{" "}
          (each links to its calendar of the next 12 months; change base rates on{" "}
          <Link to="/staff/rooms">Rooms and venues</Link>).
        </p>
      </section>

      <section aria-labelledby="rate-rules">
        <h2 id="rate-rules">Rate rules</h2>
        <RulesTable
          kind="rate"
          rules={rateRules}
          empty="No rate rules: every night is the base rate."
          columns={{
            "Room types": (rule) => types(rule.roomTypes),
            Nights: period,
            Weekdays: (rule) => weekdaysText(rule.weekdays),
            Price: rateRuleEffect,
          }}
        />

        <h3>Add a rate rule</h3>
        <AnswerNotice answer={rateForm} />
        <StaffForm
          method="post"
          className="staff-form staff-form--grid"
          key={`rate-${rateForm ? "kept" : formKey}`}
        >
          <InputField name="name" label="Name" required maxLength={80} {...typed(rateForm, "name")} />
          <InputField
            name="startsOn"
            label="First night"
            type="date"
            required
            min={today}
            {...typed(rateForm, "startsOn")}
          />
          <InputField
            name="endsOn"
            label="Last night"
            type="date"
            required
            min={today}
            {...typed(rateForm, "endsOn")}
          />
          <SelectField
            name="kind"
            label="Sets the price"
            required
            defaultValue={value(rateForm, "kind") ?? "fixed"}
            error={rateForm?.fieldErrors?.kind}
          >
            <option value="fixed">Fixed price a night (K)</option>
            <option value="percent">Change by percent (e.g. 20 or -10)</option>
            <option value="amount">Change by amount (K, e.g. 100 or -50)</option>
          </SelectField>
          <InputField
            name="value"
            label="Price or change"
            type="number"
            step={1}
            required
            {...typed(rateForm, "value")}
          />
          <Checkboxes
            legend="Room types (none ticked: all)"
            name="roomTypes"
            options={typeOptions}
            checked={list(rateForm, "roomTypes")}
          />
          <Checkboxes
            legend="Weekdays (none ticked: every night)"
            name="weekdays"
            options={WEEKDAY_OPTIONS}
            checked={list(rateForm, "weekdays")}
          />
          <div className="staff-actions">
            <SubmitButton
              name="intent"
              value="preview-rate"
              className="btn btn--outline"
              pending="Previewing…"
            >
              Preview
            </SubmitButton>
            <SubmitButton name="intent" value="add-rate" className="btn btn--primary" pending="Saving…">
              Save rule
            </SubmitButton>
          </div>
        </StaffForm>
        {rateForm?.preview ? <RulePreview rows={rateForm.preview} /> : null}
      </section>

      <section aria-labelledby="stay-rules">
        <h2 id="stay-rules">Stay rules</h2>
        <p>{STAY_RULE_PRECEDENCE}</p>
        <RulesTable
          kind="stay"
          rules={stayRules}
          empty="No stay rules: any stay of one night or more is accepted."
          columns={{
            "Room types": (rule) => types(rule.roomTypes),
            "Guests read": (rule) => stayRuleTexts(rule).join("; "),
          }}
        />
        <h3>Add a stay rule</h3>
        <AnswerNotice answer={stayForm} />
        <StaffForm
          method="post"
          className="staff-form staff-form--grid"
          key={`stay-${stayForm ? "kept" : formKey}`}
        >
          <input type="hidden" name="intent" value="add-stay" />
          <InputField name="name" label="Name" required maxLength={80} {...typed(stayForm, "name")} />
          <InputField
            name="startsOn"
            label="First arrival night"
            type="date"
            required
            {...typed(stayForm, "startsOn")}
          />
          <InputField
            name="endsOn"
            label="Last arrival night"
            type="date"
            required
            {...typed(stayForm, "endsOn")}
          />
          <InputField
            name="minNights"
            label="Minimum nights"
            type="number"
            min={1}
            max={365}
            {...typed(stayForm, "minNights")}
          />
          <InputField
            name="maxNights"
            label="Maximum nights"
            type="number"
            min={1}
            max={365}
            {...typed(stayForm, "maxNights")}
          />
          <Checkboxes
            legend="Room types (none ticked: all)"
            name="roomTypes"
            options={typeOptions}
            checked={list(stayForm, "roomTypes")}
          />
          <Checkboxes
            legend="Closed to arrival on"
            name="closedToArrival"
            options={WEEKDAY_OPTIONS}
            checked={list(stayForm, "closedToArrival")}
          />
          <SubmitButton className="btn btn--primary" pending="Saving…">
            Save stay rule
          </SubmitButton>
        </StaffForm>
      </section>

      <StaffChanges
        id="changes"
        entries={audit}
        {...changes}
        href={(to) => (to > 1 ? `/staff/rates?changes=${to}#changes` : "/staff/rates#changes")}
      />
    </>
  );
}

/**
 * The rate or stay rules in force, one row each with its Remove button (a plain form: works
 * without JavaScript); `columns` says what each column shows after the rule's name.
 */
function RulesTable<Rule extends { id: number; name: string }>({
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
    <table className="staff-table">
      <thead>
        <tr>
          {["Name", ...Object.keys(columns)].map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Remove</span>
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
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RulePreview({ rows }: { rows: PreviewRow[] }) {
  return (
    <section aria-labelledby="preview" className="staff-preview">
      <h3 id="preview">Preview: the nights this rule covers, before and after</h3>
      <p role="status">Not saved yet: press Save rule to keep it.</p>
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
