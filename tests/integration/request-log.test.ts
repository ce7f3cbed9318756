import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterEach, expect, it } from "vitest";
import { requestLog } from "../../server/request-log.ts";

// Issue 10, logs: one JSON line per request, without personal data.

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
