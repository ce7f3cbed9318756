import fresh from "fresh";
import type { DB } from "~/shared/db/client.server.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { logger } from "~/shared/logger.server.ts";
import { roomFeed } from "./room-feed.server.ts";

/**
 * The answer to a channel reading a room's feed (/calendar/<token>.ics): the calendar with its
 * validators, 304 when the channel's copy is current, 404 for an unknown or rotated address. The
 * address is a secret: no shared cache keeps it, and no search engine lists it.
 */
export async function roomFeedResponse(
  database: () => Promise<DB>,
  request: Request,
  { file, siteOrigin, today = lodgeToday() }: { file: string; siteOrigin: string; today?: string },
): Promise<Response> {
  const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  const common = { "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex, nofollow" };
  let feed;
  try {
    feed = token
      ? await roomFeed(await database(), token, { today, domain: new URL(siteOrigin).hostname })
      : null;
  } catch (error) {
    // The channel reads again in a few minutes; until then it keeps what it had.
    logger.error({ error: (error as Error).message }, "room feed not answered");
    return new Response("The calendar is not available just now.\n", {
      status: 503,
      headers: { ...common, "Retry-After": "300", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (!feed) {
    return new Response("Not found.\n", {
      status: 404,
      headers: { ...common, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const validators = { ETag: feed.etag, "Last-Modified": feed.lastModified.toUTCString() };
  const conditional = {
    "if-none-match": request.headers.get("If-None-Match") ?? undefined,
    "if-modified-since": request.headers.get("If-Modified-Since") ?? undefined,
  };
  if (fresh(conditional, { etag: feed.etag, "last-modified": validators["Last-Modified"] })) {
    return new Response(null, { status: 304, headers: { ...common, ...validators } });
  }
  return new Response(feed.body, {
    headers: { ...common, ...validators, "Content-Type": "text/calendar; charset=utf-8" },
  });
}
