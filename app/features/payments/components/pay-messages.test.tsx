import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as payPage from "../pay-page.server.ts";
import * as payView from "../pay-view.ts";
import type { PayView } from "../pay-view.ts";
import { PaymentOutcome, PaySummary } from "./payment-progress.tsx";

// Every message of the payment step reads as plain sentences: no doubled full stop, whether the
// text is ours or ends a reason the payment service gave (which may end with its own).

const base: PayView = {
  state: "pay",
  kind: "booking",
  reference: "LDG-ABC123",
  token: "token",
  guestName: "Mutale Banda",
  room: "101 - Deluxe - K400",
  checkIn: "2026-12-20",
  checkOut: "2026-12-23",
  nights: 3,
  total: 1200,
  deposit: 360,
  paid: 0,
  dueBy: "2026-12-01T10:15:00.000Z",
  depositPolicy: "A deposit of 30% of the total is asked to confirm your booking.",
  cancellationPolicy: "Cancel free of charge until 2 days before arrival.",
  sandbox: false,
  attempt: null,
  refundDue: false,
  phone: "0961111111",
  card: false,
  cardFirst: false,
  lodgePhone: "+260 97 000 0001",
};

const failed = (method: "Mobile Money" | "Credit Card", reason: string | null) => ({
  ...base,
  attempt: { status: "failed" as const, method, operator: "MTN", phone: "096****111", reason },
});

/** Every state and case the step shows, with reasons that end with a full stop or not. */
const views: PayView[] = [
  ...(["pay", "waiting", "unreachable", "otp", "paid", "expired", "closed"] as const).map((state) => ({
    ...base,
    state,
  })),
  { ...base, state: "expired", refundDue: true },
  { ...base, state: "unreachable", dueBy: null },
  { ...base, state: "waiting", attempt: { ...failed("Mobile Money", null).attempt, status: "pending" } },
  ...["The payment request did not reach the payment service.", "Insufficient balance", "Declined. "].flatMap(
    (reason) => [failed("Mobile Money", reason), failed("Credit Card", reason)],
  ),
  failed("Mobile Money", null),
];

const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the payment step's messages", () => {
  it("never doubles a full stop, in any state", () => {
    for (const view of views) {
      const shown = text(
        renderToStaticMarkup(
          <>
            <PaymentOutcome view={view} />
            <PaySummary view={view} />
          </>,
        ),
      );
      expect(shown, `${view.state}: ${shown}`).not.toMatch(/\.\s*\./);
    }
    const texts = [...Object.values(payView), ...Object.values(payPage)]
      .map((value) =>
        typeof value === "function" && value.length === 1
          ? (value as (a: string) => unknown)("+260 97 000 0001")
          : value,
      )
      .filter((value): value is string => typeof value === "string");
    expect(texts.length).toBeGreaterThan(5);
    for (const message of texts) expect(message).not.toMatch(/\.\s*\./);
  });

  it("quotes a failure's reason without its own full stop", () => {
    const shown = text(renderToStaticMarkup(<PaymentOutcome view={failed("Mobile Money", "It failed.")} />));
    expect(shown).toContain("The payment from 096****111 did not go through: It failed. You can try again.");
  });

  it("says plainly when mobile money cannot be reached, and what the guest can do", () => {
    const html = renderToStaticMarkup(<PaymentOutcome view={{ ...base, state: "unreachable" }} />);
    expect(text(html)).toContain("Mobile money cannot be reached just now. Your room stays held until");
    expect(text(html)).toContain("or pay at the lodge instead: call us on +260 97 000 0001");
    expect(html).toMatch(/<button type="submit"[^>]*>Try again<\/button>/);
    expect(html).toContain(`name="intent" value="${payView.RETRY_INTENT}"`);
  });

  it("links 'book again' to the booking page for the same dates after a hold ends", () => {
    const html = renderToStaticMarkup(<PaymentOutcome view={{ ...base, state: "expired" }} />);
    expect(html).toContain(
      '<a href="/booking?tab=room&amp;checkIn=2026-12-20&amp;checkOut=2026-12-23">book again</a>',
    );
    const reservation = renderToStaticMarkup(
      <PaymentOutcome view={{ ...base, kind: "reservation", state: "expired" }} />,
    );
    expect(reservation).toContain('href="/booking?tab=reservation&amp;checkIn=2026-12-20');
  });
});
