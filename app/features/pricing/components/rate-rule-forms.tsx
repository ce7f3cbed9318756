import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { formatKwacha } from "~/shared/money.ts";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { seasonPriceField } from "../rates-schemas.ts";
import { WEEKDAY_NAMES, type RateRule, type StayRule } from "../rates.ts";

// The manager's rules forms (/staff/rates): a rate rule, a stay rule, each to add one or to edit
// one in place, and a season with a price per room type. Plain forms: they work without
// JavaScript. A refused form shows its one notice above it and each message beside its field.

/** Where the rules forms post: the page without its `?edit=`, so a saved edit leaves the form. */
export const RATES_PAGE = "/staff/rates";

/** What a rules form was filled with: typed values (refused or previewed) or an edited rule's. */
export type RuleFill = Record<string, unknown>;

/** The answer of a rules form that stays on the page: a refusal, or a preview of a rate rule. */
export interface RulesFormAnswer {
  tone: "success" | "error";
  message: string;
  form?: "rate" | "stay" | "season" | "occupancy";
  /** The rule the form edits, if it edits one. */
  editing?: EditedRule;
  fieldErrors?: Record<string, string | undefined>;
  values?: RuleFill;
  preview?: PreviewRow[];
}

export interface EditedRule {
  id: number;
  name: string;
}

export interface PreviewRow {
  type: string;
  nights: { night: string; before: number; after: number; rule: string | null }[];
  more: number;
}

/** A rule's values as its form's fields hold them. */
export function ruleFill(rule: RateRule | StayRule): RuleFill {
  return Object.fromEntries(
    Object.entries(rule).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(String) : value === null ? "" : String(value),
    ]),
  );
}

/** A form's filling and messages, read field by field. */
function reader(fill: RuleFill, answer: RulesFormAnswer | undefined) {
  const value = (key: string) => {
    const found = fill[key];
    return typeof found === "string" ? found : undefined;
  };
  return {
    value,
    list: (key: string) => {
      const found = fill[key];
      return Array.isArray(found) ? found.map(String) : [];
    },
    error: (key: string) => answer?.fieldErrors?.[key],
    /** What was typed into a field (or the edited rule's value) and its message. */
    typed: (key: string) => ({ defaultValue: value(key), error: answer?.fieldErrors?.[key] }),
  };
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
  checked: readonly string[];
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
            defaultChecked={checked.includes(option.value)}
          />{" "}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The room types a rule is limited to (none ticked: every type). */
function RoomTypeBoxes({
  roomTypes,
  checked,
}: {
  roomTypes: readonly { type: string }[];
  checked: readonly string[];
}) {
  const options = roomTypes.map(({ type }) => ({ value: type, label: type }));
  return (
    <Checkboxes legend="Room types (none ticked: all)" name="roomTypes" options={options} checked={checked} />
  );
}

const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((label, i) => ({ value: String(i + 1), label }));

/** The ids the rules forms' headings carry: an Edit link leads to its form's. */
export const FORM_HEADINGS = {
  rate: "rate-rule-form",
  stay: "stay-rule-form",
  season: "season-form",
  occupancy: "occupancy-form",
} as const;

/**
 * A rules form under its heading ('Add a rate rule', or 'Edit rate rule …' with a way back), its
 * one notice (a refusal) above it.
 */
function RulesForm({
  kind,
  title,
  editing,
  answer,
  formKey,
  children,
}: {
  kind: keyof typeof FORM_HEADINGS;
  title: string;
  editing: EditedRule | undefined;
  answer: RulesFormAnswer | undefined;
  formKey: string;
  children: ReactNode;
}) {
  return (
    <>
      <h3 id={FORM_HEADINGS[kind]}>{title}</h3>
      {answer?.tone === "error" ? <AnswerNotice answer={answer} /> : null}
      <StaffForm
        method="post"
        action={RATES_PAGE}
        className="staff-form staff-rules-form"
        aria-labelledby={FORM_HEADINGS[kind]}
        noValidate
        key={formKey}
      >
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {children}
        {editing ? (
          <p className="staff-rules-form__cancel">
            <Link to={RATES_PAGE}>Cancel: keep the rule as it is</Link>
          </p>
        ) : null}
      </StaffForm>
    </>
  );
}

interface FormProps {
  roomTypes: readonly { type: string; price: number }[];
  today: string;
  /** The rule being edited, else undefined (the form adds one). */
  editing: EditedRule | undefined;
  fill: RuleFill;
  answer: RulesFormAnswer | undefined;
  formKey: string;
}

function DateFields({
  today,
  first,
  last,
  field,
}: {
  today: string;
  first: string;
  last: string;
  field: ReturnType<typeof reader>;
}) {
  return (
    <>
      <InputField
        name="startsOn"
        label={first}
        type="date"
        required
        min={today}
        {...field.typed("startsOn")}
      />
      <InputField name="endsOn" label={last} type="date" required min={today} {...field.typed("endsOn")} />
    </>
  );
}

export function RateRuleForm({ roomTypes, today, editing, fill, answer, formKey }: FormProps) {
  const field = reader(fill, answer);
  return (
    <RulesForm
      kind="rate"
      title={editing ? `Edit rate rule '${editing.name}'` : "Add a rate rule"}
      {...{ editing, answer, formKey }}
    >
      <InputField name="name" label="Name" required maxLength={80} {...field.typed("name")} />
      <DateFields today={today} first="First night" last="Last night" field={field} />
      <SelectField
        name="kind"
        label="Sets the price"
        required
        defaultValue={field.value("kind") ?? "fixed"}
        error={field.error("kind")}
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
        {...field.typed("value")}
      />
      <InputField
        name="adultSupplement"
        label="Extra adult a night (K; empty: the room type's)"
        type="number"
        min={0}
        step={1}
        {...field.typed("adultSupplement")}
      />
      <InputField
        name="childSupplement"
        label="Child a night (K; empty: the room type's)"
        type="number"
        min={0}
        step={1}
        {...field.typed("childSupplement")}
      />
      <RoomTypeBoxes roomTypes={roomTypes} checked={field.list("roomTypes")} />
      <Checkboxes
        legend="Weekdays (none ticked: every night)"
        name="weekdays"
        options={WEEKDAY_OPTIONS}
        checked={field.list("weekdays")}
      />
      <div className="staff-actions">
        <SubmitButton name="intent" value="preview-rate" className="btn btn--outline" pending="Previewing…">
          Preview
        </SubmitButton>
        <SubmitButton
          name="intent"
          value={editing ? "update-rate" : "add-rate"}
          className="btn btn--primary"
          pending="Saving…"
        >
          {editing ? "Save changes" : "Save rule"}
        </SubmitButton>
      </div>
    </RulesForm>
  );
}

export function StayRuleForm({ roomTypes, today, editing, fill, answer, formKey }: FormProps) {
  const field = reader(fill, answer);
  return (
    <RulesForm
      kind="stay"
      title={editing ? `Edit stay rule '${editing.name}'` : "Add a stay rule"}
      {...{ editing, answer, formKey }}
    >
      <input type="hidden" name="intent" value={editing ? "update-stay" : "add-stay"} />
      <InputField name="name" label="Name" required maxLength={80} {...field.typed("name")} />
      <DateFields today={today} first="First arrival night" last="Last arrival night" field={field} />
      <InputField
        name="minNights"
        label="Minimum nights"
        type="number"
        min={1}
        max={365}
        {...field.typed("minNights")}
      />
      <InputField
        name="maxNights"
        label="Maximum nights"
        type="number"
        min={1}
        max={365}
        {...field.typed("maxNights")}
      />
      <RoomTypeBoxes roomTypes={roomTypes} checked={field.list("roomTypes")} />
      <Checkboxes
        legend="Closed to arrival on"
        name="closedToArrival"
        options={WEEKDAY_OPTIONS}
        checked={field.list("closedToArrival")}
      />
      <div className="staff-actions">
        <SubmitButton className="btn btn--primary" pending="Saving…">
          {editing ? "Save changes" : "Save stay rule"}
        </SubmitButton>
      </div>
    </RulesForm>
  );
}

/**
 * A season: its dates once, and a price a night per room type (a type left empty is skipped). It
 * is saved as one fixed-price rate rule per priced type, each then edited or removed on its own.
 */
export function SeasonForm({ roomTypes, today, fill, answer, formKey }: Omit<FormProps, "editing">) {
  const field = reader(fill, answer);
  const pricesError = field.error("prices");
  const pricesErrorId = `${useId()}-prices-error`;
  return (
    <RulesForm
      kind="season"
      title="Add a season with a price per room type"
      editing={undefined}
      {...{ answer, formKey }}
    >
      <input type="hidden" name="intent" value="add-season" />
      <InputField name="name" label="Name" required maxLength={80} {...field.typed("name")} />
      <DateFields today={today} first="First night" last="Last night" field={field} />
      <fieldset className="staff-season-prices" aria-describedby={pricesError ? pricesErrorId : undefined}>
        <legend>Price a night per room type (K; leave a type empty to skip it)</legend>
        {roomTypes.map(({ type, price }) => (
          <InputField
            key={type}
            name={seasonPriceField(type)}
            label={type}
            type="number"
            min={0}
            step={1}
            hint={`Base rate ${formatKwacha(price)}.`}
            {...field.typed(seasonPriceField(type))}
          />
        ))}
        {pricesError ? (
          <p id={pricesErrorId} className="field__error">
            {pricesError}
          </p>
        ) : null}
      </fieldset>
      <Checkboxes
        legend="Weekdays (none ticked: every night)"
        name="weekdays"
        options={WEEKDAY_OPTIONS}
        checked={field.list("weekdays")}
      />
      <div className="staff-actions">
        <SubmitButton className="btn btn--primary" pending="Saving…">
          Save season
        </SubmitButton>
      </div>
    </RulesForm>
  );
}

/**
 * What a room type's base rate covers: the adults included, and the supplements a night for each
 * adult beyond them and each child. Saved for every room of the type.
 */
export function OccupancyForm({
  roomTypes,
  fill,
  answer,
  formKey,
}: Pick<FormProps, "fill" | "answer" | "formKey"> & { roomTypes: readonly { type: string }[] }) {
  const field = reader(fill, answer);
  return (
    <RulesForm
      kind="occupancy"
      title="Set a room type's occupancy"
      editing={undefined}
      {...{ answer, formKey }}
    >
      <input type="hidden" name="intent" value="set-occupancy" />
      <SelectField
        name="roomType"
        label="Room type"
        required
        defaultValue={field.value("roomType") ?? ""}
        error={field.error("roomType")}
      >
        <option value="">Choose a room type</option>
        {roomTypes.map(({ type }) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <InputField
        name="coveredAdults"
        label="Adults the rate covers"
        type="number"
        min={1}
        max={20}
        step={1}
        required
        {...field.typed("coveredAdults")}
      />
      <InputField
        name="adultSupplement"
        label="Each extra adult a night (K)"
        type="number"
        min={0}
        step={1}
        required
        {...field.typed("adultSupplement")}
      />
      <InputField
        name="childSupplement"
        label="Each child a night (K)"
        type="number"
        min={0}
        step={1}
        required
        {...field.typed("childSupplement")}
      />
      <div className="staff-actions">
        <SubmitButton className="btn btn--primary" pending="Saving…">
          Save occupancy
        </SubmitButton>
      </div>
    </RulesForm>
  );
}
