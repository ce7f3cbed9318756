import type { AddressInfo } from "node:net";
import http from "node:http";
import express, { type ErrorRequestHandler, type Express } from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bodyLimit } from "../../server/body-limit.ts";
import { logger } from "../../app/shared/logger.server.ts";
import { lastResort } from "../../server/last-resort.ts";
import { requestLog } from "../../server/request-log.ts";
import { writeRateLimit } from "../../server/rate-limit.ts";
import { securityHeaders } from "../../server/security-headers.ts";

// The server's safety middleware (decisions.md 15, 16), each on a bare Express
// app listening on a free port, exercised over real HTTP.

const LIMIT = 64 * 1024;
const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(app: Express): Promise<string> {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers with the number of body bytes it read, after a pause, as a slow handler would. */
function bodyCountingApp(): Express {
  const app = express();
  app.use(bodyLimit(LIMIT));
  app.post("/", async (req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    let bytes = 0;
    for await (const chunk of req) bytes += (chunk as Buffer).length;
    res.json({ bytes });
  });
  return app;
}

/** Sends `chunks` without a Content-Length (Transfer-Encoding: chunked); resolves with the answer. */
function postChunked(url: string, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { "Content-Type": "text/plain" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    const writeNext = (index: number) => {
      if (index >= chunks.length) return request.end();
      // Stop feeding a request the server has already refused.
      if (request.destroyed) return;
      request.write(chunks[index], () => setImmediate(() => writeNext(index + 1)));
    };
    writeNext(0);
  });
}

describe("bodyLimit", () => {
  it("refuses a body one byte over 64 KB with 413 and a plain message", async () => {
    const url = await listen(bodyCountingApp());
    const response = await fetch(url, { method: "POST", body: "x".repeat(LIMIT + 1) });
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/too large/i);
  });

  it("passes a body of exactly 64 KB through whole", async () => {
    const url = await listen(bodyCountingApp());
    const response = await fetch(url, { method: "POST", body: "x".repeat(LIMIT) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bytes: LIMIT });
  });

  it("never limits GET requests", async () => {
    const app = express();
    app.use(bodyLimit(LIMIT));
    app.get("/", (_req, res) => res.send("ok"));
    const url = await listen(app);
    const response = await fetch(url);
    expect(response.status).toBe(200);
  });

  it("cuts off a chunked body once it passes the limit", async () => {
    const url = await listen(bodyCountingApp());
    const chunk = Buffer.alloc(16 * 1024, "x");
    const { status, body } = await postChunked(
      url,
      Array.from({ length: 8 }, () => chunk),
    );
    expect(status).toBe(413);
    expect(body).toMatch(/too large/i);
  });

  it("delivers a chunked body under the limit whole, even to a handler that reads it later", async () => {
    const url = await listen(bodyCountingApp());
    const chunk = Buffer.alloc(8 * 1024, "y");
    const { status, body } = await postChunked(
      url,
      Array.from({ length: 4 }, () => chunk),
    );
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual({ bytes: 4 * 8 * 1024 });
  });
});

describe("writeRateLimit", () => {
  function verdictApp(limit: number, trustProxy = false): Express {
    const app = express();
    if (trustProxy) app.set("trust proxy", 1);
    app.use(writeRateLimit(limit));
    app.all("/", (_req, res) => res.json({ writeAllowed: res.locals.writeAllowed }));
    return app;
  }

  async function verdicts(url: string, method: string, times: number, headers: Record<string, string> = {}) {
    const results: boolean[] = [];
    for (let i = 0; i < times; i++) {
      const response = await fetch(url, { method, headers });
      results.push(((await response.json()) as { writeAllowed: boolean }).writeAllowed);
    }
    return results;
  }

  it("allows 20 POSTs a minute from one address and refuses the 21st", async () => {
    const url = await listen(verdictApp(20));
    const results = await verdicts(url, "POST", 21);
    expect(results.slice(0, 20).every(Boolean)).toBe(true);
    expect(results[20]).toBe(false);
  });

  it("says when to try again once over the limit", async () => {
    const url = await listen(verdictApp(1));
    await fetch(url, { method: "POST" });
    const response = await fetch(url, { method: "POST" });
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("never limits GETs, even from an address over its write limit", async () => {
    const url = await listen(verdictApp(2));
    await verdicts(url, "POST", 3);
    expect(await verdicts(url, "GET", 30)).toEqual(Array(30).fill(true));
  });

  it("is off when the limit is 0", async () => {
    const url = await listen(verdictApp(0));
    expect(await verdicts(url, "POST", 40)).toEqual(Array(40).fill(true));
  });

  it("counts an IPv6 client by its /56: addresses in one /56 share a limit, other /56s do not", async () => {
    const url = await listen(verdictApp(1, true));
    const from = async (address: string) =>
      (await verdicts(url, "POST", 1, { "X-Forwarded-For": address }))[0];
    // 2001:db8:1:100::/56 runs from 2001:db8:1:100:: to 2001:db8:1:1ff:ffff:ffff:ffff:ffff.
    expect(await from("2001:db8:1:100::1")).toBe(true);
    // Another /64, and another address, of the same /56: the same client, over its limit.
    expect(await from("2001:db8:1:1ff:abcd::2")).toBe(false);
    expect(await from("2001:db8:1:100::99")).toBe(false);
    // The next /56 and one far away are other clients, each with a limit of its own.
    expect(await from("2001:db8:1:200::1")).toBe(true);
    expect(await from("2001:db8:2:100::1")).toBe(true);
    // IPv4 addresses stay whole: a neighbour is another client.
    expect(await from("192.0.2.1")).toBe(true);
    expect(await from("192.0.2.2")).toBe(true);
  });

  it("ignores X-Forwarded-For unless the proxy is trusted", async () => {
    const untrusted = await listen(verdictApp(1));
    const spoofed = [1, 2, 3].map((n) => ({ "X-Forwarded-For": `203.0.113.${n}` }));
    const untrustedResults = [];
    for (const headers of spoofed) untrustedResults.push(...(await verdicts(untrusted, "POST", 1, headers)));
    expect(untrustedResults).toEqual([true, false, false]);

    const trusted = await listen(verdictApp(1, true));
    const trustedResults = [];
    for (const headers of spoofed) trustedResults.push(...(await verdicts(trusted, "POST", 1, headers)));
    expect(trustedResults).toEqual([true, true, true]);
  });
});

describe("securityHeaders", () => {
  async function headersOf(csp: boolean) {
    const app = express();
    app.use(securityHeaders({ csp }));
    app.get("/", (_req, res) => res.send(String(res.locals.nonce)));
    const url = await listen(app);
    const response = await fetch(url);
    return { headers: response.headers, nonce: await response.text() };
  }

  it("sends a CSP whose script nonce is fresh per request and that allows no inline script", async () => {
    const first = await headersOf(true);
    const second = await headersOf(true);
    const policy = first.headers.get("content-security-policy") ?? "";
    const scriptSrc =
      policy
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith("script-src ")) ?? "";
    expect(scriptSrc).toContain(`'nonce-${first.nonce}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(first.nonce.length).toBeGreaterThanOrEqual(16);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.headers.get("content-security-policy")).toContain(`'nonce-${second.nonce}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("form-action 'self'");
  });

  it("sends the other protective headers, with or without the CSP", async () => {
    for (const csp of [true, false]) {
      const { headers } = await headersOf(csp);
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("x-frame-options")).toBe("DENY");
    }
    expect((await headersOf(false)).headers.get("content-security-policy")).toBeNull();
  });

  it("lets the card widget's origin in on the payment step only, for its script, frame and calls", async () => {
    const widget = "https://pay.lenco.co";
    const app = express();
    app.use(securityHeaders({ csp: true, cardWidgetOrigin: widget }));
    app.get(/.*/, (_req, res) => res.send("ok"));
    const url = await listen(app);
    const policyOf = async (path: string) =>
      (await fetch(`${url}${path}`)).headers.get("content-security-policy") ?? "";
    const directive = (policy: string, name: string) =>
      policy
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? "";
    for (const path of ["/pay/LDG-ABC234?token=x", "/pay/LDG-ABC234.data?token=x"]) {
      const policy = await policyOf(path);
      expect(directive(policy, "script-src")).toMatch(
        new RegExp(`^script-src 'self' 'nonce-[^']+' ${widget}$`),
      );
      expect(directive(policy, "frame-src")).toBe(`frame-src https://www.openstreetmap.org ${widget}`);
      expect(directive(policy, "connect-src")).toBe(`connect-src 'self' ${widget}`);
      // Nothing else changes: no other directive names the widget.
      expect(policy.split(widget)).toHaveLength(4);
    }
    for (const path of ["/", "/rooms", "/pay", "/pay/LDG-ABC234/extra", "/payments/lenco/webhook"]) {
      expect(await policyOf(path)).not.toContain(widget);
    }
  });
});

describe("lastResort", () => {
  /** An app whose routes fail, and a promise that settles once lastResort has handled a failure. */
  function failingApp() {
    let handled = () => {};
    const done = new Promise<void>((resolve) => (handled = resolve));
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const app = express();
    app.get("/fails", () => {
      throw new Error("secret detail at /srv/app.js:12");
    });
    // Fails after reading the whole body, when the request stream counts as destroyed.
    app.post("/fails-after-reading", async (req) => {
      for await (const chunk of req) void chunk;
      throw new Error("failed after the body");
    });
    // Fails only once the guest has gone, as an abandoned render does.
    app.get("/abandoned", (_req, res, next) => {
      res.once("close", () => next(new Error("Request aborted")));
      arrive();
    });
    app.use(((error, req, res, next) => {
      lastResort(error, req, res, next);
      handled();
    }) as ErrorRequestHandler);
    return { app, done, arrived };
  }

  it("answers 500 with a plain message, no stack or detail, and logs one line", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const { app } = failingApp();
      const response = await fetch(`${await listen(app)}/fails`);
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(body).toBe("Something went wrong on our side. Please try again.");
      expect(body).not.toContain("secret");
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]).toEqual([
        expect.objectContaining({ method: "GET", path: "/fails", error: "secret detail at /srv/app.js:12" }),
        "request failed outside the router",
      ]);
    } finally {
      log.mockRestore();
    }
  });

  it("still answers a request whose body it has read whole", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const { app } = failingApp();
      const response = await fetch(`${await listen(app)}/fails-after-reading`, {
        method: "POST",
        body: "x".repeat(1000),
      });
      expect(response.status).toBe(500);
      expect(await response.text()).toBe("Something went wrong on our side. Please try again.");
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });

  it("names the request by one id, requestId, the X-Request-Id the guest got", async () => {
    // What the site's logger writes, mixin included (not a spy on its methods).
    const stream = (logger as unknown as Record<symbol, { write: (line: string) => boolean }>)[
      pino.symbols.streamSym
    ]!;
    const lines: Record<string, unknown>[] = [];
    const write = vi.spyOn(stream, "write").mockImplementation((line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    });
    try {
      const { app } = failingApp();
      const logged = express();
      logged.use(requestLog());
      logged.use(app);
      const response = await fetch(`${await listen(logged)}/fails`);
      expect(response.status).toBe(500);
      const failure = lines.find((line) => line.msg === "request failed outside the router");
      expect(failure).toMatchObject({ requestId: response.headers.get("x-request-id") });
      expect(Object.keys(failure ?? {}).filter((key) => /^req(uest)?_?id$/i.test(key))).toEqual([
        "requestId",
      ]);
    } finally {
      write.mockRestore();
    }
  });

  it("logs nothing for a request the guest abandoned", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const { app, done, arrived } = failingApp();
      const url = await listen(app);
      const controller = new AbortController();
      const answered = fetch(`${url}/abandoned`, { signal: controller.signal });
      await arrived;
      controller.abort();
      await expect(answered).rejects.toThrow();
      await done;
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
