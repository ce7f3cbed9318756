// `npm run demo:payments`: a reproducible walkthrough of online deposits and the desk (ADR 0018,
// docs/payments.md "Try it without Lenco"). It starts the local Lenco simulator
// (tests/lenco-simulator.ts) and the built server (`npm run build` first) on a temporary data
// folder, drives them over HTTP as a guest, the provider and a receptionist would, and prints what
// happened with figures:
//   1. a mobile-money deposit confirmed by a signed webhook;
//   2. the same webhook delivered again, a tampered one and a forged one (status codes);
//   3. a phone booking entered at the desk and paid in cash, with its receipt number;
//   4. a deposit never approved: its hold expires and the room is free again (the hold's shortest
//      setting is 5 minutes, by the database's clock, so this part waits for it; `--quick` skips it);
//   5. what the database holds afterwards (read from the data folder once the server has stopped).
// Nothing leaves this machine: the server's provider is the simulator on 127.0.0.1, it has no
// SMTP server (mails stay in the outbox), and every address below is local.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../app/shared/db/pglite-options.server.ts";
import { addDays, lodgeToday } from "../app/shared/dates.ts";
import { ROOM_JUST_BOOKED } from "../app/shared/messages.ts";
import { startLencoSimulator } from "./lenco-simulator.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const QUICK = process.argv.includes("--quick");
const TOKEN = "walkthrough-sandbox-token-0123456789";
const MANAGER = { name: "Mapalo Banda", email: "manager@lodge.test", password: "walkthrough-Passw0rd!" };
const HOLD_MINUTES = 5;

if (!existsSync(join(ROOT, "build/server/index.js"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const say = (line = "") => console.log(line);
const heading = (title: string) => say(`\n== ${title}`);
/** Prints a check and ends the walkthrough (non-zero) when it does not hold. */
function check(ok: boolean, what: string): void {
  say(`   ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) process.exitCode = 1;
}

const dataDir = mkdtempSync(join(tmpdir(), "lodge-payments-walkthrough-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const sim = await startLencoSimulator({ token: TOKEN, webhookUrl: `${origin}/payments/lenco/webhook` });

let server: ChildProcess | undefined;
let serverLog = "";
async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

// --- HTTP as a browser without JavaScript would speak it: forms, redirects, one cookie jar ---
const cookies = new Map<string, string>();
async function http(path: string, form?: Record<string, string>) {
  const response = await fetch(`${origin}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      Origin: origin,
      Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return {
    status: response.status,
    location: response.headers.get("Location") ?? "",
    html: await response.text(),
  };
}

/** A console form's post, answered by post/redirect/get: the page the redirect leads to. */
async function postAndFollow(path: string, form: Record<string, string>) {
  const sent = await http(path, form);
  if (sent.status !== 303) return { ...sent, page: sent };
  return { ...sent, page: await http(sent.location) };
}

function field(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  return /value="([^"]*)"/.exec(tag)?.[1] ?? "";
}
function options(html: string, select: string): { value: string; label: string }[] {
  const body = new RegExp(`<select[^>]*name="${select}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return [...body.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)].map(
    ([, value = "", label = ""]) => ({
      value,
      label,
    }),
  );
}
const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** A guest books a room on /rooms (the dialog's form, as without JavaScript) and pays by Mobile Money. */
async function guestBooks(name: string, phone: string, checkIn: string, checkOut: string, roomId?: string) {
  const page = `/rooms?book=Deluxe&checkIn=${checkIn}&checkOut=${checkOut}`;
  const form = await http(page);
  const room = roomId ?? options(form.html, "roomId")[0]?.value ?? "";
  const action =
    /<form method="post" action="([^"]*)"[^>]*class="room-booking-form"/.exec(form.html)?.[1] ?? page;
  const sent = await http(action.replace(/&amp;/g, "&"), {
    name,
    email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
    phone,
    checkIn,
    checkOut,
    adults: "2",
    children: "0",
    roomId: room,
    paymentMethod: "Mobile Money",
    submissionId: field(form.html, "submissionId"),
  });
  return { status: sent.status, payStep: sent.location, roomId: room, html: sent.html };
}

async function pay(payStep: string, phone: string, operator: "mtn" | "airtel") {
  const sent = await http(payStep, { phone, operator });
  const reference = /\/pay\/([^?]+)/.exec(payStep)?.[1] ?? "";
  const attempt = [...sim.collections.values()].findLast((c) => c.reference.startsWith(`${reference}-`));
  return { status: sent.status, reference, attempt: attempt?.reference ?? "" };
}

try {
  heading(`Setup: Lenco simulator at ${sim.url}, site at ${origin}, data in ${dataDir}`);
  server = spawn(process.execPath, ["server/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_ORIGIN: origin,
      WRITE_RATE_LIMIT: "0",
      LENCO_API_TOKEN: TOKEN,
      LENCO_ENVIRONMENT: "sandbox",
      LENCO_API_URL: sim.url,
    },
  });
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  for (let waited = 0; ; waited += 200) {
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (up === 200) break;
    if (waited > 60_000 || server.exitCode !== null)
      throw new Error(`the server did not start:\n${serverLog}`);
    await sleep(200);
  }
  // The first manager, through the one-time setup link the server wrote (docs/staff-guide.md,
  // "The first account").
  const setupToken = readFileSync(join(dataDir, "staff-setup-token"), "utf8").trim();
  const setup = await http(`/staff/set-password?token=${setupToken}`, {
    token: setupToken,
    name: MANAGER.name,
    email: MANAGER.email,
    password: MANAGER.password,
    confirm: MANAGER.password,
  });
  const signIn = await http("/staff/sign-in", {
    email: MANAGER.email,
    password: MANAGER.password,
    next: "/staff",
  });
  check(
    setup.status === 302 && signIn.status === 302,
    `manager created and signed in (${setup.status}, ${signIn.status})`,
  );
  const deposits = await http("/staff/deposits");
  const policies = await postAndFollow("/staff/deposits", {
    submissionId: field(deposits.html, "submissionId"),
    depositPolicy: "percent",
    depositPercent: "30",
    freeCancellationDays: "3",
    paymentHoldMinutes: String(HOLD_MINUTES),
  });
  check(
    policies.status === 303 && text(policies.page.html).includes("Policies saved."),
    `policies: 30% deposit, free cancellation until 3 days before arrival, rooms held ${HOLD_MINUTES} min (${policies.status})`,
  );

  const today = lodgeToday();
  heading("1. A mobile-money deposit confirmed by a signed webhook");
  const first = await guestBooks("Chanda Mwale", "0961111111", addDays(today, 20), addDays(today, 22));
  check(
    first.status === 302 && first.payStep.startsWith("/pay/"),
    `booking form → ${first.status} ${first.payStep.replace(/token=.*/, "token=…")}`,
  );
  const waitingPage = await http(first.payStep);
  say(
    `   payment step: ${/<dt>Total<\/dt><dd>([^<]*)/.exec(waitingPage.html)?.[1]} total, deposit ${/<dt>Deposit<\/dt><dd>([^<]*)/.exec(waitingPage.html)?.[1]}`,
  );
  const paid = await pay(first.payStep, "0961111111", "mtn");
  check(
    paid.status === 302 && paid.attempt !== "",
    `PIN prompt sent (${paid.status}), our reference ${paid.attempt}, stored before the call`,
  );
  say(
    `   simulator: collection ${paid.attempt} is ${sim.collections.get(paid.attempt)?.status} (the prompt is on the phone)`,
  );
  const settled = await sim.settle(paid.attempt);
  const delivery = sim.deliveries.at(-1);
  check(
    delivery?.status === 200,
    `guest approves: ${settled.status}; webhook ${delivery?.event} signed → ${delivery?.status}`,
  );
  const confirmed = await http(first.payStep);
  check(
    /Booking confirmed/.test(confirmed.html),
    `payment step now says: "${/your deposit of [^.]*is confirmed/.exec(text(confirmed.html))?.[0]}"`,
  );

  heading("2. The same webhook again, a tampered one, a forged one");
  const again = await sim.deliver(paid.attempt);
  check(again === 200, `duplicate delivery → ${again} (acknowledged, changes nothing)`);
  const tampered = await sim.deliver(paid.attempt, undefined, (body) =>
    body.replace(/"amount":"[^"]*"/, '"amount":"1.00"'),
  );
  check(tampered === 401, `same body with the amount changed, old signature → ${tampered}`);
  const forged = await fetch(`${origin}/payments/lenco/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Lenco-Signature": "0".repeat(128) },
    body: JSON.stringify({
      event: "collection.successful",
      data: { ...settled, reference: "LDG-FORGED-00000000" },
    }),
  });
  check(forged.status === 401, `a webhook signed with a guessed key → ${forged.status}`);

  heading("3. A phone booking entered at the desk, paid in cash");
  const deskDates = `checkIn=${addDays(today, 30)}&checkOut=${addDays(today, 33)}`;
  const desk = await http(`/staff/desk?tab=room&channel=phone&${deskDates}`);
  const deskRoom = options(desk.html, "roomId")[0];
  const entered = await http(`/staff/desk?tab=room&channel=phone&${deskDates}`, {
    tab: "room",
    submissionId: field(desk.html, "submissionId"),
    channel: "phone",
    name: "Mutale Zulu",
    phone: "0977 123 456",
    email: "",
    roomId: deskRoom?.value ?? "",
    checkIn: addDays(today, 30),
    checkOut: addDays(today, 33),
    adults: "1",
    children: "0",
    paymentMethod: "Cash",
    message: "",
  });
  check(
    entered.status === 303,
    `entered by phone, no e-mail, room ${deskRoom?.label} → ${entered.status} ${entered.location}`,
  );
  const request = await http(entered.location.replace(/\?.*/, ""));
  const balance = /balance due (K[\d,]+)/.exec(text(request.html))?.[1] ?? "";
  const cash = await postAndFollow(entered.location.replace(/\?.*/, ""), {
    submissionId: field(request.html, "submissionId"),
    intent: "record-payment",
    entryKind: "payment",
    method: "Cash",
    amount: balance.replace(/[K,]/g, ""),
    transactionId: "",
    note: "Paid at the desk",
  });
  const receipt = /\/staff\/receipts\/(\d+)/.exec(cash.page.html)?.[1] ?? "";
  check(
    cash.status === 303 && receipt !== "",
    `cash ${balance} recorded (${cash.status}): "${/Payment of [^.]*recorded\./.exec(text(cash.page.html))?.[0]}", receipt R-${receipt}`,
  );
  const printed = await http(`/staff/receipts/${receipt}`);
  const receiptText = text(printed.html);
  check(
    printed.status === 200 && receiptText.includes("This is not a fiscal tax invoice."),
    `receipt page /staff/receipts/${receipt} → ${printed.status}: R-${receipt}, ${/Method (\w+)/.exec(receiptText)?.[1]} ${/Amount (K[\d,]+)/.exec(receiptText)?.[1]}, balance due now ${/Balance due now (K[\d,]+)/.exec(receiptText)?.[1]}, "This is not a fiscal tax invoice."`,
  );

  if (QUICK) {
    heading("4. Expiry skipped (--quick)");
  } else {
    heading(
      `4. A deposit never approved: the hold expires after ${HOLD_MINUTES} minutes and the room is free again`,
    );
    const [checkIn, checkOut] = [addDays(today, 40), addDays(today, 42)];
    const held = await guestBooks("Bwalya Phiri", "0969999999", checkIn, checkOut);
    const pending = await pay(held.payStep, "0969999999", "mtn");
    say(`   ${pending.attempt}: prompt sent to a number that never approves (${pending.status})`);
    const other = await guestBooks("Natasha Tembo", "0971111111", checkIn, checkOut, held.roomId);
    const refusal = text(other.html).includes(ROOM_JUST_BOOKED) ? ROOM_JUST_BOOKED : "(no message)";
    check(
      other.status === 409 && refusal === ROOM_JUST_BOOKED,
      `meanwhile the same room for the same nights is refused to another guest (${other.status}: "${refusal.trim()}")`,
    );
    const started = Date.now();
    let released = false;
    while (!released && Date.now() - started < (HOLD_MINUTES + 3) * 60_000) {
      await sleep(15_000);
      released = /The time to pay ended/.test((await http(held.payStep)).html);
      say(`   ${Math.round((Date.now() - started) / 1000)} s: ${released ? "hold ended" : "still held"}`);
    }
    check(released, "the payment step says: the time to pay ended, the room has been released");
    const rebooked = await guestBooks("Natasha Tembo", "0971111111", checkIn, checkOut, held.roomId);
    check(rebooked.status === 302, `the same room and nights can be booked again → ${rebooked.status}`);
  }
} finally {
  await stopServer();
  await sim.close();
}

heading("5. What the database holds (read from the data folder after the server stopped)");
const db = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
try {
  const show = async (title: string, query: string) => {
    const { rows } = await db.query<Record<string, unknown>>(query);
    say(`-- ${title}`);
    console.table(rows);
  };
  await show(
    "bookings",
    `select reference, status, channel, room_number as room, check_in::text, total_price as total, deposit_amount as deposit, payment_expired_at is not null as expired from bookings order by created_at`,
  );
  await show(
    "payment attempts (our reference first, stored before the provider was called)",
    `select a.reference, a.status, a.amount_ngwee / 100 as amount, a.operator, b.reference as booking from payment_attempts a join bookings b on b.id = a.booking_id order by a.created_at`,
  );
  await show(
    "webhooks received and verified (each body once; refused ones are only logged)",
    `select event, outcome, count(*)::int as bodies from payment_webhook_events group by event, outcome order by event`,
  );
  await show(
    "payments ledger (the receipt number is R-<id>)",
    `select p.id as receipt, p.kind, p.method, p.amount, p.provider, coalesce(b.reference, '') as booking from payments p left join bookings b on b.id = p.booking_id order by p.id`,
  );
} finally {
  await db.close();
  if (process.exitCode) say(`\nServer log:\n${serverLog}`);
  rmSync(dataDir, { recursive: true, force: true });
}
say(process.exitCode ? "\nWalkthrough FAILED." : "\nWalkthrough done: every check held.");
