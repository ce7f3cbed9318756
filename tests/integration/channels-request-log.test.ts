import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterAll, expect, it } from "vitest";
import { requestLog } from "../../server/request-log.ts";

// A room's calendar address is a secret (docs/channels.md): the request log names the route, not
// the token.

let server: http.Server | undefined;
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

it("logs a room's calendar feed without its secret", async () => {
  const lines: { req?: { path?: string } }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ base: undefined }, sink)));
  app.get("/calendar/:file", (_req, res) => res.type("text/calendar").send("BEGIN:VCALENDAR"));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const token = "kX9_secretTokenOfRoom101-abcdefghijklmnopqrstu";
  await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/${token}.ics`);
  await expect.poll(() => lines.length).toBe(1);
  expect(lines[0]?.req?.path).toBe("/calendar/(secret).ics");
  expect(JSON.stringify(lines)).not.toContain(token);
});
