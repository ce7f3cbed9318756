import { data, Link } from "react-router";
import { telHref } from "~/content/site.ts";
import { formatDisplayDate, formatLodgeTime, lodgeToday, nightsBetween } from "~/shared/dates.ts";
import { InputField, SelectField, TextAreaField } from "~/shared/forms/form-fields.tsx";
import { StaffActionNotice } from "~/features/desk/components/staff-action-notice.tsx";
import { RequestButtons, RequestStatus } from "~/features/desk/components/staff-request-buttons.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import {
  chargeableOf,
  getPayableRecord,
  listLedger,
  type PayableRecord,
} from "~/features/payments/folios.server.ts";
import { listAttempts } from "~/features/payments/online-payments.server.ts";
import { getDepositOutcome } from "~/features/payments/payments-ledger.server.ts";
import { DepositOutcomeNote } from "~/features/payments/components/deposit-outcome.tsx";
import {
  getNewsletterRecord,
  getRequestRecord,
  listHistoryWithStaff,
  newsletterHistory,
} from "~/features/desk/inbox.server.ts";
import { listFreeRooms } from "~/features/stays/rooms.server.ts";
import { LEDGER_METHODS } from "~/shared/db/schema.ts";
import { buildFolio } from "~/features/pricing/folio.ts";
import { INBOX_KIND_LABELS } from "~/features/desk/inbox-filter.ts";
import { sourceLabel } from "~/features/desk/desk-schema.ts";
import { formatKwacha, NGWEE_PER_KWACHA } from "~/shared/money.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { holdsRoom, stayChangeWindow } from "~/features/requests/stay-lifecycle.ts";
import { REQUEST_KINDS, type RequestKind } from "~/shared/db/schema.ts";
import { applyLedgerEntry, applyRequestAction } from "../../features/desk/request-actions.server.ts";
import { applyPriceChange } from "../../features/desk/price-change.server.ts";
import { applyStayChange } from "~/features/desk/stay-change-actions.server.ts";
import { STAY_CHANGE_INTENTS } from "~/features/desk/stay-change-schema.ts";
import { StayChangeForms } from "~/features/desk/components/stay-change-forms.tsx";
import { StaffPricePanel } from "~/features/pricing/components/staff-price-panel.tsx";
import { getKeptPrices } from "~/features/pricing/rates.server.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import { listCharges, listExtras, extraChargesOf } from "~/features/extras/extras.server.ts";
import { applyPostCharge, applyVoidCharge } from "~/features/extras/charge-actions.server.ts";
import { chargeLabel } from "~/features/extras/extra-pricing.ts";
import { StaffChargesPanel } from "~/features/extras/components/staff-charges-panel.tsx";
import { applyFiscalBuyer, loadTaxInvoicePanel } from "~/features/fiscal/fiscal-buyer.server.ts";
import { FiscalBuyerPanel } from "~/features/fiscal/components/fiscal-buyer-panel.tsx";
import type { Route } from "./+types/request-detail";

// One request, made for reception: who the guest is and how to call them, the stay,
// the room, the money (total, paid, balance) and the status first, in the lodge's time and the
// site's money format; then the changes its status allows, the payments ledger and its receipts,
// the folio, the history, and the record's technical fields tucked away at the end. A stay paid
// online (a booking or a reservation, ADR 0018) lists its attempts with the provider too. A newsletter
// subscription has a page too (the inbox lists it): its address, status and dates, no actions.

type DetailKind = RequestKind | "newsletter";

function kindOf(value: string): DetailKind {
  if (value !== "newsletter" && !(REQUEST_KINDS as readonly string[]).includes(value))
    throw data("Not found", { status: 404 });
  return value as DetailKind;
}

interface Fact {
  label: string;
  value: string;
  href?: string;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What reception reads first, in that order. */
function receptionFacts(
  record: PayableRecord,
  money: { total: number; paid: number; balance: number; credit: number },
): Fact[] {
  const { row } = record;
  const guest: Fact[] = [
    { label: "Guest", value: row.name },
    { label: "Phone", value: row.phone, href: telHref(row.phone) },
    {
      label: "E-mail",
      value: row.email ?? "None given (no mail is sent)",
      href: row.email ? `mailto:${row.email}` : undefined,
    },
  ];
  const what: Fact[] =
    record.kind === "venue-booking"
      ? [
          { label: "Venue", value: record.row.venueName },
          { label: "Date", value: formatDisplayDate(record.row.bookingDate) },
          { label: "People", value: String(record.row.numberOfPeople) },
        ]
      : [
          {
            label: "Stay",
            value: `${formatDisplayDate(record.row.checkIn)} to ${formatDisplayDate(record.row.checkOut)}, ${plural(nightsBetween(record.row.checkIn, record.row.checkOut), "night", "nights")}`,
          },
          {
            label: "Room",
            value: `${record.row.roomNumber} (${record.row.roomType})${record.kind === "reservation" && record.row.roomCount > 1 ? `, ${record.row.roomCount} rooms` : ""}`,
          },
          {
            label: "Guests",
            value: `${plural(record.row.adults, "adult", "adults")}, ${plural(record.row.children, "child", "children")}`,
          },
        ];
  return [
    ...guest,
    ...what,
    { label: "Total", value: formatKwacha(money.total) },
    { label: "Paid", value: formatKwacha(money.paid) },
    money.credit > 0
      ? { label: "In credit", value: formatKwacha(money.credit) }
      : { label: "Balance due", value: formatKwacha(money.balance) },
    { label: "Status", value: row.status },
    { label: "Reference", value: row.reference },
    { label: "Payment method chosen", value: row.paymentMethod },
    { label: "Received", value: `${formatLodgeTime(row.createdAt)}, ${sourceLabel(row.channel)}` },
    { label: "Message", value: row.message ?? "None" },
  ];
}

/**
 * Columns no one reads on a page: a pay link's token hash, a newsletter's confirmation hash or
 * unsubscribe token. They open a guest's payment page or subscription, or help guess one.
 */
const SECRET_COLUMN = /token|hash|secret|password/i;

function technicalFields(record: Record<string, unknown>) {
  return Object.entries(record)
    .filter(([key]) => !SECRET_COLUMN.test(key))
    .map(([key, value]) => ({
      // Kysely hands columns back in camelCase: "checkIn" reads "check in".
      key: key.replace(/([A-Z])/g, " $1").toLowerCase(),
      value: value instanceof Date ? value.toISOString() : value === null ? "" : String(value),
    }));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context);
  const kind = kindOf(params.kind);
  const entered = new URL(request.url).searchParams.get("entered") === "1";
  if (kind === "newsletter" || kind === "contact-message") {
    const record =
      kind === "newsletter"
        ? await getNewsletterRecord(db, params.id)
        : await getRequestRecord(db, kind, params.id);
    if (!record) throw data("Not found", { status: 404 });
    const history =
      kind === "newsletter" ? newsletterHistory(record) : await listHistoryWithStaff(db, kind, params.id);
    return {
      kind,
      id: params.id,
      status: String(record.status),
      name: String(record.name || record.email || ""),
      entered,
      facts: [] as Fact[],
      money: null,
      ledger: [],
      fields: technicalFields(record),
      history,
      freeRooms: [],
      prices: null,
      deposit: null,
      attempts: [],
      stay: null,
      changes: null,
      charges: null,
      taxInvoice: null,
    };
  }
  const record = await getPayableRecord(db, kind, params.id);
  if (!record) throw data("Not found", { status: 404 });
  const [history, ledger, deposit, attempts, chargeRows, extras, staffNames, taxInvoice] = await Promise.all([
    listHistoryWithStaff(db, kind, params.id),
    listLedger(db, { kind, id: params.id }),
    kind === "venue-booking" ? null : getDepositOutcome(db, { kind, id: params.id }),
    kind === "venue-booking" ? [] : listAttempts(db, { kind, id: params.id }),
    listCharges(db, { kind, id: params.id }),
    listExtras(db, { activeOnly: true }),
    db.selectFrom("staffAccounts").select(["id", "name"]).execute(),
    loadTaxInvoicePanel(db, { kind, id: params.id }),
  ]);
  const folio = buildFolio(chargeableOf(record, undefined, extraChargesOf(chargeRows)), ledger);
  const names = new Map(staffNames.map((account) => [account.id, account.name]));
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const money = { total: folio.total, paid: folio.paid, balance: folio.balance, credit: folio.credit };
  const today = lodgeToday();
  const changes = record.kind === "venue-booking" ? null : stayChangeWindow(record.row, today);
  // A move is offered into the rooms free for the nights it moves: from tonight for a guest in.
  const freeRooms =
    record.kind !== "venue-booking" && holdsRoom(record.row.status)
      ? (
          await listFreeRooms(db, {
            checkIn: changes?.moveFrom ?? record.row.checkIn,
            checkOut: record.row.checkOut,
          })
        ).map((room) => ({
          id: room.id,
          label: `${room.roomNumber} (${room.type})`,
        }))
      : [];
  return {
    kind,
    id: params.id,
    status: String(record.row.status),
    name: record.row.name,
    entered,
    facts: receptionFacts(record, money),
    money,
    ledger: ledger.map((line) => ({ ...line, at: new Date(line.at).toISOString() })),
    fields: technicalFields(record.row as unknown as Record<string, unknown>),
    history,
    freeRooms,
    prices: { total: Number(record.row.totalPrice), ...(await getKeptPrices(db, kind, params.id)) },
    deposit,
    // For its check-in button: shown from the day before its arrival (the lodge's today).
    stay:
      record.kind === "venue-booking"
        ? null
        : { checkIn: record.row.checkIn, checkOut: record.row.checkOut, today },
    changes,
    taxInvoice,
    charges: {
      canPost: record.row.status === (record.kind === "venue-booking" ? "Confirmed" : "Checked in"),
      extras: extras.map((extra) => ({
        id: extra.id,
        name: extra.name,
        price: extra.priceNgwee / NGWEE_PER_KWACHA,
        basis: extra.basis,
      })),
      lines: chargeRows.map((row) => ({
        id: row.id,
        label: chargeLabel(row),
        amount: row.amountNgwee / NGWEE_PER_KWACHA,
        source: row.source,
        note: row.note,
        postedAt: row.postedAt.toISOString(),
        staffName: nameOf(row.staffAccountId),
        voided:
          row.voidedAt === null
            ? null
            : { at: row.voidedAt.toISOString(), reason: row.voidReason ?? "", by: nameOf(row.voidedBy) },
      })),
    },
    attempts: attempts.map((attempt) => ({
      reference: attempt.reference,
      method: attempt.method,
      payer: attempt.phone ? `${attempt.operator === "mtn" ? "MTN" : "Airtel"} ${attempt.phone}` : "",
      amount: attempt.amountNgwee / 100,
      status: attemptStatusText(attempt),
      refundDue: attempt.refundDue,
      at: attempt.createdAt.toISOString(),
    })),
  };
}

/** An attempt's status in reception's words. */
function attemptStatusText(attempt: {
  status: string;
  otpRequired: boolean;
  failureReason: string | null;
}): string {
  switch (attempt.status) {
    case "created":
      return "Sent to the payment service";
    case "pending":
      return attempt.otpRequired ? "Waiting for the guest's texted code" : "Waiting for the guest to approve";
    case "successful":
      return "Paid";
    case "failed":
      return `Failed${attempt.failureReason ? `: ${attempt.failureReason}` : ""}`;
    default:
      return "No answer from the payment service";
  }
}

export function action({ request, context, params }: Route.ActionArgs) {
  return staffWrite(request, context, {}, async (db, staff, form) => {
    if (kindOf(params.kind) === "newsletter")
      return data<StaffNotice>(
        {
          tone: "error",
          message: "A subscription has no actions here: the guest confirms or leaves by mail.",
        },
        { status: 400 },
      );
    if (form.get("intent") === "record-payment")
      return applyLedgerEntry(db, staff, params.kind, params.id, form);
    if (form.get("intent") === "post-charge") return applyPostCharge(db, staff, params.kind, params.id, form);
    if (form.get("intent") === "void-charge") return applyVoidCharge(db, staff, params.kind, params.id, form);
    if (form.get("intent") === "fiscal-buyer")
      return applyFiscalBuyer(db, staff, params.kind, params.id, form);
    // The page's own request, whatever the form says.
    form.set("kind", params.kind);
    form.set("id", params.id);
    if ((STAY_CHANGE_INTENTS as readonly unknown[]).includes(form.get("intent")))
      return applyStayChange(db, staff, params.kind, params.id, form, lodgeToday());
    if (form.get("intent") === "price")
      return applyPriceChange(db, staff, kindOf(params.kind) as RequestKind, params.id, form);
    return applyRequestAction(db, staff, form, lodgeToday());
  });
}

function LedgerForm({
  balance,
  refundDue,
  notice,
}: {
  balance: number;
  /** A refund the cancellation policy owes (DepositOutcomeNote): the form starts on it. */
  refundDue: number;
  notice: StaffNotice | undefined;
}) {
  const errors = notice?.fieldErrors ?? {};
  const values = notice?.values ?? {};
  return (
    <StaffForm
      method="post"
      noValidate
      className="staff-form staff-form--grid"
      aria-label="Record a payment or refund"
      resetOnSuccess
      // New defaults (a cancellation that owes a refund, a balance that moved) start it afresh, as
      // the page a plain post answers with would.
      key={`${balance}/${refundDue}`}
    >
      <SelectField
        name="entryKind"
        label="Money"
        defaultValue={values.entryKind ?? (refundDue > 0 ? "refund" : "payment")}
        error={errors.entryKind}
      >
        <option value="payment">Received from the guest</option>
        <option value="refund">Refunded to the guest</option>
      </SelectField>
      <SelectField name="method" label="Method" defaultValue={values.method ?? "Cash"} error={errors.method}>
        {LEDGER_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
      <InputField
        name="amount"
        label="Amount (kwacha)"
        inputMode="numeric"
        defaultValue={
          values.amount ?? (refundDue > 0 ? String(refundDue) : balance > 0 ? String(balance) : "")
        }
        error={errors.amount}
      />
      <InputField
        name="transactionId"
        label="Transaction id"
        hint="Required for mobile money (from the guest's SMS); the slip or bank reference otherwise."
        defaultValue={values.transactionId ?? ""}
        error={errors.transactionId}
      />
      <TextAreaField
        name="note"
        label="Note (optional)"
        rows={2}
        defaultValue={values.note ?? ""}
        error={errors.note}
      />
      <div className="staff-actions">
        <SubmitButton name="intent" value="record-payment" className="btn btn--primary" pending="Recording…">
          Record
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

function RecordFields({ fields }: { fields: { key: string; value: string }[] }) {
  return (
    <dl className="staff-record">
      {fields.map((field) => (
        <div key={field.key}>
          <dt>{field.key}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function RequestDetail({ loaderData, actionData }: Route.ComponentProps) {
  const {
    kind,
    id,
    status,
    name,
    entered,
    facts,
    money,
    ledger,
    fields,
    history,
    freeRooms,
    prices,
    deposit,
    attempts,
    stay,
    changes,
    charges,
    taxInvoice,
  } = loaderData;
  const title = `${INBOX_KIND_LABELS[kind].replace(/s$/, "")}: ${name}`;
  const notice = useStaffNotice(actionData);
  return (
    <>
      <title>{`Staff: ${title}`}</title>
      <h1>{title}</h1>
      {entered && !notice ? (
        <StaffActionNotice
          notice={{ tone: "success", message: "Entered. Take the guest's payment below if they pay now." }}
        />
      ) : null}
      <StaffActionNotice notice={notice} />
      {facts.length > 0 ? (
        <dl className="staff-record staff-summary">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>
                {fact.href ? (
                  // eslint-disable-next-line no-restricted-syntax -- tel: and mailto: addresses, no console page
                  <a href={fact.href}>{fact.value}</a>
                ) : fact.label === "Status" && kind !== "newsletter" ? (
                  <RequestStatus kind={kind} id={id} status={fact.value} />
                ) : (
                  fact.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>
          Status:{" "}
          <strong>
            {kind === "newsletter" ? status : <RequestStatus kind={kind} id={id} status={status} />}
          </strong>
        </p>
      )}
      {kind === "newsletter" ? null : (
        <RequestButtons kind={kind} id={id} status={status} stay={stay ?? undefined} />
      )}
      {changes ? <StayChangeForms changes={changes} freeRooms={freeRooms} notice={notice} /> : null}
      {prices ? <StaffPricePanel {...prices} /> : null}
      {charges ? (
        <StaffChargesPanel
          charges={charges.lines}
          extras={charges.extras}
          canPost={charges.canPost}
          notice={actionData as Parameters<typeof StaffChargesPanel>[0]["notice"]}
        />
      ) : null}
      {taxInvoice ? (
        <FiscalBuyerPanel
          {...taxInvoice}
          notice={actionData as Parameters<typeof FiscalBuyerPanel>[0]["notice"]}
        />
      ) : null}
      {money ? (
        <section aria-labelledby="payments-heading" id="payments">
          <h2 id="payments-heading">Payments</h2>
          {ledger.length === 0 ? (
            <p>No money recorded yet.</p>
          ) : (
            <div className="staff-table-wrap">
              <table className="staff-table">
                <caption className="visually-hidden">Payments and refunds, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Money</th>
                    <th scope="col">Method</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Recorded by</th>
                    <th scope="col">Receipt</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.map((line) => (
                    <tr key={line.id}>
                      <td>{formatLodgeTime(line.at)}</td>
                      <td>{line.kind === "payment" ? "Received" : "Refunded"}</td>
                      <td>
                        {line.method}
                        {line.transactionId ? (
                          <span className="staff-muted"> ({line.transactionId})</span>
                        ) : null}
                        {line.note ? (
                          <>
                            <br />
                            <span className="staff-muted">{line.note}</span>
                          </>
                        ) : null}
                      </td>
                      <td>{formatKwacha(line.amount)}</td>
                      <td>{line.staffName ?? line.provider ?? "the system"}</td>
                      <td>
                        <Link to={`/staff/receipts/${line.id}`}>Receipt R-{line.id}</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p>
            Total {formatKwacha(money.total)} · paid {formatKwacha(money.paid)} ·{" "}
            <strong>
              {money.credit > 0
                ? `in credit ${formatKwacha(money.credit)}`
                : `balance due ${formatKwacha(money.balance)}`}
            </strong>{" "}
            · <Link to={`/staff/requests/${kind}/${id}/folio`}>Print the folio</Link>
          </p>
          {deposit ? <DepositOutcomeNote {...deposit} /> : null}
          {attempts.length > 0 ? (
            <>
              <h3 id="attempts-heading">Paid online</h3>
              <div className="staff-table-wrap">
                <table className="staff-table" aria-labelledby="attempts-heading">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Reference</th>
                      <th scope="col">Method</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {attempts.map((attempt) => (
                      <tr key={attempt.reference}>
                        <td>{formatLodgeTime(attempt.at)}</td>
                        <td>{attempt.reference}</td>
                        <td>
                          {attempt.method}
                          {attempt.payer ? <span className="staff-muted"> ({attempt.payer})</span> : null}
                        </td>
                        <td>{formatKwacha(attempt.amount)}</td>
                        <td>
                          {attempt.status}
                          {attempt.refundDue ? <strong> · refund due</strong> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
          <h3>Record a payment or refund</h3>
          <LedgerForm
            balance={money.balance}
            refundDue={deposit?.outcome.refundDue ?? 0}
            // A charge form's messages belong to that form, not to this one.
            notice={actionData && "form" in actionData ? undefined : actionData}
          />
        </section>
      ) : null}
      <h2>History</h2>
      <ol className="staff-history">
        {history.map((entry) => (
          <li key={entry.id}>
            <time dateTime={new Date(entry.at).toISOString()}>{formatLodgeTime(entry.at)}</time>:{" "}
            {entry.fromStatus === null && entry.toStatus === null
              ? "Changed"
              : entry.fromStatus === null
                ? `Received (${entry.toStatus})`
                : `${entry.fromStatus} → ${entry.toStatus}`}{" "}
            by {entry.actor === "staff" ? (entry.staffName ?? "staff") : entry.actor}
            {entry.note ? `: ${entry.note}` : ""}
          </li>
        ))}
      </ol>
      {money ? (
        <details className="staff-technical">
          <summary>Technical details (the stored record)</summary>
          <RecordFields fields={fields} />
        </details>
      ) : (
        <>
          <h2>Record</h2>
          <RecordFields fields={fields} />
        </>
      )}
    </>
  );
}
