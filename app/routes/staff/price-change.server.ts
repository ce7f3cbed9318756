import { data } from "react-router";
import type { DB } from "~/db/client.server.ts";
import { changeRequestPrice } from "~/db/rates.server.ts";
import type { SignedInStaff } from "~/db/staff-sessions.server.ts";
import { formatKwacha } from "~/lib/money.ts";
import { parseForm } from "~/lib/schemas/form-data.ts";
import { priceChangeSchema } from "~/lib/schemas/rates.ts";
import type { StaffNotice } from "~/lib/staff-notice.ts";
import type { RequestKind } from "~/lib/stay-lifecycle.ts";

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
