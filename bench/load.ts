// Server throughput against the one server process: pages under concurrent load, then room
// bookings through the dialog's action, random stays that conflict.
import autocannon from "autocannon";
import { addDays, lodgeToday } from "../app/shared/dates.ts";
import { combineLoadRuns, type CombinedPageLoad } from "./combine-runs.ts";

export type PageLoad = {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};
export type BookingLoad = {
  /** The database the server under test ran on. */
  engine: "pglite" | "postgres";
  /** Requests sent, including those still in flight when the run stopped (they may commit). */
  sent: number;
  succeeded2xx: number;
  committed: number;
  /** Answered 409: the stay overlapped one already held (the database's exclusion constraint). */
  refused: number;
  /** Neither 2xx nor 409 (other answers, errors, timeouts): a healthy run has none. */
  failed: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
};

const DURATION_S = 10;
const CONNECTIONS = 20;
/** Seconds per page load run (`BENCH_LOAD_SECONDS`); each page is loaded LOAD_RUNS times. */
const PAGE_RUN_S = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
export const LOAD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 3);

/**
 * A page under load LOAD_RUNS times, after one unrecorded second that fills the page cache and
 * lets the JIT compile the render path (a process serves for days; its first second is not its
 * speed). Combined as medians, every run kept (bench/combine-runs.ts).
 */
export async function loadPageRuns(
  baseUrl: string,
  path: string,
  options: PageLoadOptions = {},
): Promise<CombinedPageLoad> {
  const { runs: count = LOAD_RUNS, seconds = PAGE_RUN_S } = options;
  await loadPage(baseUrl, path, 1, options);
  const runs: PageLoad[] = [];
  for (let run = 0; run < count; run++) runs.push(await loadPage(baseUrl, path, seconds, options));
  return combineLoadRuns(runs);
}

/** One of two servers loaded in turns: its address and what to send it (its staff cookie). */
export interface TurnSide {
  url: string;
  options?: PageLoadOptions;
}

/**
 * A page on two servers taking turns (one unrecorded second on each, then `runs` pairs of
 * `seconds`), so whatever else the machine does at a moment weighs on both sides alike. Each
 * side's runs in the order they ran.
 */
export async function loadInTurns(
  sides: readonly [TurnSide, TurnSide],
  path: string,
  runs: number,
  seconds: number,
): Promise<[PageLoad[], PageLoad[]]> {
  for (const { url, options } of sides) await loadPage(url, path, 1, options);
  const loads: [PageLoad[], PageLoad[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    for (const [side, { url, options }] of sides.entries()) {
      loads[side]!.push(await loadPage(url, path, seconds, options));
    }
  }
  return loads;
}

/** Defaults: 20 connections, LOAD_RUNS runs of BENCH_LOAD_SECONDS, no cookie. */
export interface PageLoadOptions {
  connections?: number;
  runs?: number;
  seconds?: number;
  /** Sent with every request (a staff session for the console's pages). */
  cookie?: string;
}

export async function loadPage(
  baseUrl: string,
  path: string,
  seconds = DURATION_S,
  { connections = CONNECTIONS, cookie }: PageLoadOptions = {},
): Promise<PageLoad> {
  const result = await autocannon({
    url: new URL(path, baseUrl).href,
    connections,
    duration: seconds,
    // What a phone sends: compression is part of the work.
    headers: { "accept-encoding": "br, gzip", ...(cookie ? { cookie } : {}) },
  });
  return {
    path,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * POST the Room Booking dialog's form as a browser does, with or without JavaScript (the /rooms
 * action at `/rooms?book=Deluxe`, answered with the page; ADR 0014), for
 * at most DURATION_S seconds: each request books a random one of BOOKED_ROOMS rooms, checking in
 * within BOOKED_DAYS days for 1 to 4 nights, so stays overlap and the database refuses some (409)
 * while most still commit: the cost of both answers is in the figure.
 * `refused` counts those; `committed` is filled in by the caller from the database afterwards:
 * only rows that exist count.
 */
const BOOKED_ROOMS = 50;
const BOOKED_DAYS = 90;

export async function loadBookings(
  baseUrl: string,
  roomIds: readonly number[],
): Promise<Omit<BookingLoad, "engine" | "committed" | "perSecond">> {
  const today = lodgeToday();
  const rooms = roomIds.slice(0, BOOKED_ROOMS);
  const pick = (count: number) => Math.floor(Math.random() * count);
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: new URL("/rooms?book=Deluxe", baseUrl).href,
    connections: 10,
    duration: DURATION_S,
    requests: [
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: new URL(baseUrl).origin,
          accept: "text/html",
          "accept-encoding": "br, gzip",
        },
        setupRequest: (request) => {
          const index = next++;
          const checkIn = addDays(today, pick(BOOKED_DAYS));
          const body = new URLSearchParams({
            name: "Bench Guest",
            email: `guest${index}@bench.example`,
            phone: "+260 97 123 4567",
            checkIn,
            checkOut: addDays(checkIn, 1 + pick(4)),
            adults: "2",
            children: "0",
            roomId: String(rooms[pick(rooms.length)]),
            paymentMethod: "Cash",
            submissionId: `bench-${index}`,
          }).toString();
          return { ...request, body };
        },
      },
    ],
  });
  const refused = result.statusCodeStats?.["409"]?.count ?? 0;
  return {
    sent: next,
    succeeded2xx: result["2xx"],
    refused,
    failed: result.non2xx - refused + result.errors + result.timeouts,
    seconds: (performance.now() - started) / 1000,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}
