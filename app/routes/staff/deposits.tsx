import { data, Link } from "react-router";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import {
  guestPolicyText,
  onlinePaymentText,
  settingsChangeText,
} from "~/features/payments/deposit-settings-texts.ts";
import { paymentProviderContext } from "~/features/payments/payment-provider.server.ts";
import { getLodgeSettings, updateLodgeSettings } from "~/features/pricing/lodge-settings.server.ts";
import { listRefundsDue } from "~/features/payments/online-payments.server.ts";
import { listAudit, readAuditPage } from "~/features/staff/staff-audit.server.ts";
import { formatLodgeTime } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { depositSettingsSchema } from "~/features/payments/deposit-settings-schema.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/deposits";

// Deposits and cancellation (managers only; decisions.md 33, ADR 0018): the deposit a guest pays
// online (none, a percentage, or the first night), until when cancelling is free, and how long a
// booking awaiting its deposit holds its room. Guests read the policies on the payment step. Also
// lists payments that arrived too late to confirm their stay (booking or reservation), for a refund.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const [settings, refunds, audit] = await Promise.all([
    getLodgeSettings(db),
    listRefundsDue(db),
    listAudit(db, ["settings"], readAuditPage(new URL(request.url).searchParams)),
  ]);
  const provider = context.get(paymentProviderContext);
  return {
    settings: {
      depositPolicy: settings.depositPolicy,
      depositPercent: settings.depositPercent,
      freeCancellationDays: settings.freeCancellationDays,
      paymentHoldMinutes: settings.paymentHoldMinutes,
    },
    // What is paid online: Mobile Money with the provider, cards too with its card widget.
    provider: provider
      ? { name: provider.name, sandbox: provider.sandbox, cards: provider.cardWidget !== null }
      : null,
    refunds: refunds.map((r) => ({
      ...r,
      amount: r.amountNgwee / 100,
      updatedAt: r.updatedAt.toISOString(),
    })),
    audit: audit.entries.map((entry) => ({ ...entry, change: settingsChangeText(entry.change) })),
    changes: { page: audit.page, hasOlder: audit.hasOlder },
  };
}

interface DepositsAnswer {
  tone: "success" | "error";
  message: string;
  fieldErrors: Record<string, string | undefined>;
  values: Record<string, string | undefined> | null;
}

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, { role: "manager" }, async (db, staff, form) => {
    const parsed = parseForm(depositSettingsSchema, form);
    if (!parsed.ok) {
      // What the manager typed comes back into the form beside the errors.
      const values: Record<string, string | undefined> = Object.fromEntries(
        ["depositPolicy", "depositPercent", "freeCancellationDays", "paymentHoldMinutes"].map((name) => [
          name,
          String(form.get(name) ?? "").slice(0, 20),
        ]),
      );
      return data<DepositsAnswer>(
        {
          tone: "error",
          message: "Please check the fields marked below.",
          fieldErrors: parsed.fieldErrors,
          values,
        },
        { status: 400 },
      );
    }
    await updateLodgeSettings(db, parsed.data, staff.accountId);
    return data<DepositsAnswer>({
      tone: "success",
      message: "Policies saved.",
      fieldErrors: {},
      values: null,
    });
  });
}

export default function Deposits({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, provider, refunds, audit, changes } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const typed = actionData?.values ?? null;
  const shown = {
    depositPolicy: typed?.depositPolicy ?? settings.depositPolicy,
    depositPercent: typed?.depositPercent ?? (settings.depositPercent || ""),
    freeCancellationDays: typed?.freeCancellationDays ?? settings.freeCancellationDays,
    paymentHoldMinutes: typed?.paymentHoldMinutes ?? settings.paymentHoldMinutes,
  };
  return (
    <>
      <title>Staff: deposits and cancellation</title>
      <h1>Deposits and cancellation</h1>
      <AnswerNotice answer={useStaffNotice(actionData)} />
      <p>{onlinePaymentText(provider)}</p>
      <section aria-labelledby="policies">
        <h2 id="policies">Policies</h2>
        <p>Guests read: “{guestPolicyText(settings)}”</p>
        {/* A new key per answer: the fields show what was saved, or what was typed beside its errors. */}
        <StaffForm method="post" className="staff-form staff-form--grid" key={JSON.stringify(shown)}>
          <SelectField
            name="depositPolicy"
            label="Deposit"
            defaultValue={shown.depositPolicy}
            error={errors.depositPolicy}
          >
            <option value="none">No deposit</option>
            <option value="percent">A percentage of the total</option>
            <option value="first-night">The first night</option>
          </SelectField>
          <dl className="staff-record" aria-label="What each deposit does">
            <div>
              <dt>No deposit</dt>
              <dd>
                Guests pay nothing online: the whole stay is paid at the lodge. There is nothing to keep if
                they cancel or do not come.
              </dd>
            </div>
            <div>
              <dt>A percentage of the total</dt>
              <dd>
                Guests pay that part of the stay&apos;s total online to confirm it, the rest at the lodge. The
                lodge keeps it if they cancel after the free cancellation days or do not come.
              </dd>
            </div>
            <div>
              <dt>The first night</dt>
              <dd>
                Guests pay the first night&apos;s rate online to confirm the stay, the rest at the lodge. The
                lodge keeps it if they cancel after the free cancellation days or do not come.
              </dd>
            </div>
          </dl>
          <InputField
            name="depositPercent"
            label="Percentage (with a percentage deposit)"
            type="number"
            min={1}
            max={100}
            step={1}
            defaultValue={shown.depositPercent}
            error={errors.depositPercent}
          />
          <InputField
            name="freeCancellationDays"
            label="Free cancellation until this many days before arrival"
            type="number"
            min={0}
            max={365}
            step={1}
            required
            defaultValue={shown.freeCancellationDays}
            error={errors.freeCancellationDays}
          />
          <InputField
            name="paymentHoldMinutes"
            label="Minutes a room is held while the guest pays"
            type="number"
            min={5}
            max={1440}
            step={1}
            required
            defaultValue={shown.paymentHoldMinutes}
            error={errors.paymentHoldMinutes}
          />
          <SubmitButton className="btn btn--primary" pending="Saving…">
            Save policies
          </SubmitButton>
        </StaffForm>
      </section>
      <section aria-labelledby="refunds">
        <h2 id="refunds">Payments to refund</h2>
        {refunds.length === 0 ? (
          <p>None: every online payment confirmed its booking.</p>
        ) : (
          <ul className="staff-list">
            {refunds.map((r) => (
              <li key={r.id}>
                <Link to={`/staff/requests/${r.stay.kind}/${r.stay.id}`}>{r.stayReference}</Link> ({r.name}):{" "}
                {formatKwacha(r.amount)} paid {formatLodgeTime(r.updatedAt)}, payment {r.reference}
                {r.providerReference ? ` (Lenco ${r.providerReference})` : ""}; the {r.stay.kind} is{" "}
                {r.status}.
              </li>
            ))}
          </ul>
        )}
      </section>
      <StaffChanges
        id="changes"
        entries={audit}
        {...changes}
        href={(to) => (to > 1 ? `/staff/deposits?changes=${to}#changes` : "/staff/deposits#changes")}
      />
    </>
  );
}
