// The business buyer of a request's fiscal tax invoice (ADR 0029): recorded by the desk on a stay
// or venue booking until its folio is invoiced, then fixed (the invoice was made out to it). The
// database refuses a change after that (a trigger of the migration
// 2026-11-28-2-fiscal-buyers-and-corrections); the update below only runs while no invoice
// exists, so the trigger answers only a race.
import { data } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import type { ExpressionBuilder } from "kysely";
import type { Database, FiscalDocumentRow } from "~/shared/db/schema.ts";
import { formDataToObject } from "~/shared/forms/form-data.ts";
import { recordHistory } from "~/features/requests/request-history.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { parseFiscalBuyerForm, type FiscalBuyer } from "./fiscal-buyer-schema.ts";

export type FiscalRequest = { kind: FiscalDocumentRow["requestKind"]; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLES = {
  booking: "bookings",
  reservation: "reservations",
  "venue-booking": "venueBookings",
} as const;
const KINDS = Object.keys(TABLES) as FiscalRequest["kind"][];

/** The request's tax invoices (any: the first one fixes the buyer). */
function invoiceOf(eb: ExpressionBuilder<Database, keyof Database>, request: FiscalRequest) {
  return eb
    .selectFrom("fiscalDocuments")
    .select("id")
    .where("kind", "=", "sale")
    .where("requestKind", "=", request.kind)
    .where("requestId", "=", request.id);
}

export interface BuyerState {
  buyer: FiscalBuyer | null;
  /** The folio has a tax invoice: the buyer can no longer change. */
  fixed: boolean;
}

/** The request's buyer and whether it is fixed; undefined for no such request. */
export async function getFiscalBuyer(db: DB, request: FiscalRequest): Promise<BuyerState | undefined> {
  if (!UUID.test(request.id)) return undefined;
  const row = await db
    .selectFrom(TABLES[request.kind])
    .select((eb) => ["buyerTpin", "buyerName", eb.exists(invoiceOf(eb, request)).as("fixed")])
    .where("id", "=", request.id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    buyer: row.buyerTpin && row.buyerName ? { buyerTpin: row.buyerTpin, buyerName: row.buyerName } : null,
    fixed: Boolean(row.fixed),
  };
}

export type SetBuyerOutcome = "saved" | "fixed" | "not-found";

/** Records (or, with null, removes) the buyer while the folio has no tax invoice. */
export async function setFiscalBuyer(
  db: DB,
  request: FiscalRequest,
  buyer: FiscalBuyer | null,
): Promise<SetBuyerOutcome> {
  if (!UUID.test(request.id)) return "not-found";
  try {
    // A savepoint: the trigger's refusal (a race with the check-out) rolls back this alone.
    const updated = await db.transaction().execute((trx) =>
      trx
        .updateTable(TABLES[request.kind])
        .set({ buyerTpin: buyer?.buyerTpin ?? null, buyerName: buyer?.buyerName ?? null })
        .where("id", "=", request.id)
        .where((eb) => eb.not(eb.exists(invoiceOf(eb, request))))
        .executeTakeFirst(),
    );
    if (Number(updated.numUpdatedRows) > 0) return "saved";
  } catch (error) {
    if ((error as { code?: unknown }).code !== "FB001") throw error;
    return "fixed";
  }
  return (await getFiscalBuyer(db, request)) ? "fixed" : "not-found";
}

interface BuyerNotice {
  tone: "success" | "error";
  message: string;
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  /** Which form the messages belong to. */
  form?: "fiscal-buyer";
}

/** Who records the buyer: the front desk and the manager. */
const BUYER_ROLES: readonly string[] = ["manager", "reception"];

export const BUYER_FIXED =
  "This folio's tax invoice is already issued to its buyer, and ZRA keeps an invoice as it was issued: the buyer can no longer be changed.";

function refuse(message: string, status: number, extra: Partial<BuyerNotice> = {}) {
  return data<BuyerNotice>({ tone: "error", message, ...extra }, { status });
}

/** The desk's buyer form: `buyerAction` "save" (the fields) or "remove" (back to a walk-in buyer). */
export async function applyFiscalBuyer(
  db: DB,
  staff: SignedInStaff,
  kind: string,
  id: string,
  form: FormData,
) {
  if (!BUYER_ROLES.includes(staff.role))
    return refuse("Only reception and managers record the buyer of a tax invoice.", 403);
  const requestKind = KINDS.find((value) => value === kind);
  if (!requestKind) return refuse("A buyer goes on a room booking, reservation or venue booking.", 400);
  const request = { kind: requestKind, id };
  const remove = form.get("buyerAction") === "remove";
  let buyer: FiscalBuyer | null = null;
  if (!remove) {
    const parsed = parseFiscalBuyerForm(form);
    if (!parsed.ok)
      return refuse("Please correct the buyer's details.", 400, {
        fieldErrors: parsed.fieldErrors,
        values: Object.fromEntries(
          Object.entries(formDataToObject(form)).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        ),
        form: "fiscal-buyer",
      });
    buyer = parsed.data;
  }
  const outcome = await setFiscalBuyer(db, request, buyer);
  if (outcome === "not-found") return refuse("That request does not exist.", 404);
  if (outcome === "fixed") return refuse(BUYER_FIXED, 409, { form: "fiscal-buyer" });
  await recordHistory(db, {
    requestKind: request.kind,
    requestId: request.id,
    fromStatus: null,
    toStatus: null,
    actor: "staff",
    staffAccountId: staff.accountId,
    note: buyer
      ? `Tax invoice buyer: ${buyer.buyerName}, TPIN ${buyer.buyerTpin}`
      : "Tax invoice buyer removed: a walk-in buyer",
  });
  return data<BuyerNotice>({
    tone: "success",
    message: buyer
      ? `The tax invoice will be made out to ${buyer.buyerName} (TPIN ${buyer.buyerTpin}).`
      : "The tax invoice will be made out to the guest as a walk-in buyer.",
  });
}

/** What the request's staff page shows of its tax invoice: the buyer, the current invoice. */
export async function loadTaxInvoicePanel(db: DB, request: FiscalRequest) {
  const [state, current, device] = await Promise.all([
    getFiscalBuyer(db, request),
    db
      .selectFrom("fiscalDocuments as d")
      .leftJoin("fiscalDocuments as r", "r.id", "d.replacesId")
      .select(["d.invoiceNo", "d.status", "d.rcptNo", "r.invoiceNo as replaces"])
      .where("d.kind", "=", "sale")
      .where("d.requestKind", "=", request.kind)
      .where("d.requestId", "=", request.id)
      .where("d.supersededAt", "is", null)
      .executeTakeFirst(),
    db.selectFrom("fiscalDevice").select("active").where("id", "=", 1).executeTakeFirst(),
  ]);
  const statusLabel =
    current?.status === "sent"
      ? `fiscalised, ZRA number ${current.rcptNo ?? ""}`
      : current?.status === "failed"
        ? "refused by the VSDC, a manager sends it again from the fiscal page"
        : "waiting to be sent to ZRA";
  return {
    buyer: state?.buyer ?? null,
    fixed: state?.fixed ?? false,
    invoice: current
      ? {
          invoiceNo: String(current.invoiceNo),
          statusLabel,
          replaces: current.replaces === null ? null : String(current.replaces),
        }
      : null,
    active: device?.active ?? false,
  };
}
