import { createHash } from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import {
  lencoProvider,
  lencoSignature,
  lencoWebhookHashKey,
} from "../../app/features/payments/lenco.server.ts";
import { LENCO_WEBHOOK_PATH } from "../../app/features/payments/payment-config.server.ts";
import { lastResort } from "../../server/last-resort.ts";
import { paymentWebhook } from "../../server/payment-webhook.ts";
import { createSiteServer, TIMEOUTS } from "../../server/timeouts.ts";
import { describeEachEngine } from "./test-database.ts";

// The payment provider's webhook at the server's edge, over real HTTP: mounted as server/app.ts
// mounts it (server/payment-webhook.ts) and behind the process's last error handler, as
// server/index.ts serves it. Its size and time limits are the forms' (decisions.md 15, ADR 0006);
// a signed body the database could never store is the sender's mistake (4xx), not an outage.

const LIMIT = 64 * 1024;
const TOKEN = "a-lenco-api-token-for-the-webhook-edge";
const hashKey = lencoWebhookHashKey(TOKEN);
const provider = lencoProvider({
  apiUrl: "http://127.0.0.1:9",
  token: TOKEN,
  webhookHashKey: hashKey,
  sandbox: true,
});

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function webhookSite(
  database: () => Promise<DB>,
  limits?: { timeMs: number },
  timeouts: { headers: number; request: number; keepAlive: number } = TIMEOUTS,
): Promise<string> {
  const app = express();
  app.post(LENCO_WEBHOOK_PATH, ...paymentWebhook(database, provider, limits));
  app.use(lastResort);
  const server = createSiteServer(app, timeouts);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${LENCO_WEBHOOK_PATH}`;
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  /** Resolves once the server has closed the connection. */
  closed: Promise<void>;
}

/** Posts `body` on a connection of its own, declaring its length; resolves with the answer. */
function post(url: string, body: Buffer | string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", agent: false, headers: { "Content-Type": "application/json", ...headers } },
      (response) => {
        const closed = new Promise<void>((done) => response.socket.once("close", () => done()));
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: text,
            closed,
          }),
        );
      },
    );
    // The server may answer and close before it has read all of a body it refuses.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    request.end(body);
  });
}

const signed = (body: string) => ({ "X-Lenco-Signature": lencoSignature(body, hashKey) });
const sha256 = (body: string) => createHash("sha256").update(body).digest("hex");

describeEachEngine("the payment webhook at the edge", (getDatabase) => {
  const database = async () => getDatabase().db;

  it("answers a body of exactly 64 KB (unsigned: 401) and refuses one byte more with 413 at once", async () => {
    const url = await webhookSite(database);
    const whole = await post(url, Buffer.alloc(LIMIT, "x"));
    expect(whole.status).toBe(401);
    const over = await post(url, Buffer.alloc(LIMIT + 1, "x"));
    expect(over.status).toBe(413);
    expect(over.connection).toBe("close");
    expect(JSON.parse(over.body)).toEqual({ status: false, outcome: "too-large" });
    await over.closed;
  });

  it("refuses a declared length over the limit before the body is sent", async () => {
    const url = new URL(await webhookSite(database));
    const socket = net.connect(Number(url.port), url.hostname);
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${10 * LIMIT}\r\n\r\n`,
    );
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    await new Promise((resolve) => socket.once("close", resolve));
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
  });

  it("answers 400 and stores nothing for a signed body with a NUL in its event or reference", async () => {
    const { db } = getDatabase();
    const url = await webhookSite(database);
    const collection = { amount: "10.00", currency: "ZMW", status: "successful", lencoReference: "L-1" };
    const bodies = [
      JSON.stringify({
        event: "collection.successful\u0000",
        data: { ...collection, reference: "LDG-NUL-1" },
      }),
      JSON.stringify({
        event: "collection.successful",
        data: { ...collection, reference: "LDG-NUL\u0000-2" },
      }),
      JSON.stringify({ event: "transfer.successful\u0000", data: {} }),
      JSON.stringify({
        event: "collection.failed",
        data: { ...collection, status: "failed", reference: "LDG-NUL-3", reasonForFailure: "No\u0000funds" },
      }),
    ];
    for (const body of bodies) {
      const answer = await post(url, body, signed(body));
      expect(answer.status, body).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ status: false, outcome: "malformed" });
      const stored = await db
        .selectFrom("paymentWebhookEvents")
        .select("id")
        .where("bodySha256", "=", sha256(body))
        .execute();
      expect(stored).toEqual([]);
    }
  });

  it("ignores a signed success whose reference is null, and its stored event says so", async () => {
    const { db } = getDatabase();
    const url = await webhookSite(database);
    const body = JSON.stringify({
      event: "collection.successful",
      data: {
        amount: "10.00",
        currency: "ZMW",
        status: "successful",
        reference: null,
        lencoReference: "L-2",
      },
    });
    const answer = await post(url, body, signed(body));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: true, outcome: "ignored" });
    const stored = await db
      .selectFrom("paymentWebhookEvents")
      .select(["event", "reference", "outcome"])
      .where("bodySha256", "=", sha256(body))
      .execute();
    expect(stored).toEqual([{ event: "collection.successful", reference: null, outcome: "ignored" }]);
  });
});

describe("the payment webhook's time limit", () => {
  it("answers 503 and closes when the database does not answer within the request time limit", async () => {
    const url = await webhookSite(() => new Promise<DB>(() => {}), { timeMs: 200 });
    const body = JSON.stringify({ event: "collection.successful", data: {} });
    const answer = await post(url, body, signed(body));
    expect(answer.status).toBe(503);
    expect(answer.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({ status: false, outcome: "unavailable" });
    await answer.closed;
  });

  it("closes a connection whose body stalls, like any request's", async () => {
    const url = new URL(
      await webhookSite(() => new Promise<DB>(() => {}), undefined, {
        headers: 500,
        request: 1_000,
        keepAlive: 500,
      }),
    );
    const socket = net.connect(Number(url.port), url.hostname);
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 100\r\n\r\n{"event":`,
    );
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    await new Promise((resolve) => socket.once("close", resolve));
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});
