import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/shared/env.server.ts";
import {
  LENCO_LIVE_API,
  LENCO_SANDBOX_API,
  lencoProvider,
  lencoSignature,
  lencoWebhookHashKey,
} from "./lenco.server.ts";
import { paymentProviderFromEnv } from "./payment-config.server.ts";
import { decimalToNgwee } from "./payment-provider.server.ts";

// The payment settings (docs/configuration.md "Online deposits (Lenco)", ADR 0018): parsed at start
// with the rest of the environment; without a token nothing is paid online.

const TOKEN = "a-lenco-api-token-of-some-length";

const problem = (source: NodeJS.ProcessEnv) => {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("parsed");
};

describe("LENCO_* settings", () => {
  it("offer no online payment without a token", () => {
    expect(paymentProviderFromEnv(parseEnv({}))).toBeNull();
    expect(paymentProviderFromEnv(parseEnv({ LENCO_API_TOKEN: "" }))).toBeNull();
  });

  it("default to Lenco's live API, or its sandbox's", () => {
    const live = parseEnv({ LENCO_API_TOKEN: TOKEN });
    expect(live.LENCO_ENVIRONMENT).toBe("live");
    expect(paymentProviderFromEnv(live)?.sandbox).toBe(false);
    expect(LENCO_LIVE_API).toBe("https://api.lenco.co/access/v2");
    expect(LENCO_SANDBOX_API).toBe("https://sandbox.lenco.co/access/v2");
    const sandbox = parseEnv({
      LENCO_API_TOKEN: TOKEN,
      LENCO_ENVIRONMENT: "sandbox",
      LENCO_API_URL: "http://127.0.0.1:9",
    });
    expect(paymentProviderFromEnv(sandbox)?.sandbox).toBe(true);
  });

  it("refuse settings that cannot work, with the variable's name", () => {
    expect(problem({ LENCO_API_URL: "https://api.lenco.co/access/v2" })).toMatch(
      /LENCO_API_URL: needs LENCO_API_TOKEN/,
    );
    expect(problem({ LENCO_WEBHOOK_SECRET: "0123456789abcdef" })).toMatch(
      /LENCO_WEBHOOK_SECRET: needs LENCO_API_TOKEN/,
    );
    expect(problem({ LENCO_API_TOKEN: TOKEN, LENCO_API_URL: "http://api.example" })).toMatch(
      /LENCO_API_URL: must be https/,
    );
    expect(problem({ LENCO_API_TOKEN: TOKEN, LENCO_ENVIRONMENT: "test" })).toMatch(/LENCO_ENVIRONMENT/);
    expect(problem({ LENCO_API_TOKEN: "short" })).toMatch(/LENCO_API_TOKEN/);
  });
});

describe("LENCO_API_TOKEN's shape", () => {
  it("takes the token as Lenco gives it, spaces around it trimmed", () => {
    const lencoExample = "xo+CAiijrIy9XvZCYyhjrv0fpSAL6CfU8CgA+up1NXqK";
    expect(parseEnv({ LENCO_API_TOKEN: ` ${lencoExample}\n` }).LENCO_API_TOKEN).toBe(lencoExample);
  });

  it("says what shape it expects, and never repeats the value", () => {
    const refused = {
      short: "abc123",
      "a space inside": "abcdefgh ijklmnopqrstuvwxyz",
      "a line break inside": "abcdefghijkl\nmnopqrstuvwxyz",
      "a non-ASCII letter": "abcdefghijklmnopqrstuvwxyzé",
    };
    for (const [kind, token] of Object.entries(refused)) {
      const message = problem({ LENCO_API_TOKEN: token });
      expect(message, kind).toMatch(
        /LENCO_API_TOKEN: must be the API token from Lenco: 16 or more letters, digits and signs such as \+ \/ = _ -, with no spaces/,
      );
      expect(message, kind).not.toContain(token.trim());
    }
    const withBearer = problem({ LENCO_API_TOKEN: `Bearer ${TOKEN}` });
    expect(withBearer).toMatch(/LENCO_API_TOKEN: must be the token alone, without "Bearer" in front/);
    expect(withBearer).not.toContain(TOKEN);
  });
});

describe("the card widget's settings (LENCO_PUBLIC_KEY, LENCO_WIDGET_URL)", () => {
  it("offer no card online without a public key; Lenco's widget script by default", () => {
    expect(paymentProviderFromEnv(parseEnv({ LENCO_API_TOKEN: TOKEN }))?.cardWidget).toBeNull();
    expect(
      paymentProviderFromEnv(parseEnv({ LENCO_API_TOKEN: TOKEN, LENCO_PUBLIC_KEY: "pub-0123456789abcdef" }))
        ?.cardWidget,
    ).toEqual({
      publicKey: "pub-0123456789abcdef",
      scriptUrl: "https://pay.lenco.co/js/v1/inline.js",
    });
    const sandbox = parseEnv({
      LENCO_API_TOKEN: TOKEN,
      LENCO_ENVIRONMENT: "sandbox",
      LENCO_PUBLIC_KEY: "pub-0123456789abcdef",
    });
    expect(paymentProviderFromEnv(sandbox)?.cardWidget?.scriptUrl).toBe(
      "https://pay.sandbox.lenco.co/js/v1/inline.js",
    );
    const simulated = parseEnv({
      LENCO_API_TOKEN: TOKEN,
      LENCO_ENVIRONMENT: "sandbox",
      LENCO_PUBLIC_KEY: "pub-0123456789abcdef",
      LENCO_WIDGET_URL: "http://127.0.0.1:9/js/v1/inline.js",
    });
    expect(paymentProviderFromEnv(simulated)?.cardWidget?.scriptUrl).toBe(
      "http://127.0.0.1:9/js/v1/inline.js",
    );
  });

  it("refuse settings that cannot work, with the variable's name", () => {
    expect(problem({ LENCO_PUBLIC_KEY: "pub-0123456789abcdef" })).toMatch(
      /LENCO_PUBLIC_KEY: needs LENCO_API_TOKEN/,
    );
    expect(
      problem({ LENCO_API_TOKEN: TOKEN, LENCO_WIDGET_URL: "https://pay.lenco.co/js/v1/inline.js" }),
    ).toMatch(/LENCO_WIDGET_URL: needs LENCO_PUBLIC_KEY/);
    expect(
      problem({
        LENCO_API_TOKEN: TOKEN,
        LENCO_PUBLIC_KEY: "pub-0123456789abcdef",
        LENCO_WIDGET_URL: "http://pay.example/inline.js",
      }),
    ).toMatch(/LENCO_WIDGET_URL: must be https/);
    expect(problem({ LENCO_API_TOKEN: TOKEN, LENCO_PUBLIC_KEY: "not a key" })).toMatch(
      /LENCO_PUBLIC_KEY: must be a Lenco public key/,
    );
  });
});

describe("Lenco's webhook signature", () => {
  it("is the hex HMAC-SHA512 of the body keyed with the hex SHA-256 of the API token (Lenco's 'Webhooks')", () => {
    const body = '{"event":"collection.successful","data":{}}';
    const key = createHash("sha256").update(TOKEN).digest("hex");
    expect(lencoWebhookHashKey(TOKEN)).toBe(key);
    expect(lencoSignature(body, key)).toBe(createHmac("sha512", key).update(body).digest("hex"));
  });

  it("is checked on the raw body: one changed byte, a missing or malformed header is forged", () => {
    const key = lencoWebhookHashKey(TOKEN);
    const provider = lencoProvider({
      apiUrl: LENCO_SANDBOX_API,
      token: TOKEN,
      webhookHashKey: key,
      sandbox: true,
    });
    const body = JSON.stringify({
      event: "collection.successful",
      data: {
        amount: "120.00",
        currency: "ZMW",
        reference: "LDG-ABC234-1a2b3c4d",
        lencoReference: "240730001",
        status: "successful",
      },
    });
    const signature = lencoSignature(body, key);
    expect(provider.readWebhook(Buffer.from(body), { "x-lenco-signature": signature })).toMatchObject({
      kind: "collection",
      collection: { status: "successful", amountNgwee: 12000, reference: "LDG-ABC234-1a2b3c4d" },
    });
    expect(
      provider.readWebhook(Buffer.from(body.replace("120.00", "12.00")), { "x-lenco-signature": signature })
        .kind,
    ).toBe("forged");
    expect(provider.readWebhook(Buffer.from(body), {}).kind).toBe("forged");
    expect(provider.readWebhook(Buffer.from(body), { "x-lenco-signature": "not hex" }).kind).toBe("forged");
    const transfer = JSON.stringify({ event: "transfer.successful", data: {} });
    expect(
      provider.readWebhook(Buffer.from(transfer), { "x-lenco-signature": lencoSignature(transfer, key) }),
    ).toEqual({
      kind: "ignored",
      event: "transfer.successful",
    });
  });
});

describe("amounts", () => {
  it("go between Lenco's decimal kwacha and ngwee without floating point", () => {
    expect(decimalToNgwee("400.00")).toBe(40000);
    expect(decimalToNgwee("0.1")).toBe(10);
    expect(decimalToNgwee(13)).toBe(1300);
    expect(decimalToNgwee("1e3")).toBeNaN();
    expect(decimalToNgwee("-5")).toBeNaN();
  });
});
