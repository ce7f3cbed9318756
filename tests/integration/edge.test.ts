import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express, { type Express } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/shared/env.server.ts";
import { formBodiesOnly } from "../../server/form-bodies.ts";
import { forwardedHost } from "../../server/forwarded-host.ts";
import { sameOriginWrites } from "../../server/origin-check.ts";
import { writeRateLimit } from "../../server/rate-limit.ts";
import { securityHeaders } from "../../server/security-headers.ts";
import { createSiteServer, siteServerTimeouts, TIMEOUTS } from "../../server/timeouts.ts";

// The server's edge (ADR 0006): each middleware on a bare Express app over real HTTP.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function listen(handler: http.RequestListener | http.Server): Promise<string> {
  const server = handler instanceof http.Server ? handler : http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Paths of routes with an action, for the guards alone in front of a stand-in route. The real
 * routes of app/routes.ts, on the built server, are tested in tests/e2e/edge.spec.ts.
 */
const WRITE_ROUTES = [
  "/booking",
  "/reservation",
  "/contact",
  "/newsletter",
  "/rooms?book=Deluxe",
  "/details/1?book=Deluxe",
  "/staff/sign-in",
];

/** The site's write guards in the order server/app.ts mounts them, in front of a stand-in route. */
function guardedApp(siteOrigin = "http://localhost:3000", trustProxy: number | false = false): Express {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(sameOriginWrites(siteOrigin));
  app.use(formBodiesOnly());
  app.use(writeRateLimit(2));
  app.all("/{*path}", (req, res) => {
    res.status(res.locals.writeAllowed ? 200 : 429).json({ ip: req.ip, protocol: req.protocol });
  });
  return app;
}

const form = (fields: Record<string, string> = { name: "Ann" }) => new URLSearchParams(fields);

describe("form bodies only", () => {
  const refused: [string, Record<string, string>, BodyInit][] = [
    ["JSON", { "Content-Type": "application/json" }, '{"name":"Ann"}'],
    ["plain text", { "Content-Type": "text/plain" }, "name=Ann"],
    ["XML", { "Content-Type": "application/xml" }, "<a/>"],
    ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "--x\r\n"],
  ];
  for (const path of WRITE_ROUTES) {
    it.each(refused)(`refuses %s on ${path} with 415 and a plain message`, async (_kind, headers, body) => {
      const url = await listen(guardedApp());
      const response = await fetch(url + path, { method: "POST", headers, body });
      expect(response.status).toBe(415);
      expect(await response.text()).toMatch(/takes a web form/);
    });
  }

  it("refuses a body without any Content-Type", async () => {
    const url = await listen(guardedApp());
    const response = await fetch(`${url}/contact`, { method: "POST", body: new Uint8Array([1, 2, 3]) });
    expect(response.status).toBe(415);
  });

  it("passes URL-encoded and multipart forms, as browsers and fetchers send them", async () => {
    const url = await listen(guardedApp());
    expect((await fetch(`${url}/contact`, { method: "POST", body: form() })).status).toBe(200);
    const multipart = new FormData();
    multipart.set("name", "Ann");
    expect((await fetch(`${url}/contact`, { method: "POST", body: multipart })).status).toBe(200);
    expect((await fetch(`${url}/contact`)).status).toBe(200);
  });
});

describe("same-origin writes", () => {
  for (const path of WRITE_ROUTES) {
    it(`refuses a POST to ${path} from another site and takes one from this site`, async () => {
      const url = await listen(guardedApp());
      const foreign = await fetch(url + path, {
        method: "POST",
        headers: { Origin: "https://evil.example" },
        body: form(),
      });
      expect(foreign.status).toBe(403);
      expect(await foreign.text()).toMatch(/another website/);
      const own = await fetch(url + path, { method: "POST", headers: { Origin: url }, body: form() });
      expect(own.status).toBe(200);
      const configured = await fetch(url + path, {
        method: "POST",
        headers: { Origin: "http://localhost:3000" },
        body: form(),
      });
      expect(configured.status).toBe(200);
    });
  }

  it("covers PUT, PATCH and DELETE too, and an opaque Origin", async () => {
    const url = await listen(guardedApp());
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${url}/staff`, { method, headers: { Origin: "https://evil.example" } });
      expect(response.status).toBe(403);
    }
    const opaque = await fetch(`${url}/contact`, {
      method: "POST",
      headers: { Origin: "null" },
      body: form(),
    });
    expect(opaque.status).toBe(403);
  });

  it("without an Origin, judges by the Referer, and lets a request with neither pass (curl)", async () => {
    const url = await listen(guardedApp());
    const post = (headers: Record<string, string>) =>
      fetch(`${url}/contact`, { method: "POST", headers, body: form() }).then((r) => r.status);
    expect(await post({ Referer: "https://evil.example/page" })).toBe(403);
    expect(await post({ Referer: `${url}/contact?x=1` })).toBe(200);
    expect(await post({})).toBe(200);
  });
});

describe("behind a reverse proxy", () => {
  /**
   * A stand-in one-hop proxy for the guards alone: it appends the client's address and, as
   * nginx does by default, sends its upstream's address as Host. The real server behind a real
   * nginx: tests/e2e/edge.spec.ts.
   */
  async function proxyTo(target: string): Promise<string> {
    const upstream = new URL(target);
    return listen((req, res) => {
      const forwarded = req.headers["x-forwarded-for"];
      const headers = {
        ...req.headers,
        host: upstream.host,
        "x-forwarded-for": [forwarded, req.socket.remoteAddress].filter(Boolean).join(", "),
        "x-forwarded-proto": "https",
        "x-forwarded-host": "lodge.example",
      };
      const outgoing = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      outgoing.on("error", () => res.writeHead(502).end());
      req.pipe(outgoing);
    });
  }

  it("takes a form sent from the public https origin through the proxy", async () => {
    // SITE_ORIGIN does not name the public host here: the match comes from the trusted proxy.
    const proxy = await proxyTo(await listen(guardedApp("http://localhost:3000", 1)));
    const response = await fetch(`${proxy}/contact`, {
      method: "POST",
      headers: { Origin: "https://lodge.example" },
      body: form(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ip: "127.0.0.1", protocol: "https" });
    const foreign = await fetch(`${proxy}/contact`, {
      method: "POST",
      headers: { Origin: "http://lodge.example" },
      body: form(),
    });
    expect(foreign.status).toBe(403);
  });

  it("makes the trusted proxy's X-Forwarded-Host the request's Host, for React Router's URL", async () => {
    const app = express();
    app.set("trust proxy", 1);
    app.use(forwardedHost());
    app.get("/", (req, res) => res.json({ host: req.headers.host }));
    const upstream = await listen(app);
    // Through the proxy: its Host is the upstream's address, X-Forwarded-Host the public host.
    expect(await (await fetch(await proxyTo(upstream))).json()).toEqual({ host: "lodge.example" });
    // Straight to the server, a client's X-Forwarded-Host is believed only from a trusted hop.
    const untrusted = express();
    untrusted.use(forwardedHost());
    untrusted.get("/", (req, res) => res.json({ host: req.headers.host }));
    const direct = await listen(untrusted);
    const answer = await fetch(direct, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(await answer.json()).toEqual({ host: new URL(direct).host });
  });

  it("does not let a forged leftmost X-Forwarded-For escape the rate limit", async () => {
    const proxy = await proxyTo(await listen(guardedApp("https://lodge.example", 1)));
    const statuses: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const response = await fetch(`${proxy}/contact`, {
        method: "POST",
        headers: { Origin: "https://lodge.example", "X-Forwarded-For": `198.51.100.${n}` },
        body: form(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;

  it("takes a hop count or proxy addresses, and off by default", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("127.0.0.1, 10.0.0.0/8,loopback, fd00::/8")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "loopback",
      "fd00::/8",
    ]);
  });

  it('refuses a bare "true", which would trust forged addresses, and nonsense, at start', () => {
    expect(() => trust("true")).toThrow(/TRUST_PROXY: must be a hop count .* not "true"/);
    expect(() => trust("yes please")).toThrow(/TRUST_PROXY/);
  });
});

describe("HSTS", () => {
  it("is sent only when the site is served over https", async () => {
    const headers = async (hsts: boolean) => {
      const app = express();
      app.use(securityHeaders({ csp: true, hsts }));
      app.get("/", (_req, res) => res.send("ok"));
      return (await fetch(await listen(app))).headers;
    };
    expect((await headers(true)).get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect((await headers(false)).get("strict-transport-security")).toBeNull();
    expect(parseEnv({ SITE_ORIGIN: "https://lodge.example" }).SITE_ORIGIN.startsWith("https://")).toBe(true);
  });
});

describe("timeouts", () => {
  it("gives the site's server 10 s for headers, 30 s per request and 65 s for idle keep-alive", () => {
    // server/index.ts creates its server with these defaults (its start line reports them too:
    // tests/e2e/edge.spec.ts reads them from the real server).
    const server = createSiteServer(express());
    expect(TIMEOUTS).toEqual({ headers: 10_000, request: 30_000, keepAlive: 65_000 });
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(65_000);
    // Longer than nginx's 60 s upstream keep-alive, so the proxy closes first (docs/deployment.md).
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(siteServerTimeouts(server)).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 65_000,
    });
  });

  it("answers 408 to a client that sends its headers in time but its body too slowly", async () => {
    const app = express();
    app.post("/", async (req, res) => {
      for await (const _chunk of req) void _chunk;
      res.send("read");
    });
    const url = new URL(
      await listen(createSiteServer(app, { headers: 1_000, request: 1_500, keepAlive: 1_000 })),
    );
    const started = Date.now();
    const answer = await sendSlowly(
      url,
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n",
      { drip: "x", everyMs: 200 },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    // Node's own limits are a minute and more; a busy machine adds seconds, not that.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("cuts off a client that sends its request headers too slowly", async () => {
    const app = express();
    app.get("/", (_req, res) => res.send("ok"));
    const url = new URL(
      await listen(createSiteServer(app, { headers: 1_000, request: 2_000, keepAlive: 1_000 })),
    );
    const started = Date.now();
    // One header line, then a header every 300 ms (a "slowloris" client).
    const answer = await sendSlowly(url, "GET / HTTP/1.1\r\nHost: x\r\n", {
      drip: "X-Slow: 1\r\n",
      everyMs: 300,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // Node's own limits are a minute and more; a busy machine adds seconds, not that.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

/**
 * A client on a raw socket that sends `head`, then `drip` every `everyMs` until the server closes
 * the connection; resolves with everything the server sent.
 */
function sendSlowly(url: URL, head: string, { drip, everyMs }: { drip: string; everyMs: number }) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("close", () => resolve(received));
    socket.on("error", () => resolve(received));
    socket.write(head);
    const timer = setInterval(() => !socket.destroyed && socket.write(drip), everyMs);
    socket.on("close", () => clearInterval(timer));
  });
}
