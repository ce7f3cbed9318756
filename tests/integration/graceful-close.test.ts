import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulClose } from "../../server/graceful-close.ts";

// The stop of server/index.ts (server/graceful-close.ts) on a plain HTTP
// server, with raw sockets so that every byte and every reset is seen. The whole site under a
// burst of bookings: tests/e2e/shutdown.spec.ts.

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    if (server.listening) server.close();
  }
});

/** A server that answers each request after `delayMs`, with its stop installed. */
async function start(delayMs = 100) {
  const server = http.createServer(async (req, res) => {
    for await (const _chunk of req) void _chunk;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.end(`answered ${req.url}`);
  });
  const close = gracefulClose(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, close, port: (server.address() as AddressInfo).port };
}

type Outcome = { kind: "answered"; text: string } | { kind: "refused" } | { kind: "failed"; why: string };

/**
 * Sends `requests` on one connection (all at once: a keep-alive client's next request may be
 * sent before it reads the answer); `onSent` runs once they are written.
 */
function exchange(port: number, requests: string[], onSent: () => void = () => {}): Promise<Outcome> {
  return new Promise((resolve) => {
    let text = "";
    let connected = false;
    const socket = net.connect(port, "127.0.0.1", () => {
      connected = true;
      socket.write(requests.join(""), () => onSent());
    });
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && error.code === "ECONNREFUSED") resolve({ kind: "refused" });
      else resolve({ kind: "failed", why: `${error.code ?? error.message} after ${JSON.stringify(text)}` });
    });
    socket.on("end", () =>
      resolve(
        text.startsWith("HTTP/1.1 ")
          ? { kind: "answered", text }
          : { kind: "failed", why: "closed unanswered" },
      ),
    );
  });
}

const get = (path: string, connection = "keep-alive") =>
  `GET ${path} HTTP/1.1\r\nHost: lodge.example\r\nConnection: ${connection}\r\n\r\n`;

describe("gracefulClose", () => {
  it("answers a request sent but not read yet when the stop begins, instead of resetting it", async () => {
    const { close, port } = await start(0);
    let stopped: Promise<unknown> = Promise.resolve();
    // The stop begins the moment the request is written: the server has not read it yet (it may
    // not even have accepted the connection).
    const outcome = await exchange(port, [get("/late")], () => (stopped = close({ graceMs: 2_000 })));
    // Answered whole, then closed cleanly (the outcome waits for the server's FIN). Its answer may
    // still say keep-alive: `Connection: close` waits for the listening socket to close.
    expect(outcome).toMatchObject({ kind: "answered" });
    expect((outcome as { text: string }).text).toMatch(/^HTTP\/1\.1 200 [\s\S]*answered \/late$/);
    await expect(stopped).resolves.toEqual({ cutOff: 0 });
  });

  it("answers every connection waiting to be accepted when the stop begins, then refuses", async () => {
    const { close, port } = await start(20);
    // Forty connections, their requests sent: Node accepts one a turn of the event loop, so when
    // the last is written most wait in the kernel's accept queue, unread (closing the listening
    // socket now would reset them all).
    let stopped: Promise<unknown> | undefined;
    let sent = 0;
    const outcomes = Array.from({ length: 40 }, (_, i) =>
      exchange(port, [get(`/${i}`, "close")], () => {
        if (++sent === 40) stopped = close({ graceMs: 3_000 });
      }),
    );
    const results = await Promise.all(outcomes);
    expect(results.filter((result) => result.kind !== "answered")).toEqual([]);
    for (const [i, result] of results.entries()) {
      expect((result as { text: string }).text).toMatch(
        new RegExp(`^HTTP/1\\.1 200 [\\s\\S]*answered /${i}$`),
      );
    }
    await expect(stopped).resolves.toEqual({ cutOff: 0 });
    expect(await exchange(port, [get("/after")])).toEqual({ kind: "refused" });
  });

  it("finishes a request under way with Connection: close, and refuses new connections", async () => {
    const { close, port } = await start(300);
    const underWay = exchange(port, [get("/slow")]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = close({ graceMs: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await exchange(port, [get("/new")])).toEqual({ kind: "refused" });
    const outcome = await underWay;
    expect(outcome).toMatchObject({ kind: "answered" });
    expect((outcome as { text: string }).text).toMatch(/connection: close[\s\S]*answered \/slow$/i);
    await expect(stopped).resolves.toEqual({ cutOff: 0 });
  });

  it("answers a request that comes on a keep-alive connection during the stop, with Connection: close", async () => {
    const { close, port } = await start(20);
    const socket = net.connect(port, "127.0.0.1");
    socket.setEncoding("latin1");
    let text = "";
    socket.on("data", (chunk: string) => (text += chunk));
    const ended = new Promise<void>((resolve) => socket.on("end", resolve));
    socket.write(get("/before"));
    await expect.poll(() => text).toMatch(/answered \/before$/);
    expect(text).toMatch(/connection: keep-alive/i);
    // The stop begins; the client, not knowing, sends its next request on the open connection.
    const stopped = close({ graceMs: 2_000 });
    socket.write(get("/during"));
    await ended;
    expect(text.slice(text.indexOf("answered /before"))).toMatch(
      /connection: close[\s\S]*answered \/during$/i,
    );
    await expect(stopped).resolves.toEqual({ cutOff: 0 });
  });

  it("closes an idle keep-alive connection cleanly, and cuts off what outlasts the bound", async () => {
    const { close, port } = await start(5_000);
    const idle = await new Promise<net.Socket>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
    });
    const idleClosed = new Promise<string>((resolve) => {
      idle.on("end", () => resolve("end"));
      idle.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    const stuck = exchange(port, [get("/stuck")]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await expect(close({ graceMs: 600, idleMs: 100 })).resolves.toEqual({ cutOff: 1 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await idleClosed).toBe("end");
    expect(await stuck).toMatchObject({ kind: "failed" });
  });
});
