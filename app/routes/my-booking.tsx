import { data } from "react-router";
import { MyBooking, type MyBookingAnswer } from "~/features/stays/components/my-booking-request.tsx";
import { guestRequestAnswer } from "~/features/stays/my-booking-view.ts";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { getDb, writeAllowedContext } from "~/shared/context.server.ts";
import { logReadFailure } from "~/shared/db/failures.server.ts";
import { loadFolioSheet, type FolioSheet } from "~/features/payments/folios.server.ts";
import { cancelStayAsGuest, findGuestRequest } from "~/features/stays/my-booking.server.ts";
import { FolioDocument, ReceiptDocument } from "~/features/payments/components/folio-document.tsx";
import { FiscalMark } from "~/features/fiscal/components/fiscal-mark.tsx";
import { fiscalMarkFor } from "~/features/fiscal/fiscal-mark.server.ts";
import type { FiscalMarkView } from "~/features/fiscal/fiscal-mark-view.ts";
import { lodgeToday } from "~/shared/dates.ts";
import {
  MY_BOOKING_CANCELLED,
  MY_BOOKING_CANNOT_CANCEL,
  MY_BOOKING_ERROR,
  MY_BOOKING_NOT_FOUND,
  RATE_LIMITED,
} from "~/shared/messages.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";
import { myBookingSchema, normalizeReference } from "~/features/stays/my-booking-schema.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import type { Route } from "./+types/my-booking";
import "~/features/stays/components/my-booking.css";
import { readFormBody } from "~/shared/forms/form-body.server.ts";

// A guest's own request (decisions.md 28): reference and e-mail show it, its status and its
// history; a stay that has not begun can be cancelled here. The look-up is a POST, so the e-mail
// never sits in a URL or a log, and every POST counts against the write rate limit. A wrong
// reference and a wrong e-mail get the same answer. The forms are an island (ADR 0015).
export const handle = CONTENT_PAGE;

const TITLE = "My Booking";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: TITLE,
    description: "See your booking, its status and its history, and cancel a stay that has not begun.",
    path: "/my-booking",
    origin: originFromMatches(matches),
    noindex: true,
  });
}

/** The confirmation mail's link carries the reference, to fill it in. */
export function loader({ request }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("reference")?.slice(0, 20) ?? "";
  return { reference: reference ? normalizeReference(reference) : "" };
}

/** The island's answers, and the folio: a page of its own, posted without the island. */
type Answer =
  | MyBookingAnswer
  | {
      status: "folio";
      sheet: FolioSheet;
      /** The folio's fiscal invoice, and each receipt's (a refund's credit note, or the invoice). */
      fiscal: { folio: FiscalMarkView; receipts: Record<string, FiscalMarkView> };
      printedAt: string;
      reference: string;
      email: string;
    };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const values = {
    reference: String(form.get("reference") ?? "").slice(0, 40),
    email: String(form.get("email") ?? "").slice(0, 254),
  };
  if (!context.get(writeAllowedContext)) {
    return data<Answer>({ status: "error", message: RATE_LIMITED, values }, { status: 429 });
  }
  const parsed = parseForm(myBookingSchema, form);
  if (!parsed.ok) {
    return data<Answer>(
      {
        status: "error",
        message: "Please check the fields marked below.",
        values,
        fieldErrors: parsed.fieldErrors,
      },
      { status: 400 },
    );
  }
  const { reference, email, intent } = parsed.data;
  try {
    const db = await getDb(context);
    const today = lodgeToday();
    if (intent === "cancel") {
      const result = await cancelStayAsGuest(db, reference, email, today);
      if (result.kind === "not-found") return notFound(values);
      return data<Answer>(
        result.kind === "cancelled"
          ? {
              status: "found",
              request: guestRequestAnswer(result.request),
              email,
              message: MY_BOOKING_CANCELLED,
              tone: "success",
            }
          : {
              status: "found",
              request: guestRequestAnswer(result.request),
              email,
              message: MY_BOOKING_CANNOT_CANCEL,
              tone: "error",
            },
        { status: result.kind === "cancelled" ? 200 : 409 },
      );
    }
    const found = await findGuestRequest(db, reference, email, today);
    if (!found) return notFound(values);
    if (intent === "folio") {
      const sheet = await loadFolioSheet(db, { kind: found.kind, id: found.id });
      if (!sheet) return notFound(values);
      // The guest sees what was paid and how, not which staff member took it.
      const ledger = sheet.ledger.map((line) => ({ ...line, staffName: null }));
      const request = { kind: found.kind, id: found.id };
      const folio = await fiscalMarkFor(db, request);
      const receipts: Record<string, FiscalMarkView> = {};
      for (const line of ledger) receipts[line.id] = await fiscalMarkFor(db, request, { paymentId: line.id });
      return data<Answer>({
        status: "folio",
        sheet: { ...sheet, ledger },
        fiscal: { folio, receipts },
        printedAt: new Date().toISOString(),
        reference: found.reference,
        email,
      });
    }
    return data<Answer>({ status: "found", request: guestRequestAnswer(found), email });
  } catch (error) {
    logReadFailure("my-booking", error);
    return data<Answer>({ status: "error", message: MY_BOOKING_ERROR, values }, { status: 503 });
  }
}

function notFound(values: Record<string, string>) {
  return data<Answer>({ status: "error", message: MY_BOOKING_NOT_FOUND, values }, { status: 404 });
}

export default function MyBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.status === "folio") return <GuestFolio answer={actionData} />;
  return (
    <>
      <PageHeader title={TITLE} />
      <section className="section">
        <div className="container my-booking">
          <MyBooking reference={loaderData.reference} answer={actionData ?? null} />
        </div>
      </section>
    </>
  );
}

/**
 * The stay's folio and a receipt for each payment, on a page of their own so that they print
 * alone (folio-document.css). Each says whether it carries ZRA's fiscal invoice (decisions.md 37).
 */
function GuestFolio({ answer }: { answer: Extract<Answer, { status: "folio" }> }) {
  const { sheet, printedAt, fiscal } = answer;
  return (
    <>
      <PageHeader title={TITLE} />
      <section className="section">
        <div className="container my-booking">
          <p className="no-print">
            Print this page with your browser&apos;s Print command: only the folio and receipts are printed.{" "}
            <a href="/my-booking">Look up another booking</a>
          </p>
          <FolioDocument
            guest={sheet.guest}
            folio={sheet.folio}
            ledger={sheet.ledger}
            printedAt={printedAt}
            fiscal={<FiscalMark mark={fiscal.folio} />}
          />
          {sheet.ledger.map((line) => (
            <ReceiptDocument
              key={line.id}
              guest={sheet.guest}
              line={line}
              charges={sheet.folio.charges}
              balance={sheet.folio.balance}
              fiscal={<FiscalMark mark={fiscal.receipts[line.id] ?? fiscal.folio} />}
            />
          ))}
        </div>
      </section>
    </>
  );
}
