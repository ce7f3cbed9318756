import { spawn } from "node:child_process";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { addDays, lodgeToday } from "../../app/lib/dates.ts";
import { SUBMISSION_ID_FIELD } from "../../app/lib/form-result.ts";
import { ROOM_VENUE_BOOKING_SUCCESSFUL } from "../../app/lib/messages.ts";

// Issue 10, defect 8: SIGTERM during a burst of room bookings. Every booking the server
// acknowledged is in the database afterwards; every other request was answered, or refused
// before any answer began (connection refused, or a connection closed before the request was
// read) — never an answer cut off halfway.

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.E2E_PORT_BASE ?? 4310) + 5;

type Outcome =
  | { kind: "answered"; status: number; body: string; id: string }
  | { kind: "refused"; code: string; id: string }
  | { kind: "cut-off"; code: string; id: string };

function post(fields: URLSearchParams, id: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let started = false;
    const request = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: "/booking",
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: `http://127.0.0.1:${PORT}`,
        },
      },
      (response) => {
        started = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ kind: "answered", status: response.statusCode ?? 0, body, id }));
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ kind: "cut-off", code: error.code ?? error.message, id }),
        );
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ kind: started ? "cut-off" : "refused", code: error.code ?? error.message, id }),
    );
    request.end(fields.toString());
  });
}

test("SIGTERM in a burst of bookings loses no acknowledged booking and cuts no answer", async () => {
  test.setTimeout(120_000);
  const name = `lodge_shutdown_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const server = spawn(process.execPath, ["server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        DATABASE_URL: url.href,
        WRITE_RATE_LIMIT: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    // Wait until the site answers with its database ready.
    await expect
      .poll(
        async () =>
          fetch(`http://127.0.0.1:${PORT}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 60_000,
        },
      )
      .toBe(200);

    const today = lodgeToday();
    const pending: Promise<Outcome>[] = [];
    for (let i = 0; i < 60; i++) {
      const id = `shutdown-${i}-${randomBytes(4).toString("hex")}`;
      const fields = new URLSearchParams({
        tab: "room",
        name: "Mutale Phiri",
        email: "mutale@example.com",
        phone: "+260 97 555 0101",
        paymentMethod: "Cash",
        // One night each, on rooms 1-3, so the bookings do not compete for the same nights.
        roomId: String((i % 3) + 1),
        checkIn: addDays(today, 2 + Math.floor(i / 3)),
        checkOut: addDays(today, 3 + Math.floor(i / 3)),
        adults: "1",
        children: "0",
        roomCount: "1",
        [SUBMISSION_ID_FIELD]: id,
      });
      pending.push(post(fields, id));
      if (i === 20) server.kill("SIGTERM");
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.all(pending);
    expect(await exited).toBe(0);

    expect(outcomes.filter((o) => o.kind === "cut-off")).toEqual([]);
    const acknowledged = outcomes.filter(
      (o): o is Extract<Outcome, { kind: "answered" }> =>
        o.kind === "answered" && o.status === 200 && o.body.includes(ROOM_VENUE_BOOKING_SUCCESSFUL),
    );
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const outcome of outcomes) {
      if (outcome.kind === "answered") expect([200, 400, 409, 503]).toContain(outcome.status);
    }

    const db = new pg.Client({ connectionString: url.href });
    await db.connect();
    try {
      // The stored submission id is the form's id plus a hash of what it sent (ADR 0010).
      const { rows } = await db.query<{ submission_id: string }>(
        "select split_part(submission_id, '.', 1) as submission_id from bookings where split_part(submission_id, '.', 1) = any($1)",
        [acknowledged.map((o) => o.id)],
      );
      expect(rows.map((row) => row.submission_id).sort()).toEqual(acknowledged.map((o) => o.id).sort());
    } finally {
      await db.end();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
