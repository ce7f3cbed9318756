import { data } from "react-router";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import { InputField } from "~/shared/forms/form-fields.tsx";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import { settingsChangeText } from "~/features/payments/deposit-settings-texts.ts";
import { getLodgeSettings, updateLodgeSettings } from "~/features/pricing/lodge-settings.server.ts";
import { listAudit, readAuditPage } from "~/features/staff/staff-audit.server.ts";
import { LEVY_MIN_EVENT_PEOPLE, taxLabel, taxLines } from "~/features/pricing/rates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { taxSettingsSchema } from "~/features/pricing/rates-schemas.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/taxes";

// Taxes on the bill (managers; decisions.md 32): whether the lodge is VAT-registered,
// the VAT rate and the tourism levy's rate. Prices include them; the bill shows the lines they
// contain. A change applies to requests made from now on: each request keeps its own lines.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const [settings, audit] = await Promise.all([
    getLodgeSettings(db),
    listAudit(db, ["settings"], readAuditPage(new URL(request.url).searchParams)),
  ]);
  const { vatRegistered, vatRateBp, levyRateBp } = settings;
  return {
    vatRegistered,
    vatRateBp,
    levyRateBp,
    audit: audit.entries.map((entry) => ({ ...entry, change: settingsChangeText(entry.change) })),
    changes: { page: audit.page, hasOlder: audit.hasOlder },
  };
}

type TaxAnswer = {
  tone: "success" | "error";
  message: string;
  fieldErrors: Record<string, string | undefined>;
};

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, { role: "manager" }, async (db, staff, form) => {
    const parsed = parseForm(taxSettingsSchema, form);
    if (!parsed.ok) {
      return data<TaxAnswer>(
        { tone: "error", message: "Please check the rates.", fieldErrors: parsed.fieldErrors },
        { status: 400 },
      );
    }
    await updateLodgeSettings(db, parsed.data, staff.accountId);
    return data<TaxAnswer>({
      tone: "success",
      message: "Tax settings saved. Requests already made keep their tax lines.",
      fieldErrors: {},
    });
  });
}

const percent = (bp: number) => String(bp / 100);

export default function Taxes({ loaderData, actionData }: Route.ComponentProps) {
  const { vatRegistered, vatRateBp, levyRateBp, audit, changes } = loaderData;
  const example = taxLines(1175, { vatRegistered, vatRateBp, levyRateBp });
  const notice = useStaffNotice(actionData);
  return (
    <>
      <title>Staff: taxes</title>
      <h1>Taxes on the bill</h1>
      <AnswerNotice answer={notice} />
      <p>
        Prices are shown as guests pay them, taxes included. The bill shows the VAT (only while the lodge is
        VAT-registered) and the tourism levy contained in the total: each line is total × rate ÷ (1 + the sum
        of the rates), rounded to the kwacha. The levy applies to accommodation and to venue bookings of{" "}
        {LEVY_MIN_EVENT_PEOPLE} people or more.
      </p>
      <p>
        Today a stay of K1,175 shows:{" "}
        {example.length === 0
          ? "no tax line"
          : example.map((line) => `${taxLabel(line)} ${formatKwacha(line.amount)}`).join(", ")}
        .
      </p>
      <StaffForm method="post" className="staff-form staff-form--grid">
        <label className="staff-checkbox">
          <input type="checkbox" name="vatRegistered" defaultChecked={vatRegistered} /> The lodge is
          VAT-registered
        </label>
        <InputField
          name="vatRateBp"
          label="VAT rate (%)"
          type="number"
          min={0}
          max={100}
          step={0.01}
          required
          defaultValue={percent(vatRateBp)}
          error={actionData?.fieldErrors?.vatRateBp}
        />
        <InputField
          name="levyRateBp"
          label="Tourism levy rate (%)"
          type="number"
          min={0}
          max={100}
          step={0.01}
          required
          defaultValue={percent(levyRateBp)}
          error={actionData?.fieldErrors?.levyRateBp}
        />
        <SubmitButton className="btn btn--primary" pending="Saving…">
          Save tax settings
        </SubmitButton>
      </StaffForm>
      <StaffChanges
        id="changes"
        entries={audit}
        {...changes}
        href={(to) => (to > 1 ? `/staff/taxes?changes=${to}#changes` : "/staff/taxes#changes")}
      />
    </>
  );
}
