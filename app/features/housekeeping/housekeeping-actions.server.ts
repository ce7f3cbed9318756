import { data } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { formatDisplayDate } from "~/shared/dates.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { roleAllows } from "~/features/staff/staff-rules.ts";
import { housekeepingFormSchema } from "./housekeeping-schema.ts";
import { backInService, markRoom, putOutOfOrder } from "./housekeeping.server.ts";

/** What a housekeeping form answers: the page's notice, and messages beside the fields. */
export interface HousekeepingAnswer {
  tone: "success" | "error";
  message: string;
  fieldErrors?: Record<string, string>;
}

function answer(
  tone: HousekeepingAnswer["tone"],
  message: string,
  status = 200,
  fieldErrors?: Record<string, string>,
) {
  return data<HousekeepingAnswer>({ tone, message, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
}

const OUT_OF_ORDER_TAKEN =
  "A stay (or another closure) holds this room on some of those nights. Move or cancel that stay first, or choose other dates.";

/**
 * The list's forms: a room marked Clean, Inspected or Dirty (every role of the console), a room
 * taken out of order or put back in service (reception and managers: it takes the room off sale).
 */
export async function applyHousekeeping(db: DB, staff: SignedInStaff, sent: FormData, today: string) {
  const parsed = parseForm(housekeepingFormSchema, sent);
  if (!parsed.ok) {
    const fieldErrors = Object.fromEntries(
      Object.entries(parsed.fieldErrors).map(([k, v]) => [k, String(v)]),
    );
    return answer("error", Object.values(fieldErrors)[0] ?? "Please check the form.", 400, fieldErrors);
  }
  const form = parsed.data;
  if (form.intent === "mark") {
    const result = await markRoom(db, staff.accountId, form.roomId, form.to);
    switch (result.kind) {
      case "not-found":
        return answer("error", "That room does not exist.", 404);
      case "marked":
        return answer("success", `Room ${result.roomNumber} is ${form.to}.`);
      case "already":
        return answer("success", `Room ${result.roomNumber} was already ${form.to}.`);
      case "not-allowed":
        return answer(
          "error",
          result.from === "Out of order"
            ? `Room ${result.roomNumber} is out of order: put it back in service first.`
            : `Room ${result.roomNumber} is ${result.from}: it cannot be marked ${form.to}.`,
          409,
        );
    }
  }
  if (!roleAllows(staff.role, "reception"))
    return answer("error", "Only reception or a manager may take a room off sale or put it back.", 403);
  if (form.intent === "back-in-service") {
    const result = await backInService(db, staff.accountId, form.roomId, today);
    if (result.kind === "not-found") return answer("error", "That room does not exist.", 404);
    if (result.kind === "not-out-of-order") return answer("error", "That room is not out of order.", 409);
    return answer("success", `Room ${result.roomNumber} is back in service, to be cleaned.`);
  }
  if (form.from < today)
    return answer("error", "The first day out of order is today or later.", 400, {
      from: "The first day out of order is today or later.",
    });
  const result = await putOutOfOrder(db, staff.accountId, form, today);
  if (result.kind === "no-such-room")
    return answer("error", "That room does not exist.", 404, { roomId: "Please choose a room." });
  if (result.kind === "taken") return answer("error", OUT_OF_ORDER_TAKEN, 409, { from: OUT_OF_ORDER_TAKEN });
  return answer(
    "success",
    result.fromToday
      ? `Room ${result.roomNumber} is out of order and off sale${form.until ? ` until ${formatDisplayDate(form.until)}` : ""}.`
      : `Room ${result.roomNumber} will be out of order from ${formatDisplayDate(form.from)}.`,
  );
}
