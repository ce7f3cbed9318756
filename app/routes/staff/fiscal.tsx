import { data, Link } from "react-router";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import { formatLodgeTime } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { deviceOverview, sendAgain } from "~/features/fiscal/fiscal-queue.server.ts";
import { fiscalDocumentLine } from "~/features/fiscal/fiscal-document-line.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import type { Route } from "./+types/fiscal";

// The ZRA Smart Invoice device (decisions.md 37, ADR 0029), for managers: whether the VSDC is
// configured and initialised, when it last answered, and the queue: pending and failed tax
// invoices and credit notes, each failed one sent again from here once its cause is put right.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const { device, pending, failed, recent } = await deviceOverview(db);
  return {
    device: device
      ? {
          active: device.active,
          tpin: device.tpin,
          branchId: device.branchId,
          serial: device.deviceSerial,
          since: device.activeSince,
          initialisedAt: device.initialisedAt ? formatLodgeTime(device.initialisedAt) : null,
          sdcId: device.sdcId,
          mrcNo: device.mrcNo,
          lastContactAt: device.lastContactAt ? formatLodgeTime(device.lastContactAt) : null,
          lastError: device.lastError,
          lastErrorAt: device.lastErrorAt ? formatLodgeTime(device.lastErrorAt) : null,
        }
      : null,
    pending,
    failed,
    documents: recent.map(fiscalDocumentLine),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return staffWrite(request, context, { role: "manager" }, async (db, _staff, form) =>
    (await sendAgain(db, String(form.get("id") ?? "")))
      ? data<StaffNotice>({ tone: "success", message: "It will be sent to the VSDC again within a minute." })
      : data<StaffNotice>(
          { tone: "error", message: "Only a document that failed can be sent again." },
          { status: 409 },
        ),
  );
}

export default function FiscalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { device, pending, failed, documents } = loaderData;
  return (
    <>
      <title>Staff: ZRA fiscal invoices</title>
      <h1>ZRA fiscal invoices</h1>
      <AnswerNotice answer={useStaffNotice(actionData)} />
      {!device || !device.active ? (
        <p>
          No VSDC is configured (VSDC_URL, ZRA_TPIN, ZRA_BRANCH_ID and ZRA_DEVICE_SERIAL): nothing is
          fiscalised and every bill says it is not a fiscal tax invoice. See docs/fiscal-invoices.md.
        </p>
      ) : null}
      {device ? (
        <dl className="staff-facts">
          <dt>Device</dt>
          <dd>
            {device.active ? "Active" : "Not configured now"} · TPIN {device.tpin} · branch {device.branchId}{" "}
            · serial {device.serial} · fiscalising since {device.since}
          </dd>
          <dt>Initialised</dt>
          <dd>
            {device.initialisedAt
              ? `${device.initialisedAt} (SDC ID ${device.sdcId ?? "?"}, MRC ${device.mrcNo ?? "?"})`
              : "Not yet"}
          </dd>
          <dt>Last answer from the VSDC</dt>
          <dd>{device.lastContactAt ?? "None yet"}</dd>
          <dt>Last problem</dt>
          <dd>{device.lastError ? `${device.lastErrorAt ?? ""}: ${device.lastError}` : "None"}</dd>
        </dl>
      ) : null}
      <p>
        <strong>{pending}</strong> waiting to be fiscalised, <strong>{failed}</strong> refused by the VSDC.
      </p>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption>Tax invoices and credit notes of the last 30 days, and every refused one</caption>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Kind</th>
              <th scope="col">Written</th>
              <th scope="col">Amount</th>
              <th scope="col">ZRA number</th>
              <th scope="col">Status</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {documents.map((doc) => (
              <tr key={doc.id}>
                <td>
                  <Link to={doc.request}>{doc.invoiceNo}</Link>
                </td>
                <td>{doc.kindLabel}</td>
                <td>{doc.written}</td>
                <td>{doc.total === null ? "" : formatKwacha(doc.total)}</td>
                <td>{doc.rcptNo ?? ""}</td>
                <td>
                  {doc.statusLabel}
                  {doc.status === "failed" ? (
                    <StaffForm method="post" className="staff-actions">
                      <input type="hidden" name="id" value={doc.id} />
                      <SubmitButton className="btn btn--small" pending="Sending…">
                        Send again
                      </SubmitButton>
                    </StaffForm>
                  ) : null}
                </td>
                <td>{doc.lastError ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
