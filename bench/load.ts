// Server throughput against the one server process: pages under concurrent load, then room
// bookings through the dialog's endpoint, each for a different room.
import autocannon from "autocannon";
import { addDays, lodgeToday } from "../app/lib/dates.ts";

export type PageLoad = {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};
export type BookingLoad = {
  /** Requests sent, including those still in flight when the run stopped (they may commit). */
  sent: number;
  succeeded2xx: number;
  committed: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
};

const DURATION_S = 10;
const CONNECTIONS = 20;

export async function loadPage(baseUrl: string, path: string): Promise<PageLoad> {
  const result = await autocannon({
    url: new URL(path, baseUrl).href,
    connections: CONNECTIONS,
    duration: DURATION_S,
    // What a phone sends: compression is part of the work.
    headers: { "accept-encoding": "br, gzip" },
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
 * POST /api/room-booking with form bodies like the dialog's, one distinct room per request, for
 * at most DURATION_S seconds or until the rooms run out. `committed` is filled in by the caller
 * from the database afterwards: only rows that exist count.
 */
export async function loadBookings(
  baseUrl: string,
  roomIds: readonly number[],
): Promise<Omit<BookingLoad, "committed" | "perSecond">> {
  const today = lodgeToday();
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: new URL("/api/room-booking", baseUrl).href,
    connections: 10,
    duration: DURATION_S,
    maxOverallRequests: roomIds.length,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        setupRequest: (request) => {
          const index = next++;
          const body = new URLSearchParams({
            name: "Bench Guest",
            email: `guest${index}@bench.example`,
            phone: "+260 97 123 4567",
            checkIn: addDays(today, 1),
            checkOut: addDays(today, 3),
            adults: "2",
            children: "0",
            roomId: String(roomIds[index % roomIds.length]),
            paymentMethod: "Cash",
            submissionId: `bench-${index}`,
          }).toString();
          return { ...request, body };
        },
      },
    ],
  });
  return {
    sent: next,
    succeeded2xx: result["2xx"],
    seconds: (performance.now() - started) / 1000,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}
