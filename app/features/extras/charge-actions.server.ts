// The desk's charge forms (decisions.md 38): post a charge from the catalogue to an in-house stay
// or a confirmed venue booking, and void a wrong one with its reason. Each runs inside the
// console's one write per submission (staffWrite), so a form sent twice posts once.
import { data } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { formatKwacha, NGWEE_PER_KWACHA } from "~/shared/money.ts";
import { formDataToObject } from "~/shared/forms/form-data.ts";
import { recordHistory } from "~/features/requests/request-history.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { chargeLabel } from "./extra-pricing.ts";
import { parseChargeForm, parseVoidChargeForm } from "./extras-schema.ts";
import { postCharge, voidCharge, type ChargedRequest } from "./extras.server.ts";

interface ChargeNotice {
  tone: "success" | "error";
  message: string;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  /** Which form the messages belong to. */
  form?: "post-charge" | "void-charge";
}

/** Who posts and voids charges: the front desk and the manager (not other roles). */
const CHARGE_ROLES: readonly string[] = ["manager", "reception"];

const CHARGED_KINDS = ["booking", "reservation", "venue-booking"] as const;

function refuse(message: string, status: number, extra: Partial<ChargeNotice> = {}) {
  return data<ChargeNotice>({ tone: "error", message, ...extra }, { status });
}

function chargedRequest(kind: string, id: string): ChargedRequest | undefined {
  const found = CHARGED_KINDS.find((value) => value === kind);
  return found && { kind: found, id };
}

function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries(
    Object.entries(formDataToObject(form)).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

export async function applyPostCharge(
  db: DB,
  staff: SignedInStaff,
  kind: string,
  id: string,
  form: FormData,
) {
  if (!CHARGE_ROLES.includes(staff.role)) return refuse("Only reception and managers post charges.", 403);
  const request = chargedRequest(kind, id);
  if (!request) return refuse("Charges go on a room booking, reservation or venue booking.", 400);
  const parsed = parseChargeForm(form);
  if (!parsed.ok)
    return refuse("Please correct the charge.", 400, {
      fieldErrors: parsed.fieldErrors,
      values: typedValues(form),
      form: "post-charge",
    });
  const posted = await postCharge(
    db,
    request,
    { extraId: Number(parsed.data.extraId), quantity: parsed.data.quantity, note: parsed.data.note },
    staff.accountId,
  );
  if (posted === "no-extra")
    return refuse("Please correct the charge.", 400, {
      fieldErrors: { extraId: "That extra is not in the catalogue (or is switched off)." },
      values: typedValues(form),
      form: "post-charge",
    });
  if (posted === "not-in-house")
    return refuse("Charges are posted to a stay that is checked in, or to a confirmed venue booking.", 409);
  const label = chargeLabel(posted);
  await recordHistory(db, {
    requestKind: request.kind,
    requestId: request.id,
    fromStatus: null,
    toStatus: null,
    actor: "staff",
    staffAccountId: staff.accountId,
    note: `Charge posted: ${label} = ${formatKwacha(posted.amountNgwee / NGWEE_PER_KWACHA)}`,
  });
  return data<ChargeNotice>({
    tone: "success",
    message: `Charged ${label} = ${formatKwacha(posted.amountNgwee / NGWEE_PER_KWACHA)}.`,
  });
}

export async function applyVoidCharge(
  db: DB,
  staff: SignedInStaff,
  kind: string,
  id: string,
  form: FormData,
) {
  if (!CHARGE_ROLES.includes(staff.role)) return refuse("Only reception and managers void charges.", 403);
  const request = chargedRequest(kind, id);
  if (!request) return refuse("Charges go on a room booking, reservation or venue booking.", 400);
  const parsed = parseVoidChargeForm(form);
  if (!parsed.ok)
    return refuse("Please say why the charge is void.", 400, {
      fieldErrors: parsed.fieldErrors,
      values: typedValues(form),
      form: "void-charge",
    });
  const voided = await voidCharge(db, request, parsed.data.chargeId, parsed.data.reason, staff.accountId);
  if (!voided) return refuse("That charge is not on this bill, or is already void.", 404);
  const label = chargeLabel(voided);
  await recordHistory(db, {
    requestKind: request.kind,
    requestId: request.id,
    fromStatus: null,
    toStatus: null,
    actor: "staff",
    staffAccountId: staff.accountId,
    note: `Charge voided: ${label} = ${formatKwacha(voided.amountNgwee / NGWEE_PER_KWACHA)}. Reason: ${parsed.data.reason}`,
  });
  return data<ChargeNotice>({ tone: "success", message: `Voided ${label}.` });
}
