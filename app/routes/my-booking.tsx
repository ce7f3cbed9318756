import { data } from "react-router";
import { InputField } from "~/components/form-fields.tsx";
import { MyBookingRequestView, type MyBookingRequest } from "~/components/my-booking-request.tsx";
import { Notice } from "~/components/notice.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { getDb, writeAllowedContext } from "~/context.server.ts";
import { logReadFailure } from "~/db/failures.server.ts";
import { cancelStayAsGuest, findGuestRequest, type GuestRequestView } from "~/db/my-booking.server.ts";
import { lodgeToday } from "~/lib/dates.ts";
import {
  FIELD_LABELS,
  MY_BOOKING_CANCELLED,
  MY_BOOKING_CANNOT_CANCEL,
  MY_BOOKING_ERROR,
  MY_BOOKING_NOT_FOUND,
  RATE_LIMITED,
} from "~/lib/messages.ts";
import { CONTENT_PAGE } from "~/lib/route-handle.ts";
import { myBookingSchema, normalizeReference } from "~/lib/schemas/my-booking.ts";
import { parseForm } from "~/lib/schemas/form-data.ts";
import { originFromMatches, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/my-booking";
import "~/components/my-booking.css";
import { readFormBody } from "~/lib/form-body.server.ts";

// A guest's own request (decisions.md 28): reference and e-mail show it, its status and its
// history; a stay that has not begun can be cancelled here. The look-up is a POST, so the e-mail
// never sits in a URL or a log, and every POST counts against the write rate limit. A wrong
// reference and a wrong e-mail get the same answer. Plain forms: no React in the browser.
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

type Answer =
  | {
      status: "found";
      request: MyBookingRequest;
      email: string;
      message?: string;
      tone?: "success" | "error";
    }
  | {
      status: "error";
      message: string;
      values: Record<string, string>;
      fieldErrors?: Record<string, string | undefined>;
    };

function view(request: GuestRequestView): MyBookingRequest {
  return { ...request, history: request.history.map((entry) => ({ ...entry, at: entry.at.toISOString() })) };
}

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
              request: view(result.request),
              email,
              message: MY_BOOKING_CANCELLED,
              tone: "success",
            }
          : {
              status: "found",
              request: view(result.request),
              email,
              message: MY_BOOKING_CANNOT_CANCEL,
              tone: "error",
            },
        { status: result.kind === "cancelled" ? 200 : 409 },
      );
    }
    const found = await findGuestRequest(db, reference, email, today);
    return found ? data<Answer>({ status: "found", request: view(found), email }) : notFound(values);
  } catch (error) {
    logReadFailure("my-booking", error);
    return data<Answer>({ status: "error", message: MY_BOOKING_ERROR, values }, { status: 503 });
  }
}

function notFound(values: Record<string, string>) {
  return data<Answer>({ status: "error", message: MY_BOOKING_NOT_FOUND, values }, { status: 404 });
}

export default function MyBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const found = actionData?.status === "found" ? actionData : undefined;
  const failed = actionData?.status === "error" ? actionData : undefined;
  const reference = failed?.values.reference ?? found?.request.reference ?? loaderData.reference;
  const email = failed?.values.email ?? "";
  return (
    <>
      <PageHeader title={TITLE} />
      <section className="section">
        <div className="container my-booking">
          {found ? (
            <>
              {found.message ? <Notice tone={found.tone ?? "success"}>{found.message}</Notice> : null}
              <MyBookingRequestView request={found.request} />
              {found.request.mayCancel ? (
                <CancelForm reference={found.request.reference} email={found.email} />
              ) : null}
              <p>
                <a href="/my-booking">Look up another booking</a>
              </p>
            </>
          ) : (
            <>
              <p>Enter the reference from your confirmation and the e-mail address you booked with.</p>
              {failed ? <Notice tone="error">{failed.message}</Notice> : null}
              <form method="post" className="my-booking__form" noValidate>
                <input type="hidden" name="intent" value="find" />
                <InputField
                  name="reference"
                  label="Booking reference"
                  defaultValue={reference}
                  required
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  hint="For example LDG-7K3QX9"
                  error={failed?.fieldErrors?.reference}
                />
                <InputField
                  name="email"
                  type="email"
                  label={FIELD_LABELS.email}
                  defaultValue={email}
                  required
                  autoComplete="email"
                  error={failed?.fieldErrors?.email}
                />
                <button type="submit" className="btn btn--primary">
                  Find my booking
                </button>
              </form>
            </>
          )}
        </div>
      </section>
    </>
  );
}

/** The page keeps no session: the cancel form carries the reference and e-mail the guest gave. */
function CancelForm({ reference, email }: { reference: string; email: string }) {
  return (
    <section aria-labelledby="my-booking-cancel-title">
      <h2 id="my-booking-cancel-title">Cancel this stay</h2>
      <p>Your stay has not begun, so you can cancel it here. The room is released at once.</p>
      <form method="post" className="my-booking__form" noValidate>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="reference" value={reference} />
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="btn btn--dark">
          Cancel my stay
        </button>
      </form>
    </section>
  );
}
