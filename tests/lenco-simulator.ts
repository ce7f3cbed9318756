import { createHash, createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Lenco's API v2, for tests without network (the mail tests run a real SMTP
 * server the same way). It follows Lenco's reference (https://lenco-api.readme.io/v2.0/reference)
 * as app/features/payments/lenco.server.ts cites it, written from the documentation, not from our client:
 * - `Authorization: Bearer <token>` on every call, else 401 (errorCode 09);
 * - POST /collections/mobile-money { amount, reference, phone, operator, country?, bearer? }:
 *   200 with the collection in `pay-offline` (the guest has the PIN prompt); 400 "Duplicate
 *   reference" (errorCode 04) for a reference seen before; 400 (errorCode 01) for a bad body;
 * - POST /collections/mobile-money/submit-otp { reference, otp } ("Submit OTP for mobile money
 *   collection"): for a collection in `otp-required`, the sandbox's code 000000 moves it on to
 *   `pay-offline` (the PIN prompt, then the number's outcome as below) and answers the collection;
 *   any other code is refused with 400 { status: false, message: "Invalid OTP provided" } and
 *   the collection stays `otp-required`; 404 (errorCode 11) for an unknown reference;
 * - GET /collections/status/:reference: the collection, or 404 (errorCode 11);
 * - webhooks `collection.successful` / `collection.failed` with { event, data }, signed in
 *   `X-Lenco-Signature`: hex HMAC-SHA512 of the body keyed with the webhook_hash_key, the hex
 *   SHA-256 of the API token;
 * - the sandbox's "Test Cards and Accounts": 0961111111 (mtn) and 0971111111 (airtel) succeed;
 *   0966666666 (mtn) and 0977777777 (airtel) fail with "Transaction Timed Out"; the other listed
 *   numbers fail with their reason; any other number never approves (the guest ignores the prompt).
 *   Lenco's list names no number that asks for a one-time code, so this simulator picks its own:
 *   0969999999 (mtn) and 0979999999 (airtel) start `otp-required` and, once 000000 is submitted,
 *   succeed like 0961111111. Nothing settles while a collection waits for its code.
 * - the card widget ("Accept Payments"): GET /js/v1/inline.js defines `LencoPay.getPaid({ key,
 *   reference, email, amount, currency, channels, customer, onSuccess, onClose,
 *   onConfirmationPending })`, which opens the simulator's own card form in a frame of the
 *   simulator's origin (GET /widget): the card is posted there (POST /widget/pay), never to the
 *   site. The simulator's cards: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined
 *   ("Card declined"); the collection (type "card") is then final, its webhook sent, and the frame
 *   tells the page (onSuccess, or onClose once the guest closes it). `cardPayments` keeps what
 *   the widget received, so a test can look for the card elsewhere.
 * Tests decide when the guest "approves" (`settle`), or let it happen after `autoSettleMs`; they
 * can take the API down, keep webhooks back, send them twice, out of order, or tampered.
 */

const SANDBOX_OUTCOMES: Record<string, { operator: string; reason: string | null; otp?: true }> = {
  "0961111111": { operator: "mtn", reason: null },
  "0962222222": { operator: "mtn", reason: "Not enough funds" },
  "0963333333": { operator: "mtn", reason: "Withdrawal amount limit exceeded" },
  "0964444444": { operator: "mtn", reason: "Transaction unauthorized" },
  "0965555555": { operator: "mtn", reason: "Transaction unauthorized" },
  "0966666666": { operator: "mtn", reason: "Transaction Timed Out" },
  "0971111111": { operator: "airtel", reason: null },
  "0972222222": { operator: "airtel", reason: "Incorrect Pin" },
  "0973333333": { operator: "airtel", reason: "Invalid Amount" },
  "0974444444": { operator: "airtel", reason: "Payment invalid" },
  "0975555555": { operator: "airtel", reason: "Not enough funds" },
  "0976666666": { operator: "airtel", reason: "Failed" },
  "0977777777": { operator: "airtel", reason: "Transaction Timed Out" },
  "0978888888": { operator: "airtel", reason: "Failed" },
  // The simulator's own: a number Lenco first verifies with a one-time code (see above).
  "0969999999": { operator: "mtn", reason: null, otp: true },
  "0979999999": { operator: "airtel", reason: null, otp: true },
};

/** The one-time code Lenco's sandbox accepts ("Submit OTP for mobile money collection"). */
export const SANDBOX_OTP = "000000";

export interface SimulatedCollection {
  id: string;
  initiatedAt: string;
  completedAt: string | null;
  amount: string;
  fee: string | null;
  bearer: "merchant" | "customer";
  currency: string;
  reference: string;
  lencoReference: string;
  type: "mobile-money" | "card";
  status: "pending" | "successful" | "failed" | "pay-offline" | "otp-required";
  source: "api";
  reasonForFailure: string | null;
  settlementStatus: "pending" | "settled" | null;
  settlement: null;
  mobileMoneyDetails: {
    country: string;
    phone: string;
    operator: string;
    accountName: string | null;
    operatorTransactionId: string | null;
  } | null;
  bankAccountDetails: null;
  /** Lenco shows a card by its brand and last four digits only. */
  cardDetails: { type: string; last4: string } | null;
}

/** A card payment made in the simulated widget. */
export interface SimulatedCardPayment {
  key: string;
  reference: string;
  amount: string;
  currency: string;
  email: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** The simulator's own test cards (its widget's, not a list Lenco publishes). */
export const SIMULATOR_CARDS = { success: "4111111111111111", declined: "4000000000000002" } as const;

export interface WebhookDelivery {
  event: string;
  reference: string;
  status: number | "unreachable";
}

export interface LencoSimulator {
  /** The API's base address, as LENCO_API_URL. */
  url: string;
  token: string;
  /** The card widget's public key (LENCO_PUBLIC_KEY) and script (LENCO_WIDGET_URL). */
  publicKey: string;
  widgetUrl: string;
  /** Every card the widget took (only the simulator ever sees them). */
  cardPayments: SimulatedCardPayment[];
  /** What the widget's form does: the collection, final, and its webhook (as Lenco's widget). */
  payByCard(payment: SimulatedCardPayment): Promise<SimulatedCollection | string>;
  collections: Map<string, SimulatedCollection>;
  /** Every request received (method and path), for tests that count calls. */
  requests: { method: string; path: string }[];
  deliveries: WebhookDelivery[];
  /** Where webhooks go; none are sent while null. */
  webhookUrl: string | null;
  /** Settle every new collection by itself after this delay; null: only `settle()` does. */
  autoSettleMs: number | null;
  /** Send a webhook when a collection settles (false: the webhook "never comes"). */
  sendWebhooks: boolean;
  /** The guest approves (or the sandbox number decides): the final status, and its webhook. */
  settle(reference: string): Promise<SimulatedCollection>;
  /** Signs and sends the collection's current state as this event (again, for duplicates). */
  deliver(
    reference: string,
    event?: string,
    tamper?: (body: string) => string,
  ): Promise<number | "unreachable">;
  /** The API answers 503 to everything (Lenco down) until `up()`. */
  down(): void;
  up(): void;
  /** The webhook signature the documentation describes, for a body. */
  sign(body: string): string;
  close(): Promise<void>;
}

export async function startLencoSimulator(
  options: {
    token?: string;
    publicKey?: string;
    webhookUrl?: string | null;
    autoSettleMs?: number | null;
    port?: number;
  } = {},
): Promise<LencoSimulator> {
  const token = options.token ?? "sim-token-0123456789abcdef";
  const publicKey = options.publicKey ?? "pub-sim-0123456789abcdef";
  const cardPayments: SimulatedCardPayment[] = [];
  const hashKey = createHash("sha256").update(token).digest("hex");
  const collections = new Map<string, SimulatedCollection>();
  const requests: { method: string; path: string }[] = [];
  const deliveries: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let isDown = false;
  let sequence = 240730000;

  const sign = (body: string) => createHmac("sha512", hashKey).update(body).digest("hex");

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return null;
    }
  }

  function createCollection(body: Record<string, unknown>): SimulatedCollection | string {
    const { amount, reference, phone, operator, country = "zm", bearer = "merchant" } = body;
    if (typeof amount !== "number" || !(amount > 0)) return "amount must be a positive number";
    if (typeof reference !== "string" || !/^[A-Za-z0-9._-]+$/.test(reference)) return "invalid reference";
    if (typeof phone !== "string" || !/^0\d{9}$/.test(phone)) return "Invalid mobile number";
    if (operator !== "mtn" && operator !== "airtel") return "operator must be airtel or mtn";
    if (country !== "zm") return "country must be zm";
    if (bearer !== "merchant" && bearer !== "customer") return "invalid bearer";
    return {
      id: randomUUID(),
      initiatedAt: new Date().toISOString(),
      completedAt: null,
      amount: amount.toFixed(2),
      fee: null,
      bearer,
      currency: "ZMW",
      reference,
      lencoReference: String(++sequence),
      type: "mobile-money",
      status: SANDBOX_OUTCOMES[phone]?.otp ? "otp-required" : "pay-offline",
      source: "api",
      reasonForFailure: null,
      settlementStatus: null,
      settlement: null,
      mobileMoneyDetails: {
        country: "zm",
        phone,
        operator,
        accountName: "Test Guest",
        operatorTransactionId: null,
      },
      bankAccountDetails: null,
      cardDetails: null,
    };
  }

  function scheduleAutoSettle(reference: string) {
    if (simulator.autoSettleMs === null) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void simulator.settle(reference).catch(() => undefined);
    }, simulator.autoSettleMs);
    timers.add(timer);
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lenco (simulated)</title></head><body>${body}</body></html>`,
    );
  }

  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** The widget's card form, in the simulator's origin (the page's frame). */
  function widgetPage(res: ServerResponse, query: URLSearchParams, error: string | null) {
    const field = (name: string) => escape(query.get(name) ?? "");
    html(
      res,
      200,
      `<main><h1>Pay ${field("currency")} ${field("amount")}</h1>
      ${error ? `<p role="alert">${escape(error)}</p>` : ""}
      <form method="post" action="/widget/pay">
        ${["key", "reference", "amount", "currency", "email"].map((name) => `<input type="hidden" name="${name}" value="${field(name)}">`).join("")}
        <label>Card number <input name="cardNumber" autocomplete="cc-number" inputmode="numeric"></label>
        <label>Expiry <input name="expiry" autocomplete="cc-exp"></label>
        <label>CVV <input name="cvv" autocomplete="cc-csc" inputmode="numeric"></label>
        <button type="submit">Pay</button>
      </form>
      <button type="button" id="close">Close</button>
      <script>document.getElementById("close").onclick=function(){parent.postMessage({lencoSimulator:"close"},"*")}</script></main>`,
    );
  }

  /** The widget's script: LencoPay.getPaid opens the form in a frame and relays its outcome. */
  const inlineJs = (origin: string) => `(function(){
  window.LencoPay={getPaid:function(o){
    var q=new URLSearchParams({key:o.key,reference:o.reference,amount:String(o.amount),currency:o.currency||"ZMW",email:o.email});
    var f=document.createElement("iframe");f.src=${JSON.stringify(origin)}+"/widget?"+q;f.title="Lenco payment";
    f.style.cssText="position:fixed;inset:10%;width:80%;height:80%;z-index:1000;background:#fff;border:2px solid #333";
    function done(e){if(e.origin!==${JSON.stringify(origin)}||!e.data)return;var m=e.data.lencoSimulator;
      if(m==="success"){cleanup();o.onSuccess&&o.onSuccess({reference:o.reference,status:"successful"});}
      else if(m==="pending"){cleanup();o.onConfirmationPending&&o.onConfirmationPending();}
      else if(m==="close"){cleanup();o.onClose&&o.onClose();}}
    function cleanup(){window.removeEventListener("message",done);f.remove();}
    window.addEventListener("message",done);document.body.appendChild(f);
  }};})();`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator");
    const path = url.pathname;
    requests.push({ method: req.method ?? "", path });
    if (isDown) return reply(res, 503, { status: false, message: "Service unavailable", data: null });
    // The widget's pages are the guest's browser talking to Lenco: no API token.
    if (req.method === "GET" && path === "/js/v1/inline.js") {
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
      return res.end(inlineJs(simulator.url));
    }
    if (req.method === "GET" && path === "/widget") {
      if (url.searchParams.get("key") !== publicKey) return html(res, 401, "<p>Invalid public key</p>");
      return widgetPage(res, url.searchParams, null);
    }
    if (req.method === "POST" && path === "/widget/pay") {
      const form = await readForm(req);
      const payment: SimulatedCardPayment = {
        key: form.get("key") ?? "",
        reference: form.get("reference") ?? "",
        amount: form.get("amount") ?? "",
        currency: form.get("currency") ?? "",
        email: form.get("email") ?? "",
        cardNumber: (form.get("cardNumber") ?? "").replace(/\s+/g, ""),
        expiry: form.get("expiry") ?? "",
        cvv: form.get("cvv") ?? "",
      };
      const outcome = await simulator.payByCard(payment);
      if (typeof outcome === "string") return widgetPage(res, form, outcome);
      if (outcome.status === "failed") return widgetPage(res, form, outcome.reasonForFailure ?? "Failed");
      return html(
        res,
        200,
        `<p>Payment successful</p><script>parent.postMessage({lencoSimulator:"success"},"*")</script>`,
      );
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return reply(res, 401, { status: false, message: "Invalid auth token", errorCode: "09", data: null });
    }
    if (req.method === "POST" && path === "/collections/mobile-money") {
      const body = await readJson(req);
      if (typeof body !== "object" || body === null) {
        return reply(res, 400, { status: false, message: "Invalid JSON", errorCode: "01", data: null });
      }
      const reference = (body as { reference?: unknown }).reference;
      if (typeof reference === "string" && collections.has(reference)) {
        return reply(res, 400, {
          status: false,
          message: "Duplicate reference",
          errorCode: "04",
          data: null,
        });
      }
      const collection = createCollection(body as Record<string, unknown>);
      if (typeof collection === "string") {
        return reply(res, 400, { status: false, message: collection, errorCode: "01", data: null });
      }
      collections.set(collection.reference, collection);
      // A number that waits for its one-time code gets its prompt (and its timer) once verified.
      if (collection.status === "pay-offline") scheduleAutoSettle(collection.reference);
      return reply(res, 200, { status: true, message: "", data: collection });
    }
    if (req.method === "POST" && path === "/collections/mobile-money/submit-otp") {
      const body = (await readJson(req)) as { reference?: unknown; otp?: unknown } | null;
      if (typeof body?.reference !== "string" || typeof body.otp !== "string") {
        return reply(res, 400, {
          status: false,
          message: "reference and otp are required",
          errorCode: "01",
          data: null,
        });
      }
      const collection = collections.get(body.reference);
      if (!collection)
        return reply(res, 404, { status: false, message: "Resource not found", errorCode: "11", data: null });
      if (collection.status !== "otp-required") {
        return reply(res, 400, {
          status: false,
          message: "OTP not required for this collection",
          errorCode: "01",
          data: null,
        });
      }
      if (body.otp !== SANDBOX_OTP) {
        return reply(res, 400, {
          status: false,
          message: "Invalid OTP provided",
          errorCode: "01",
          data: null,
        });
      }
      collection.status = "pay-offline";
      scheduleAutoSettle(collection.reference);
      return reply(res, 200, { status: true, message: "OTP submitted successfully", data: collection });
    }
    const status = /^\/collections\/status\/([^/]+)$/.exec(path);
    if (req.method === "GET" && status) {
      const collection = collections.get(decodeURIComponent(status[1] ?? ""));
      if (!collection)
        return reply(res, 404, { status: false, message: "Resource not found", errorCode: "11", data: null });
      return reply(res, 200, { status: true, message: "", data: collection });
    }
    return reply(res, 404, { status: false, message: "Resource not found", errorCode: "11", data: null });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => reply(res, 500, { status: false, message: "simulator error", data: null }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const simulator: LencoSimulator = {
    url: `http://127.0.0.1:${port}`,
    token,
    publicKey,
    widgetUrl: `http://127.0.0.1:${port}/js/v1/inline.js`,
    cardPayments,
    async payByCard(payment) {
      cardPayments.push(payment);
      if (payment.key !== publicKey) return "Invalid public key";
      if (!/^[A-Za-z0-9._-]+$/.test(payment.reference)) return "invalid reference";
      if (collections.has(payment.reference)) return "Duplicate reference";
      const amount = Number(payment.amount);
      if (!(amount > 0)) return "amount must be a positive number";
      if (!/^\d{12,19}$/.test(payment.cardNumber) || !/^\d{3,4}$/.test(payment.cvv)) {
        return "Please check the card details";
      }
      const declined = payment.cardNumber !== SIMULATOR_CARDS.success;
      const collection: SimulatedCollection = {
        id: randomUUID(),
        initiatedAt: new Date().toISOString(),
        completedAt: new Date().toISOString(),
        amount: amount.toFixed(2),
        fee: declined ? null : (amount * 0.035).toFixed(2),
        bearer: "merchant",
        currency: payment.currency || "ZMW",
        reference: payment.reference,
        lencoReference: String(++sequence),
        type: "card",
        status: declined ? "failed" : "successful",
        source: "api",
        reasonForFailure: declined ? "Card declined" : null,
        settlementStatus: declined ? null : "pending",
        settlement: null,
        mobileMoneyDetails: null,
        bankAccountDetails: null,
        cardDetails: { type: "visa", last4: payment.cardNumber.slice(-4) },
      };
      collections.set(collection.reference, collection);
      if (simulator.sendWebhooks) await simulator.deliver(collection.reference);
      return collection;
    },
    collections,
    requests,
    deliveries,
    webhookUrl: options.webhookUrl ?? null,
    autoSettleMs: options.autoSettleMs ?? null,
    sendWebhooks: true,
    sign,
    async settle(reference) {
      const collection = collections.get(reference);
      if (!collection) throw new Error(`no collection ${reference}`);
      if (!collection.mobileMoneyDetails) return collection;
      const outcome = SANDBOX_OUTCOMES[collection.mobileMoneyDetails.phone];
      // Any number outside the sandbox's list: the guest never approves the prompt. One still
      // waiting for its one-time code has no prompt to approve yet.
      if (
        !outcome ||
        collection.status === "successful" ||
        collection.status === "failed" ||
        collection.status === "otp-required"
      )
        return collection;
      collection.completedAt = new Date().toISOString();
      if (outcome.reason === null) {
        collection.status = "successful";
        collection.fee = (Number(collection.amount) * 0.025).toFixed(2);
        collection.settlementStatus = "pending";
        collection.mobileMoneyDetails.operatorTransactionId = `MP${collection.lencoReference}`;
      } else {
        collection.status = "failed";
        collection.reasonForFailure = outcome.reason;
      }
      if (simulator.sendWebhooks) await simulator.deliver(reference);
      return collection;
    },
    async deliver(reference, event, tamper) {
      const collection = collections.get(reference);
      if (!collection) throw new Error(`no collection ${reference}`);
      const name =
        event ?? (collection.status === "successful" ? "collection.successful" : "collection.failed");
      if (!simulator.webhookUrl) return "unreachable";
      const signed = JSON.stringify({ event: name, data: collection });
      const body = tamper ? tamper(signed) : signed;
      let status: number | "unreachable";
      try {
        const response = await fetch(simulator.webhookUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Lenco-Signature": sign(signed) },
          body,
        });
        status = response.status;
      } catch {
        status = "unreachable";
      }
      deliveries.push({ event: name, reference, status });
      return status;
    },
    down() {
      isDown = true;
    },
    up() {
      isDown = false;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return simulator;
}
