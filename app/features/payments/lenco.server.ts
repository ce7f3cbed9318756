import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  decimalToNgwee,
  type MobileMoneyRequest,
  type PaymentProvider,
  type ProviderAnswer,
  type ProviderCollection,
  type StatusAnswer,
  type WebhookReading,
} from "./payment-provider.server.ts";

// Lenco's API v2 (https://lenco-api.readme.io/v2.0/reference), as this server uses it:
// - POST {base}/collections/mobile-money with { amount, reference, phone, operator, country,
//   bearer } ("Initiate collection from mobile money"): `amount` is a decimal in kwacha (not
//   ngwee), `reference` ours (only -, ., _ and alphanumerics), `operator` "mtn" or "airtel" for
//   Zambia, `country` "zm". The answer's `data.status` is "pay-offline" while the guest has the
//   PIN prompt on the phone, or "otp-required", "pending", "successful", "failed". A repeated
//   reference is refused with 400 "Duplicate reference" (errorCode 04).
// - POST {base}/collections/mobile-money/submit-otp with { reference, otp } ("Submit OTP for
//   mobile money collection"): when a collection is "otp-required" Lenco has sent the guest a
//   one-time code to verify the number before the PIN prompt; the answer is the same collection
//   (then "pay-offline", or "successful"/"failed"); a wrong code is refused with a 4xx
//   { status: false, message }. The sandbox's code is 000000.
// - GET {base}/collections/status/:reference ("Get collection by reference"): the same object,
//   by our reference; 404 (errorCode 11, "Resource not found") when Lenco has none.
// - Authorization: Bearer <API token> on every request; JSON bodies; every answer is
//   { status: boolean, message, data } ("Getting started": "do not use message for your checks").
// - Webhooks ("Webhooks" page): a POST of { event, data } where data is the collection object;
//   events collection.successful, collection.failed, collection.settled (and transfer.* and
//   transaction.*, which we ignore). "Valid events are raised with an header X-Lenco-Signature
//   which is essentially a HMAC SHA512 signature of the event payload signed using your
//   webhook_hash_key. The webhook_hash_key is a SHA256 hash of your API token" (hex digests in
//   their Node and PHP examples). We sign-check the raw body as received, which is the payload
//   as Lenco serialised it. Lenco retries an unacknowledged event every 30 minutes for 24 hours
//   and answers 200 for every collection request (the outcome is in `data.status`).
// - Base addresses: https://api.lenco.co/access/v2 (live), https://sandbox.lenco.co/access/v2
//   (sandbox), where the "Test Cards and Accounts" numbers work (0961111111 mtn and 0971111111
//   airtel succeed; 0966666666 mtn and 0977777777 airtel time out; others fail with a reason).

export const LENCO_LIVE_API = "https://api.lenco.co/access/v2";
export const LENCO_SANDBOX_API = "https://sandbox.lenco.co/access/v2";

/** How long one call to Lenco may take before the server stops waiting (and asks later). */
const REQUEST_TIMEOUT_MS = 15_000;

export interface LencoSettings {
  apiUrl: string;
  token: string;
  /** Lenco's webhook_hash_key: by default the SHA-256 (hex) of the API token. */
  webhookHashKey: string;
  sandbox: boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The webhook key Lenco derives from an API token ("Webhooks": SHA256 of your API token). */
export function lencoWebhookHashKey(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** X-Lenco-Signature of a body: hex HMAC-SHA512 keyed with the webhook hash key. */
export function lencoSignature(body: string | Buffer, webhookHashKey: string): string {
  return createHmac("sha512", webhookHashKey).update(body).digest("hex");
}

// Text we may store. PostgreSQL's text cannot hold a NUL character: a signed body carrying one
// (JSON's "\u0000") would fail to be stored on every retry, so it is refused as malformed (400)
// rather than answered 503 for Lenco to send again for a day. The provider's reference has the
// length our column takes.
const storable = () => z.string().refine((value) => !value.includes("\u0000"), "contains a NUL character");

const LencoCollection = z.object({
  id: z.string().optional(),
  amount: z.union([z.string(), z.number()]),
  currency: storable(),
  reference: storable().nullable(),
  lencoReference: storable().min(1).max(100).nullable().optional(),
  status: z.enum(["pending", "successful", "failed", "otp-required", "pay-offline", "3ds-auth-required"]),
  reasonForFailure: storable().nullable().optional(),
  mobileMoneyDetails: z
    .object({ operatorTransactionId: storable().nullable().optional() })
    .loose()
    .nullable()
    .optional(),
});
type LencoCollection = z.infer<typeof LencoCollection>;

const LencoAnswer = z.object({ status: z.boolean(), message: z.string().optional(), data: z.unknown() });
const LencoEvent = z.object({ event: storable().min(1).max(60), data: z.unknown() });

function toCollection(data: LencoCollection): ProviderCollection {
  const status =
    data.status === "successful" || data.status === "failed" || data.status === "otp-required"
      ? data.status
      : "pending";
  return {
    reference: data.reference,
    providerReference: data.lencoReference ?? null,
    status,
    amountNgwee: decimalToNgwee(data.amount),
    currency: data.currency,
    failureReason: data.reasonForFailure ?? null,
    operatorTransactionId: data.mobileMoneyDetails?.operatorTransactionId ?? null,
  };
}

/** Short and free of anything a guest typed: what we log and store about a provider's refusal. */
function describe(message: unknown, fallback: string): string {
  return typeof message === "string" && message.trim() !== "" ? message.trim().slice(0, 200) : fallback;
}

/** A call that got no answer: it may or may not have reached Lenco, so it is asked about later. */
function unreachable(error: unknown): { kind: "unreachable"; reason: string } {
  return { kind: "unreachable", reason: error instanceof Error ? error.message : String(error) };
}

/** A collection in Lenco's answer to a POST (a new collection, or a submitted one-time code). */
function collectionAnswer({
  httpStatus,
  answer,
}: {
  httpStatus: number;
  answer: ReturnType<typeof LencoAnswer.safeParse>;
}): ProviderAnswer {
  if (httpStatus >= 500 || !answer.success) {
    return { kind: "unreachable", reason: `Lenco answered HTTP ${httpStatus}` };
  }
  if (httpStatus >= 400 || !answer.data.status) {
    return {
      kind: "refused",
      reason: describe(answer.data.message, `Lenco refused (HTTP ${httpStatus})`),
    };
  }
  const collection = LencoCollection.safeParse(answer.data.data);
  if (!collection.success) return { kind: "unreachable", reason: "Lenco's answer was not a collection" };
  return { kind: "accepted", collection: toCollection(collection.data) };
}

export function lencoProvider(settings: LencoSettings): PaymentProvider {
  const base = settings.apiUrl.replace(/\/+$/, "");
  const doFetch = settings.fetch ?? fetch;
  const timeoutMs = settings.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function call(method: "GET" | "POST", path: string, body?: unknown) {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${settings.token}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json: unknown = await response.json().catch(() => null);
    return { httpStatus: response.status, answer: LencoAnswer.safeParse(json) };
  }

  /** A POST that starts a collection or advances one (its one-time code). */
  async function postForCollection(path: string, body: unknown): Promise<ProviderAnswer> {
    let result;
    try {
      result = await call("POST", path, body);
    } catch (error) {
      return unreachable(error);
    }
    return collectionAnswer(result);
  }

  return {
    name: "lenco",
    sandbox: settings.sandbox,

    requestMobileMoney(request: MobileMoneyRequest): Promise<ProviderAnswer> {
      return postForCollection("/collections/mobile-money", {
        amount: request.amountNgwee / 100,
        reference: request.reference,
        phone: request.phone,
        operator: request.operator,
        country: "zm",
        bearer: "merchant",
      });
    },

    submitOtp(reference: string, otp: string): Promise<ProviderAnswer> {
      return postForCollection("/collections/mobile-money/submit-otp", { reference, otp });
    },

    async collectionStatus(reference: string): Promise<StatusAnswer> {
      let result;
      try {
        result = await call("GET", `/collections/status/${encodeURIComponent(reference)}`);
      } catch (error) {
        return unreachable(error);
      }
      const { httpStatus, answer } = result;
      if (httpStatus === 404) return { kind: "unknown" };
      if (httpStatus !== 200 || !answer.success || !answer.data.status) {
        return { kind: "unreachable", reason: `Lenco answered HTTP ${httpStatus}` };
      }
      const collection = LencoCollection.safeParse(answer.data.data);
      if (!collection.success) return { kind: "unreachable", reason: "Lenco's answer was not a collection" };
      return { kind: "found", collection: toCollection(collection.data) };
    },

    readWebhook(rawBody, headers): WebhookReading {
      const header = headers["x-lenco-signature"];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) {
        return { kind: "forged", reason: "no valid X-Lenco-Signature header" };
      }
      const expected = Buffer.from(lencoSignature(rawBody, settings.webhookHashKey), "hex");
      if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
        return { kind: "forged", reason: "X-Lenco-Signature does not match the body" };
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return { kind: "malformed", reason: "body is not JSON" };
      }
      const event = LencoEvent.safeParse(json);
      if (!event.success) return { kind: "malformed", reason: "not a Lenco event" };
      if (event.data.event !== "collection.successful" && event.data.event !== "collection.failed") {
        return { kind: "ignored", event: event.data.event };
      }
      const collection = LencoCollection.safeParse(event.data.data);
      if (!collection.success) return { kind: "malformed", reason: "event data is not a collection" };
      // Without our reference it is about no attempt of ours: stored as ignored, not left received.
      if (collection.data.reference === null) return { kind: "ignored", event: event.data.event };
      return { kind: "collection", event: event.data.event, collection: toCollection(collection.data) };
    },
  };
}
