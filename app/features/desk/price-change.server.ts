import { data } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { changeRequestPrice } from "~/features/pricing/rates.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { formatKwacha } from "~/shared/money.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { priceChangeSchema } from "~/features/pricing/rates-schemas.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import type { RequestKind } from "~/features/requests/stay-lifecycle.ts";

/** A request's total changed by staff with a reason (issue 16), from its staff page. */
export async function applyPriceChange(
  db: DB,
  staff: SignedInStaff,
  kind: RequestKind,
  id: string,
  form: FormData,
) {
  if (kind === "contact-message") {
    return data<StaffNotice>({ tone: "error", message: "A message has no price." }, { status: 400 });
  }
  const parsed = parseForm(priceChangeSchema, form);
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0] ?? "Please check the new price.";
    return data<StaffNotice>({ tone: "error", message: String(first) }, { status: 400 });
  }
  const result = await changeRequestPrice(
    db,
    { kind, id },
    parsed.data.totalPrice,
    parsed.data.reason,
    staff.accountId,
  );
  if (result.kind === "not-found") {
    return data<StaffNotice>({ tone: "error", message: "That request does not exist." }, { status: 404 });
  }
  return data<StaffNotice>({
    tone: "success",
    message: `Price changed from ${formatKwacha(result.from)} to ${formatKwacha(result.to)}.`,
  });
}
