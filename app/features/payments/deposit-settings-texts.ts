import { cancellationPolicyText, depositPolicyText, type DepositSettings } from "./deposit-policy.ts";

// The deposit settings' texts in the console: what guests read, what is paid online, and the
// settings' changes as the console lists them (/staff/deposits, /staff/taxes). The
// audit keeps them as the columns changed ("depositPolicy: none → percent; depositPercent: 0 →
// 50"); a manager reads them with plain labels and formatted values ("Deposit: none → 50% of the
// stay"). Entries written before stay as they were, read the same way.

type Values = Record<string, { from: string; to: string }>;

const percentOfBp = (bp: string) => `${Number(bp) / 100}%`;
const yesNo = (value: string) => (value === "true" ? "yes" : value === "false" ? "no" : value);

/** The deposit in words, from the policy and the percentage it had then. */
function depositText(policy: string, percent: string | undefined): string {
  if (policy === "none") return "none";
  if (policy === "first-night") return "the first night";
  if (policy === "percent")
    return percent && percent !== "0" ? `${percent}% of the stay` : "a percentage of the stay";
  return policy;
}

/** Each setting's line, from the columns that changed; undefined for a column not changed. */
const LINES: Array<(values: Values) => string | undefined> = [
  (values) => {
    const policy = values.depositPolicy;
    const percent = values.depositPercent;
    if (!policy && !percent) return undefined;
    // The percentage alone changed: the policy was and stays "percent".
    const from = depositText(policy?.from ?? "percent", percent?.from);
    const to = depositText(policy?.to ?? "percent", percent?.to);
    return `Deposit: ${from} → ${to}`;
  },
  (values) => {
    const days = values.freeCancellationDays;
    return days ? `Free cancellation: ${days.from} → ${days.to} days before arrival` : undefined;
  },
  (values) => {
    const minutes = values.paymentHoldMinutes;
    return minutes ? `Time to pay: ${minutes.from} → ${minutes.to} minutes` : undefined;
  },
  (values) => {
    const vat = values.vatRegistered;
    return vat ? `VAT registered: ${yesNo(vat.from)} → ${yesNo(vat.to)}` : undefined;
  },
  (values) => {
    const rate = values.vatRateBp;
    return rate ? `VAT rate: ${percentOfBp(rate.from)} → ${percentOfBp(rate.to)}` : undefined;
  },
  (values) => {
    const rate = values.levyRateBp;
    return rate ? `Tourism levy: ${percentOfBp(rate.from)} → ${percentOfBp(rate.to)}` : undefined;
  },
];

/** A settings change in plain words; a text of another form is shown as it is. */
export function settingsChangeText(change: string): string {
  const values: Values = {};
  for (const part of change.split("; ")) {
    const match = /^(\w+): (.*) → (.*)$/.exec(part);
    if (!match) return change;
    const [, key = "", from = "", to = ""] = match;
    values[key] = { from, to };
  }
  const known = new Set([
    "depositPolicy",
    "depositPercent",
    "freeCancellationDays",
    "paymentHoldMinutes",
    "vatRegistered",
    "vatRateBp",
    "levyRateBp",
  ]);
  if (Object.keys(values).some((key) => !known.has(key))) return change;
  return LINES.map((line) => line(values))
    .filter((line): line is string => line !== undefined)
    .join("; ");
}

/** What guests read of the policies: with no deposit there is nothing a cancellation keeps. */
export function guestPolicyText(settings: DepositSettings): string {
  const deposit = depositPolicyText(settings);
  return settings.depositPolicy === "none" ? deposit : `${deposit} ${cancellationPolicyText(settings)}`;
}

/** What is paid online, as the payment configuration has it. */
export function onlinePaymentText(
  provider: { name: string; sandbox: boolean; cards: boolean } | null,
): string {
  if (!provider)
    return "No payment provider is configured: nothing is paid online and these policies are only shown to staff. See docs/payments.md to configure Lenco.";
  const through = `${provider.name === "lenco" ? "Lenco" : provider.name}${provider.sandbox ? " (sandbox: no real money)" : ""}`;
  return provider.cards
    ? `Guests who choose Mobile Money or Credit Card pay the deposit online through ${through}.`
    : `Guests who choose Mobile Money pay the deposit online through ${through}. Cards are paid at the lodge: card payment online is not configured (see docs/payments.md).`;
}
