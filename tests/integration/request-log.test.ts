import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterEach, expect, it, vi } from "vitest";
import { logReadFailure } from "../../app/shared/db/failures.server.ts";
import { logger, requestFields, requestScope } from "../../app/shared/logger.server.ts";
import { requestLog } from "../../server/request-log.ts";

// Logs: one JSON line per request, without personal data.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

it("logs one line per request: id, method, path without query, status, duration; no personal data", async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ base: undefined, formatters: { level: (label) => ({ level: label }) } }, sink)));
  app.post("/contact", (_req, res) => res.status(400).send("no"));
  app.get("/rooms", (_req, res) => res.send("ok"));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const page = await fetch(`${url}/rooms?email=ann%40example.com&name=Ann`, {
    headers: { Cookie: "secret=1", "User-Agent": "test" },
  });
  await fetch(`${url}/contact`, {
    method: "POST",
    body: new URLSearchParams({ email: "ann@example.com", message: "private" }),
  });
  await expect.poll(() => lines.length).toBe(2);

  expect(lines[0]).toMatchObject({
    level: "info",
    req: { id: page.headers.get("x-request-id"), method: "GET", path: "/rooms" },
    res: { status: 200 },
  });
  expect(typeof lines[0]?.durationMs).toBe("number");
  expect(lines[1]).toMatchObject({
    level: "warn",
    req: { method: "POST", path: "/contact" },
    res: { status: 400 },
  });
  const text = JSON.stringify(lines);
  for (const secret of ["ann", "example.com", "private", "secret", "Cookie", "test"]) {
    expect(text).not.toContain(secret);
  }
});

it("puts the request's id on the lines the data layer logs while answering it", async () => {
  const lines: string[] = [];
  const spy = vi.spyOn(logger, "error").mockImplementation((...args: unknown[]) => {
    // What pino's mixin would add to this line, as the site's logger sees it.
    lines.push(JSON.stringify({ args, scope: requestScope.getStore() }));
  });
  const app = express();
  app.use(requestLog(pino({ level: "silent" })));
  app.get("/rooms", async (_req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    logReadFailure("room types", new Error("connect ECONNREFUSED"));
    res.send("ok");
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const page = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rooms`);
  spy.mockRestore();
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
    scope: { requestId: page.headers.get("x-request-id") },
    args: [{ what: "room types", error: "connect ECONNREFUSED" }, "read failed"],
  });
});

it("gives the site logger's lines the id of the request being answered, and none outside one", () => {
  expect(requestScope.run({ requestId: "r-1" }, requestFields)).toEqual({ requestId: "r-1" });
  expect(requestFields()).toEqual({});
});
