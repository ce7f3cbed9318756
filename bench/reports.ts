// `npm run bench:reports`: how fast the reports answer (budget: each ≤ 200 ms p99) with ten
// years of history, on PGlite and on PostgreSQL. It fills a fresh database of each engine (in
// memory; a throwaway database on the server) with ten years of stays for the seeded 35 rooms,
// venue events, closures and payments, then times the whole reports page read afresh (what its
// CSV files read too), for random months and for year-long ranges. Prints one table and
// writes bench/out/results-reports.json. Not part of `npm test`.
//
// The history is generated here so the bench stands alone; `npm run db:seed-history` builds a like
// one for the running site.
import { registerHooks } from "node:module";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { writeResults } from "./out.ts";
import { createPostgresDatabase } from "./server.ts";

// The app's modules import each other as "~/…" (tsconfig paths) and import images, as Vite
// resolves them: here "~/" is app/, and an asset is its own address (the data layer never uses it).
const ASSET = /\.(svg|png|jpe?g|webp|avif|css)(\?.*)?$/;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith("~/")) {
      return nextResolve(new URL(`../app/${specifier.slice(2)}`, import.meta.url).href, context);
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (ASSET.test(url))
      return { format: "module", source: `export default ${JSON.stringify(url)};`, shortCircuit: true };
    return nextLoad(url, context);
  },
});

const { openDatabase } = await import("../app/shared/db/database.server.ts");
const { addDays, lodgeToday } = await import("../app/shared/dates.ts");
const { readReportQuery } = await import("../app/features/reports/report-period.ts");
const { readReportsPage } = await import("../app/features/reports/reports.server.ts");
const { periodRoomsQuery, roomNightsSold, taxReturnQuery } =
  await import("../app/features/reports/report-queries.server.ts");
const { keepHistoryPrices } = await import("./history-seed.ts");
type DB = import("../app/shared/db/client.server.ts").DB;

const YEARS = Number(process.env.BENCH_REPORT_YEARS ?? 10);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 100);
const BUDGET_P99_MS = 200;
/**
 * `BENCH_REPORT_DATA_DIR`: a PGlite folder seeded with `npm run db:seed-history` (a copy: it is
 * migrated), read as it is instead of a history filled here.
 */
const DATA_DIR = process.env.BENCH_REPORT_DATA_DIR;
/** `BENCH_REPORT_ENGINES=postgres` measures one engine. */
const ENGINES = (process.env.BENCH_REPORT_ENGINES ?? "pglite,postgres").split(",");

/** A small deterministic generator, so every run measures the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function pick<T>(next: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = next() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

async function insertAll(
  db: DB,
  table: "bookings" | "reservations" | "venueBookings" | "payments" | "roomClosures",
  rows: object[],
) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}

/** Ten years of a busy lodge: about two thirds full, stays of 1–7 nights, some cancelled. */
async function fillHistory(db: DB, today: string): Promise<Record<string, number>> {
  const next = random(18);
  const start = addDays(today, -Math.round(YEARS * 365.25));
  const end = addDays(today, 180);
  const rooms = await db.selectFrom("rooms").selectAll().orderBy("id").execute();
  const bookings: object[] = [];
  const reservations: object[] = [];
  const closures: object[] = [];
  const payments: {
    request: string;
    kind: "booking" | "reservation";
    amount: number;
    at: string;
    method: string;
  }[] = [];
  let sequence = 0;
  for (const room of rooms) {
    let cursor = addDays(start, Math.floor(next() * 5));
    while (cursor < end) {
      if (next() < 0.004 && cursor < today) {
        const days = 3 + Math.floor(next() * 8);
        closures.push({
          roomId: room.id,
          startsOn: cursor,
          endsOn: addDays(cursor, days),
          reason: "Maintenance",
        });
        cursor = addDays(cursor, days);
        continue;
      }
      const nights = pick(next, [
        [1, 25],
        [2, 25],
        [3, 20],
        [4, 12],
        [5, 8],
        [7, 10],
      ] as const);
      const checkIn = cursor;
      const checkOut = addDays(checkIn, nights);
      const past = checkOut <= today;
      const status = past
        ? pick(next, [
            ["Checked out", 86],
            ["Cancelled", 8],
            ["No-show", 3],
            ["Declined", 3],
          ] as const)
        : checkIn <= today
          ? "Checked in"
          : pick(next, [
              ["Confirmed", 80],
              ["Pending", 12],
              ["Cancelled", 8],
            ] as const);
      const lead = Math.floor(next() * 60);
      const createdAt = `${addDays(checkIn, -lead)}T09:00:00Z`;
      const paymentMethod = pick(next, [
        ["Cash", 40],
        ["Mobile Money", 45],
        ["Credit Card", 15],
      ] as const);
      const channel = pick(next, [
        ["web", 70],
        ["phone", 20],
        ["walk-in", 10],
      ] as const);
      sequence += 1;
      const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`;
      const common = {
        id,
        reference: `H${String(sequence).padStart(9, "0")}`,
        name: "History Guest",
        email: "history@example.com",
        phone: "+260 97 000 0000",
        paymentMethod,
        status,
        channel,
        roomId: room.id,
        roomNumber: room.roomNumber,
        roomType: room.type,
        checkIn,
        checkOut,
        adults: 2,
        children: 0,
        price: room.price,
        totalPrice: room.price * nights,
        createdAt,
      };
      const kind = next() < 0.8 ? "booking" : "reservation";
      if (kind === "booking") {
        bookings.push({
          ...common,
          selectedRoom: `${room.roomNumber} - ${room.type}`,
          numberOfPeople: "2",
          guestCount: "2",
        });
      } else {
        reservations.push({ ...common, source: "reservation-page", numberOfPeople: 2, roomCount: 1 });
      }
      if (status === "Checked out" || (status === "Cancelled" && next() < 0.3)) {
        payments.push({
          request: id,
          kind,
          amount: common.totalPrice,
          at: `${checkOut}T08:00:00Z`,
          method: paymentMethod,
        });
      }
      cursor = addDays(
        checkOut,
        pick(next, [
          [0, 45],
          [1, 25],
          [2, 15],
          [4, 15],
        ] as const),
      );
    }
  }
  const venues = await db.selectFrom("venues").selectAll().execute();
  const events: object[] = [];
  for (const venue of venues) {
    for (
      let day = addDays(start, Math.floor(next() * 4));
      day < end;
      day = addDays(day, 2 + Math.floor(next() * 5))
    ) {
      sequence += 1;
      events.push({
        reference: `V${String(sequence).padStart(9, "0")}`,
        name: "History Host",
        email: "history@example.com",
        phone: "+260 97 000 0000",
        paymentMethod: "Cash",
        status: pick(next, [
          ["Confirmed", 85],
          ["Cancelled", 10],
          ["Declined", 5],
        ] as const),
        channel: "web",
        venueId: venue.id,
        venueName: venue.venue,
        bookingDate: day,
        numberOfPeople: 10 + Math.floor(next() * 120),
        totalPrice: venue.price,
        createdAt: `${addDays(day, -30)}T09:00:00Z`,
      });
    }
  }
  await insertAll(db, "roomClosures", closures);
  await insertAll(db, "bookings", bookings);
  await insertAll(db, "reservations", reservations);
  await insertAll(db, "venueBookings", events);
  // Kept prices as the app keeps them, for a VAT-registered lodge (VAT 16%, levy 1.5%).
  await db.updateTable("lodgeSettings").set({ vatRegistered: true }).execute();
  await keepHistoryPrices(db);
  await insertAll(
    db,
    "payments",
    payments.map((p) => ({
      bookingId: p.kind === "booking" ? p.request : null,
      reservationId: p.kind === "reservation" ? p.request : null,
      kind: "payment",
      method: p.method,
      amount: p.amount,
      at: p.at,
    })),
  );
  return {
    bookings: bookings.length,
    reservations: reservations.length,
    venueBookings: events.length,
    closures: closures.length,
    payments: payments.length,
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

type Timing = { report: string; period: string; p50: number; p99: number; max: number };

async function timeReports(db: DB, today: string): Promise<Timing[]> {
  const next = random(42);
  const months = Array.from({ length: RUNS }, () => {
    const monthsBack = Math.floor(next() * YEARS * 12);
    const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() - monthsBack);
    return `show=month&month=${date.toISOString().slice(0, 7)}&compare=1`;
  });
  const years = Array.from({ length: RUNS }, () => {
    const from = addDays(today, -Math.floor(next() * (YEARS - 1) * 365) - 366);
    return `show=range&from=${from}&to=${addDays(from, 365)}&compare=1`;
  });
  const timings: Timing[] = [];
  const measure = async (
    report: string,
    period: string,
    searches: string[],
    run: (params: URLSearchParams) => Promise<unknown>,
  ) => {
    for (const search of searches.slice(0, 3)) await run(new URLSearchParams(search));
    const samples: number[] = [];
    for (const search of searches) {
      const started = performance.now();
      await run(new URLSearchParams(search));
      samples.push(performance.now() - started);
    }
    timings.push({
      report,
      period,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      max: Math.max(...samples),
    });
  };
  for (const [period, searches] of [
    ["month, with the year before", months],
    ["366 days, with the year before", years],
  ] as const) {
    await measure("the whole page", period, searches, (params) =>
      readReportsPage(db, readReportQuery(params, today), today),
    );
  }
  return timings;
}

/** `BENCH_REPORT_EXPLAIN=1`: the plans of the room revenue, tax return and page queries for last month. */
async function explain(db: DB, engine: string, today: string) {
  const month = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  month.setUTCMonth(month.getUTCMonth() - 1);
  const from = month.toISOString().slice(0, 10);
  const range = { from, until: `${today.slice(0, 7)}-01` };
  for (const [name, query] of [
    [
      "room revenue by type",
      sql`select room_type, sum(rooms), sum(revenue) from ${roomNightsSold(range)} n group by 1`,
    ],
    ["tax return", taxReturnQuery(range)],
    ["the page's room figures, one slice", periodRoomsQuery(range, "night", range.from, "week")],
  ] as const) {
    const plan = await sql<Record<string, string>>`explain analyze ${query}`.execute(db);
    console.log(`\n${engine}, ${name}, ${range.from} to ${range.until}:`);
    for (const row of plan.rows) console.log(Object.values(row)[0]);
  }
}

async function benchEngine(engine: "pglite" | "postgres") {
  const today = lodgeToday();
  let drop = async () => {};
  let handle;
  if (engine === "pglite") {
    handle = openDatabase({ dataDir: DATA_DIR ?? "memory://" });
  } else {
    const server = await createPostgresDatabase();
    if ("unreachable" in server) throw new Error(`PostgreSQL unreachable: ${server.unreachable}`);
    handle = openDatabase({ databaseUrl: server.databaseUrl, dataDir: "unused" });
    drop = server.drop;
  }
  try {
    const db = await handle.ready();
    const started = performance.now();
    const rows = engine === "pglite" && DATA_DIR ? { seeded: 1 } : await fillHistory(db, today);
    // Fresh planner statistics, as autovacuum would have after ten years.
    await sql`analyze`.execute(db);
    console.log(`${engine}: ${JSON.stringify(rows)} in ${Math.round(performance.now() - started)} ms`);
    if (process.env.BENCH_REPORT_EXPLAIN) await explain(db, engine, today);
    return { engine, rows, timings: await timeReports(db, today) };
  } finally {
    await handle.close();
    await drop();
  }
}

const results = [];
for (const engine of ["pglite", "postgres"] as const) {
  if (ENGINES.includes(engine)) results.push(await benchEngine(engine));
}
const failures: string[] = [];
console.log(
  `\nreport timings, ms (${RUNS} random periods each; ${YEARS} years of history; ${cpus().length} cores)`,
);
const NAMES = { pglite: "PGlite", postgres: "PostgreSQL" } as const;
console.log(`| report | period | ${results.map((r) => `${NAMES[r.engine]} p50 / p99`).join(" | ")} |`);
console.log(`| --- | --- | ${results.map(() => "---").join(" | ")} |`);
for (const [i, timing] of results[0]?.timings.entries() ?? []) {
  const cells = results.map((result) => result.timings[i]);
  const cell = (t: Timing | undefined) => (t ? `${t.p50.toFixed(1)} / ${t.p99.toFixed(1)}` : "–");
  console.log(`| ${timing.report} | ${timing.period} | ${cells.map(cell).join(" | ")} |`);
  for (const [index, t] of cells.entries()) {
    // The budget is per report; the whole page runs them all and is shown for information.
    if (t && t.report !== "the whole page" && t.p99 > BUDGET_P99_MS) {
      const engine = NAMES[results[index]?.engine ?? "pglite"];
      failures.push(`${engine} ${t.report} (${t.period}): p99 ${t.p99.toFixed(0)} ms > ${BUDGET_P99_MS} ms`);
    }
  }
}
await writeResults("results-reports.json", {
  at: new Date().toISOString(),
  years: YEARS,
  runs: RUNS,
  cores: cpus().length,
  results,
});
if (failures.length > 0) {
  console.error(`\nover budget:\n${failures.join("\n")}`);
  process.exitCode = 1;
}
