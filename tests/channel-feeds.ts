import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the channels (Airbnb, Booking.com, Vrbo…) whose calendar feeds the lodge
// imports: each path plays what a test asks of it (a calendar that changes between reads, a 500,
// an answer that never comes or comes slowly, a body over the size limit, redirects in circles or
// to a moved address) and counts the reads, so tests need no network.

export interface FeedAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Answer only after this long (a slow channel). */
  delayMs?: number;
  /** Never answer (the read must time out). */
  hang?: boolean;
  /** Redirect (302) to this path or address. */
  redirect?: string;
  /** Stream this many bytes of calendar-like text, without a Content-Length. */
  streamBytes?: number;
}

export interface FeedServer {
  origin: string;
  url(path: string): string;
  /** What `path` answers from now on: fixed, or computed per request. */
  play(path: string, answer: FeedAnswer | ((request: IncomingMessage) => FeedAnswer)): void;
  /** How many requests reached `path`. */
  hits(path: string): number;
  /** The headers of the last request to `path`. */
  lastHeaders(path: string): IncomingMessage["headers"] | undefined;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer | ((request: IncomingMessage) => FeedAnswer)>();
  const counts = new Map<string, number>();
  const headers = new Map<string, IncomingMessage["headers"]>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://feeds.test").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    headers.set(path, request.headers);
    const played = answers.get(path);
    const answer = typeof played === "function" ? played(request) : (played ?? { status: 404, body: "" });
    const send = () => {
      if (answer.hang) {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      }
      if (answer.redirect) {
        response.writeHead(302, { Location: answer.redirect });
        response.end();
        return;
      }
      if (answer.streamBytes) {
        response.writeHead(200, { "Content-Type": "text/calendar" });
        const chunk = "X-FILLER:" + "x".repeat(1000) + "\r\n";
        let sent = 0;
        const more = () => {
          while (sent < (answer.streamBytes ?? 0)) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", more);
          }
          response.end();
        };
        response.on("close", () => (sent = Infinity));
        more();
        return;
      }
      response.writeHead(answer.status ?? 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        ...answer.headers,
      });
      response.end(answer.body ?? "");
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    play: (path, answer) => void answers.set(path, answer),
    hits: (path) => counts.get(path) ?? 0,
    lastHeaders: (path) => headers.get(path),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An event as a channel writes it; dates are 'YYYY-MM-DD' unless `start`/`end` give raw values. */
export interface TestEvent {
  uid: string;
  from?: string;
  to?: string;
  /** Raw DTSTART / DTEND lines' values with their parameters, e.g. ';VALUE=DATE:20261201'. */
  start?: string;
  end?: string;
  summary?: string;
  description?: string;
  status?: string;
  rrule?: string;
  recurrenceId?: string;
}

const compact = (iso: string) => iso.replaceAll("-", "");

/** A calendar as the channels publish theirs (CRLF lines, all-day dates unless told otherwise). */
export function channelCalendar(
  events: TestEvent[],
  prodId = "-//Airbnb Inc//Hosting Calendar 1.0//EN",
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `DTSTAMP:20261101T000000Z`,
      `DTSTART${event.start ?? `;VALUE=DATE:${compact(event.from ?? "")}`}`,
      ...(event.end !== undefined || event.to !== undefined
        ? [`DTEND${event.end ?? `;VALUE=DATE:${compact(event.to ?? "")}`}`]
        : []),
      `UID:${event.uid}`,
      ...(event.recurrenceId ? [`RECURRENCE-ID;VALUE=DATE:${compact(event.recurrenceId)}`] : []),
      ...(event.rrule ? [`RRULE:${event.rrule}`] : []),
      ...(event.status ? [`STATUS:${event.status}`] : []),
      ...(event.description ? [`DESCRIPTION:${event.description}`] : []),
      `SUMMARY:${event.summary ?? "Reserved"}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}
