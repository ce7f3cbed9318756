import { data } from "react-router";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { createExtra, listExtras, updateExtra } from "~/features/extras/extras.server.ts";
import { parseExtraForm } from "~/features/extras/extras-schema.ts";
import { BASIS_LABELS, TAX_CATEGORY_LABELS } from "~/features/extras/extra-pricing.ts";
import { isUniqueViolation } from "~/shared/db/database-errors.server.ts";
import { EXTRA_BASES, TAX_CATEGORIES } from "~/shared/db/schema.ts";
import { formatKwacha, NGWEE_PER_KWACHA } from "~/shared/money.ts";
import type { Route } from "./+types/extras";

// The catalogue of extras (managers; decisions.md 38): what guests add while booking and the desk
// posts to a bill. A change applies from now on: what was sold keeps its price and taxes.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const extras = await listExtras(db);
  return {
    extras: extras.map((extra) => ({
      id: extra.id,
      name: extra.name,
      price: extra.priceNgwee / NGWEE_PER_KWACHA,
      basis: extra.basis,
      taxCategory: extra.taxCategory,
      active: extra.active,
    })),
  };
}

interface ExtraAnswer {
  tone: "success" | "error";
  message: string;
  /** The form the messages belong to: "new" or an extra's id. */
  form?: string;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, { role: "manager" }, async (db, _staff, form) => {
    const target = String(form.get("extraId") ?? "new");
    const parsed = parseExtraForm(form);
    const values = Object.fromEntries(
      [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    if (!parsed.ok)
      return data<ExtraAnswer>(
        {
          tone: "error",
          message: "Please check the extra.",
          form: target,
          fieldErrors: parsed.fieldErrors,
          values,
        },
        { status: 400 },
      );
    const taken = data<ExtraAnswer>(
      {
        tone: "error",
        message: "Please check the extra.",
        form: target,
        fieldErrors: { name: "Another extra has that name." },
        values,
      },
      { status: 409 },
    );
    if (target === "new") {
      const created = await createExtra(db, parsed.data);
      if (!created) return taken;
      return { tone: "success" as const, message: `${created.name} added to the catalogue.` };
    }
    if (!/^\d{1,9}$/.test(target))
      return data<ExtraAnswer>({ tone: "error", message: "That extra does not exist." }, { status: 404 });
    try {
      const updated = await updateExtra(db, Number(target), parsed.data);
      if (!updated)
        return data<ExtraAnswer>({ tone: "error", message: "That extra does not exist." }, { status: 404 });
      return {
        tone: "success" as const,
        message: `${updated.name} saved. What was already sold keeps its price.`,
      };
    } catch (error) {
      if (isUniqueViolation(error, "name")) return taken;
      throw error;
    }
  });
}

type ExtraView = Route.ComponentProps["loaderData"]["extras"][number];

function ExtraForm({ extra, answer }: { extra?: ExtraView; answer: ExtraAnswer | undefined }) {
  const key = extra ? String(extra.id) : "new";
  const mine = answer?.form === key ? answer : undefined;
  const errors = mine?.fieldErrors ?? {};
  const values = mine?.values;
  return (
    <StaffForm
      method="post"
      noValidate
      className="staff-form staff-form--grid"
      aria-label={extra ? `Change ${extra.name}` : "Add an extra"}
      resetOnSuccess={!extra}
    >
      {extra ? <input type="hidden" name="extraId" value={extra.id} /> : null}
      <InputField
        name="name"
        label="Name"
        defaultValue={values?.name ?? extra?.name ?? ""}
        error={errors.name}
      />
      <InputField
        name="price"
        label="Price (kwacha, taxes included)"
        inputMode="numeric"
        defaultValue={values?.price ?? (extra ? String(extra.price) : "")}
        error={errors.price}
      />
      <SelectField
        name="basis"
        label="Counted"
        defaultValue={values?.basis ?? extra?.basis ?? "item"}
        error={errors.basis}
      >
        {EXTRA_BASES.map((basis) => (
          <option key={basis} value={basis}>
            {BASIS_LABELS[basis]}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="taxCategory"
        label="Tax category"
        defaultValue={values?.taxCategory ?? extra?.taxCategory ?? "services"}
        error={errors.taxCategory}
      >
        {TAX_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {TAX_CATEGORY_LABELS[category]}
          </option>
        ))}
      </SelectField>
      <label className="staff-checkbox">
        <input
          type="checkbox"
          name="active"
          defaultChecked={values ? values.active === "on" : (extra?.active ?? true)}
        />{" "}
        Offered (guests and the desk can choose it)
      </label>
      <div className="staff-actions">
        <SubmitButton className="btn btn--primary" pending="Saving…">
          {extra ? "Save" : "Add the extra"}
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

export default function Extras({ loaderData, actionData }: Route.ComponentProps) {
  const notice = useStaffNotice(actionData);
  const answer = actionData as ExtraAnswer | undefined;
  return (
    <>
      <title>Staff: extras</title>
      <h1>Extras and charges</h1>
      <AnswerNotice answer={notice} />
      <p>
        What guests add while booking on the site and the desk posts to a bill: breakfast, transfers, laundry,
        the bar, late check-out. Prices include taxes; the tax category decides which taxes a line contains
        (VAT while the lodge is VAT-registered; the tourism levy on accommodation and events). A change
        applies from now on: what was already sold keeps its price and taxes.
      </p>
      <h2>Add an extra</h2>
      <ExtraForm answer={answer} />
      <h2>The catalogue</h2>
      {loaderData.extras.map((extra) => (
        <section key={extra.id} aria-label={extra.name} className="staff-card">
          <h3>
            {extra.name}: {formatKwacha(extra.price)} {BASIS_LABELS[extra.basis]}
            {extra.active ? "" : " (not offered)"}
          </h3>
          <ExtraForm extra={extra} answer={answer} />
        </section>
      ))}
    </>
  );
}
