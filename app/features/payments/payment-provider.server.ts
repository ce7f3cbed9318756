import { createContext } from "react-router";
import type { MobileMoneyOperator } from "~/shared/db/schema.ts";

// One interface for every payment provider (decisions.md 33, ADR 0018). Lenco implements it
// (lenco.server.ts); another gateway (Flutterwave) would be a second implementation. The rest of
// the server (the payment step, the webhook, the reconciler) knows only this.

/** What a provider says about one collection, reduced to what decides a booking. */
export interface ProviderCollection {
  /** Our reference, as the provider echoes it. */
  reference: string | null;
  /** The provider's own reference for the collection. */
  providerReference: string | null;
  /**
   * pending: the guest has not approved yet (or must); otp-required: the provider sent the guest a
   * one-time code to confirm the number first (`submitOtp`); successful and failed are final.
   */
  status: "pending" | "otp-required" | "successful" | "failed";
  /** In ngwee, from the provider's decimal amount. */
  amountNgwee: number;
  currency: string;
  failureReason: string | null;
  /** The mobile-money operator's transaction id, when the provider gives it. */
  operatorTransactionId: string | null;
}

export interface MobileMoneyRequest {
  reference: string;
  amountNgwee: number;
  currency: "ZMW";
  /** Zambian mobile number, 10 digits starting with 0 (e.g. 0961111111). */
  phone: string;
  operator: MobileMoneyOperator;
}

export type ProviderAnswer =
  /** The provider took the request; `collection.status` says what happens next. */
  | { kind: "accepted"; collection: ProviderCollection }
  /** The provider refused it (bad number, duplicate reference…): nothing was started. */
  | { kind: "refused"; reason: string }
  /** No answer (network, timeout, 5xx): the request may or may not have started; ask later. */
  | { kind: "unreachable"; reason: string };

export type StatusAnswer =
  | { kind: "found"; collection: ProviderCollection }
  /** The provider has no collection with this reference (the request never reached it). */
  | { kind: "unknown" }
  | { kind: "unreachable"; reason: string };

export type WebhookReading =
  /** No signature, or one that the body does not match: refused. */
  | { kind: "forged"; reason: string }
  /** Signed, but not a body this server understands. */
  | { kind: "malformed"; reason: string }
  /** Signed and understood, but about something other than a collection (transfers…). */
  | { kind: "ignored"; event: string }
  | { kind: "collection"; event: string; collection: ProviderCollection };

export interface PaymentProvider {
  /** Recorded with each attempt and ledger entry ("lenco"). */
  readonly name: string;
  /** A test environment: the payment step says so, and no real money moves. */
  readonly sandbox: boolean;
  requestMobileMoney(request: MobileMoneyRequest): Promise<ProviderAnswer>;
  collectionStatus(reference: string): Promise<StatusAnswer>;
  /**
   * The one-time code the guest was sent for a collection that is `otp-required`. `refused`: a
   * wrong or expired code (the collection stays as it was). The code is never logged or stored.
   */
  submitOtp(reference: string, otp: string): Promise<ProviderAnswer>;
  /** Verifies and reads a webhook from its raw body and headers (lower-case names). */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookReading;
  /**
   * The provider's hosted card widget, when configured: cards are paid in the provider's own page
   * and confirmed by `collectionStatus` or the webhook like any collection. Absent: no card online.
   */
  readonly cardWidget?: CardWidget | null;
}

/** What the payment step needs to open the provider's card widget in the guest's browser. */
export interface CardWidget {
  /** The widget's public key (never the API token). */
  publicKey: string;
  /** The widget's script; its origin is the one the payment step's CSP allows. */
  scriptUrl: string;
}

/** "400.00" → 40000; anything but a plain non-negative decimal with at most 2 places → NaN. */
export function decimalToNgwee(amount: string | number): number {
  const text = typeof amount === "number" ? amount.toFixed(2) : amount.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The configured provider, handed to loaders and actions in the router context; null: nothing is paid online. */
export const paymentProviderContext = createContext<PaymentProvider | null>(null);
