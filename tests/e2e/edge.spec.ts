import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { chmod, chown, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import https from "node:https";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { CONTACT_SENT } from "../../app/shared/messages.ts";
import { EDGE_PORTS } from "./servers.ts";

// The edge on the real production server (build/, started as `npm run serve` does):
// - behind a real nginx, configured as docs/deployment.md says, over TLS: forms from the public
//   https origin are taken and stored, a foreign Origin is refused, a forged X-Forwarded-For does
//   not escape the write rate limit, with TRUST_PROXY as a hop count and as a list of addresses,
//   and with a proxy that sends its upstream's Host (nginx's default) and the public
//   X-Forwarded-Host;
// - every route with an action refuses a foreign Origin (403) and an unreadable body (400/415),
//   and stores nothing;
// - the server runs with the timeouts of server/timeouts.ts.

test.describe.configure({ mode: "serial" });

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PUBLIC = "https://lodge.example";
const RATE_LIMIT = 3;
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));

interface Site {
  url: string;
  databaseUrl: string;
  lines: Record<string, unknown>[];
  process: ChildProcess;
}

const cleanUps: (() => Promise<void>)[] = [];
test.afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => {});
});

async function freshDatabase(): Promise<string> {
  const name = `lodge_edge_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanUps.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/** The production server on its own PostgreSQL database, its JSON log lines collected. */
async function startSite(port: number, env: Record<string, string>): Promise<Site> {
  const databaseUrl = await freshDatabase();
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SITE_ORIGIN: PUBLIC,
      WRITE_RATE_LIMIT: String(RATE_LIMIT),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: Record<string, unknown>[] = [];
  let rest = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split("\n");
    rest = parts.pop() ?? "";
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  cleanUps.push(async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(200);
  return { url, databaseUrl, lines, process: child };
}

/**
 * nginx in front of the sites, as one unprivileged process (no master, no daemon) with its own
 * configuration, pid, logs and temporary files in a fresh folder. Each server block listens with
 * TLS on a free port on 127.0.0.1 (443 in production) with docs/deployment.md's proxy settings.
 */
async function startNginx(blocks: { port: number; upstream: string; documentedHost: boolean }[]) {
  if (!NGINX) throw new Error("nginx is not installed (apt-get install nginx; .ci/run installs it)");
  const dir = await mkdtemp(join(tmpdir(), "lodge-nginx-"));
  cleanUps.push(() => rm(dir, { recursive: true, force: true }));
  // A self-signed certificate for the TLS the proxy terminates (`$scheme` is then https).
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=lodge.example"],
      ...["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
  for (const folder of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) await mkdir(join(dir, folder));
  const servers = blocks.map(
    ({ port, upstream, documentedHost }) => `
  server {
    listen 127.0.0.1:${port} ssl;
    server_name lodge.example;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      ${documentedHost ? "proxy_set_header Host $host;" : "# Host: nginx's default, the upstream's address"}
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
    }
  }`,
  );
  await writeFile(
    join(dir, "nginx.conf"),
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${servers.join("\n")}
}
`,
  );
  // Never as root: as nobody when the test runs as root (CI containers do).
  const nobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  if ("uid" in nobody) {
    await chmod(dir, 0o755);
    for (const entry of ["", ...(await readdir(dir))]) await chown(join(dir, entry), 65534, 65534);
  }
  const child = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    ...nobody,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanUps.push(async () => {
    child.kill("SIGQUIT");
    await exited;
  });
  for (const { port } of blocks) {
    await expect
      .poll(() =>
        request(port, "GET", "/healthz").then(
          (r) => r.status,
          () => 0,
        ),
      )
      .toBe(200);
  }
}

/** A request to nginx over TLS, as a browser at https://lodge.example would send it. */
function request(
  port: number,
  method: string,
  path: string,
  { headers = {}, body, from }: { headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        servername: "lodge.example",
        rejectUnauthorized: false,
        agent: false,
        // The client's own address (127.0.0.0/8 is all loopback): a client of its own.
        ...(from ? { localAddress: from } : {}),
        headers: { Host: "lodge.example", ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A contact form posted through the proxy from `origin`; its message is unique. */
async function postContact(
  port: number,
  origin: string,
  extra: { from?: string; forwardedFor?: string } = {},
) {
  const message = `Through the proxy ${randomBytes(6).toString("hex")}`;
  const answer = await request(port, "POST", "/contact", {
    from: extra.from,
    headers: {
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(extra.forwardedFor ? { "X-Forwarded-For": extra.forwardedFor } : {}),
    },
    body: new URLSearchParams({ name: "Ann Banda", email: "ann@example.com", message }).toString(),
  });
  return { ...answer, message };
}

async function query<Row>(databaseUrl: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as Row[];
  } finally {
    await db.end();
  }
}

const storedMessages = (site: Site, message: string) =>
  query<{ n: number }>(
    site.databaseUrl,
    "select count(*)::int as n from contact_messages where message = $1",
    [message],
  ).then((rows) => rows[0]?.n);

/** Every table's row count: a write refused at the edge changes none. */
async function rowCounts(site: Site): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    site.databaseUrl,
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await query<{ n: number }>(site.databaseUrl, `select count(*)::int as n from "${name}"`);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

let byHops: Site;
let byAddress: Site;
const P = EDGE_PORTS;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [byHops, byAddress] = await Promise.all([
    startSite(P.site, { TRUST_PROXY: "1" }),
    // The proxy's address, exactly (`loopback` would trust every client on 127.0.0.0/8 here).
    startSite(P.siteByAddress, { TRUST_PROXY: "127.0.0.1" }),
  ]);
  await startNginx([
    { port: P.proxy, upstream: byHops.url, documentedHost: true },
    { port: P.proxyUpstreamHost, upstream: byHops.url, documentedHost: false },
    { port: P.proxyByAddress, upstream: byAddress.url, documentedHost: true },
  ]);
});

test("the production server runs with the timeouts of server/timeouts.ts", () => {
  const listening = byHops.lines.find((line) => String(line.msg).startsWith("listening on"));
  expect(listening?.timeouts).toEqual({
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 65_000,
  });
});

for (const [name, port, site] of [
  ["TRUST_PROXY=1, the documented nginx", () => P.proxy, () => byHops],
  ["TRUST_PROXY=1, nginx sending its upstream's Host", () => P.proxyUpstreamHost, () => byHops],
  ["TRUST_PROXY=127.0.0.1, the documented nginx", () => P.proxyByAddress, () => byAddress],
] as const) {
  test.describe(`behind nginx over TLS (${name})`, () => {
    test("takes and stores a form posted from the public https origin", async () => {
      const answer = await postContact(port(), PUBLIC, {
        from: `127.0.${randomInt(1, 255)}.${randomInt(1, 255)}`,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(CONTACT_SENT);
      expect(await storedMessages(site(), answer.message)).toBe(1);
    });

    test("refuses a foreign Origin with 403 and stores nothing", async () => {
      for (const origin of [
        "https://evil.example",
        "http://lodge.example",
        "https://lodge.example.evil.example",
      ]) {
        const answer = await postContact(port(), origin, { from: "127.0.9.9" });
        expect(answer.status, origin).toBe(403);
        expect(await storedMessages(site(), answer.message)).toBe(0);
      }
    });

    test("does not let a forged leftmost X-Forwarded-For escape the write rate limit", async () => {
      const from = `127.1.${randomInt(1, 255)}.${randomInt(1, 255)}`;
      const statuses: number[] = [];
      for (let n = 1; n <= RATE_LIMIT + 2; n++) {
        const answer = await postContact(port(), PUBLIC, { from, forwardedFor: `198.51.100.${n}` });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array(RATE_LIMIT).fill(200), 429, 429]);
      // Another client, behind the same proxy, has a limit of its own.
      expect((await postContact(port(), PUBLIC, { from: `127.2.${randomInt(1, 255)}.1` })).status).toBe(200);
    });
  });
}

// --- every route with an action (app/routes.ts), on the real server --------------------------

const stay = () => {
  const checkIn = addDays(lodgeToday(), 200 + randomInt(100));
  return { checkIn, checkOut: addDays(checkIn, 1), adults: "1", children: "0" };
};
const guest = {
  name: "Ann Banda",
  email: "ann@example.com",
  phone: "+260 97 555 0101",
  paymentMethod: "Cash",
};

/** Each route with an action, with a form it would act on (staff routes with a signed-in manager). */
const WRITE_ROUTES: [string, () => Record<string, string>][] = [
  ["/rooms?book=Deluxe", () => ({ ...guest, roomId: "1", ...stay() })],
  ["/details/1?book=Deluxe", () => ({ ...guest, roomId: "2", ...stay() })],
  ["/booking", () => ({ tab: "room", ...guest, roomId: "3", roomCount: "1", ...stay() })],
  ["/reservation", () => ({ ...guest, roomId: "4", roomCount: "1", message: "Late arrival", ...stay() })],
  ["/contact", () => ({ name: guest.name, email: guest.email, message: "Hello" })],
  ["/newsletter", () => ({ email: "subscriber@example.com" })],
  ["/my-booking", () => ({ reference: "LDG-ABCDEF", email: guest.email, intent: "cancel" })],
  ["/newsletter/confirm?token=x", () => ({ token: "x" })],
  ["/newsletter/unsubscribe?token=x", () => ({ token: "x" })],
  ["/staff/sign-in", () => ({ email: "nobody@example.com", password: "not the password" })],
  [
    "/staff/set-password?token=x",
    () => ({
      token: "x",
      name: "Eve",
      email: "eve@example.com",
      password: "p".repeat(14),
      confirm: "p".repeat(14),
    }),
  ],
  // The console's today page (the index route under the /staff layout).
  ["/staff?index", () => ({ kind: "booking", id: "1", intent: "cancel" })],
  ["/staff/requests/booking/1", () => ({ kind: "booking", id: "1", intent: "cancel" })],
  ["/staff/rooms", () => ({ intent: "add-venue", venue: "Evil Hall", price: "100" })],
  ["/staff/accounts", () => ({ intent: "invite", name: "Eve", email: "eve@example.com", role: "manager" })],
  ["/staff/outbox", () => ({ id: "1" })],
  // Last: with a form it can read, it ends the manager's session.
  ["/staff/sign-out", () => ({})],
];

/** A manager's session cookie, from the setup link the server logged at start. */
async function signedInManager(site: Site): Promise<string> {
  await expect.poll(() => site.lines.some((line) => typeof line.link === "string")).toBe(true);
  const link = new URL(String(site.lines.find((line) => typeof line.link === "string")?.link));
  const token = link.searchParams.get("token") ?? "";
  const answer = await fetch(`${site.url}/staff/set-password?token=${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      token,
      name: "Mary Manager",
      email: "mary@example.com",
      password: "a long enough password",
      confirm: "a long enough password",
    }),
  });
  expect(answer.status).toBe(302);
  // The session, not the clearing of the console's old-path cookie sent beside it (ADR 0011).
  const pairs = answer.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
  return pairs.find((pair) => !pair.endsWith("=")) ?? "";
}

/** Straight to the server (no proxy); a fresh client address each time (TRUST_PROXY=1). */
const direct = (site: Site, path: string, init: { headers?: Record<string, string>; body?: BodyInit }) =>
  fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
      ...init.headers,
    },
    body: init.body,
  });

test.describe("every route with an action", () => {
  let cookie = "";
  test.beforeAll(async () => {
    cookie = await signedInManager(byHops);
  });

  test("refuses a form from another site with 403, and stores nothing", async () => {
    const before = await rowCounts(byHops);
    for (const [path, fields] of WRITE_ROUTES) {
      for (const origin of ["https://evil.example", "null"]) {
        const answer = await direct(byHops, path, {
          headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields()).toString(),
        });
        expect(answer.status, `${path} from ${origin}`).toBe(403);
      }
      const referred = await direct(byHops, path, {
        headers: {
          Referer: "https://evil.example/page",
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields()).toString(),
      });
      expect(referred.status, `${path} referred by another site`).toBe(403);
    }
    expect(await rowCounts(byHops)).toEqual(before);
  });

  test("refuses a body that is not a readable form with 415 or 400, and stores nothing", async () => {
    const before = await rowCounts(byHops);
    const unreadable: [string, Record<string, string>, string, number][] = [
      ["JSON", { "Content-Type": "application/json" }, '{"name":"Ann"}', 415],
      ["plain text", { "Content-Type": "text/plain" }, "name=Ann", 415],
      ["no content type", {}, "name=Ann", 415],
      [
        "truncated multipart",
        { "Content-Type": "multipart/form-data; boundary=XYZ" },
        '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn',
        400,
      ],
    ];
    for (const [path] of WRITE_ROUTES) {
      for (const [kind, headers, body, status] of unreadable) {
        // Signing out reads no form (it signs out whatever was sent): a truncated body is no
        // different from an empty one there. Every type but a form is refused before it.
        if (path === "/staff/sign-out" && status === 400) continue;
        // fetch would add text/plain to a string body: bytes carry no type of their own.
        const answer = await direct(byHops, path, {
          headers: { Origin: byHops.url, Cookie: cookie, ...headers },
          body: new TextEncoder().encode(body),
        });
        expect(answer.status, `${kind} to ${path}`).toBe(status);
      }
    }
    const after = await rowCounts(byHops);
    // The write rate limit counts form posts (the truncated ones reached it); nothing else moved.
    delete before.rate_limit_counters;
    delete after.rate_limit_counters;
    expect(after).toEqual(before);
  });
});
