// Reading a channel's feed over HTTP with Node's fetch, within limits: a feed that never answers,
// never ends, is far larger than any calendar or redirects in circles costs one bounded attempt
// and an error on the sync page, never a stuck worker or a full memory.

export interface FetchLimits {
  /** The whole read, headers and body, in milliseconds. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const FEED_LIMITS: FetchLimits = { timeoutMs: 20_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

export type FetchOutcome =
  | { kind: "fetched"; body: string; etag: string | null; lastModified: string | null }
  | { kind: "not-modified" }
  | { kind: "failed"; message: string };

/**
 * GETs the feed, following at most `maxRedirects` redirects (each checked to be http or https),
 * asking only for what changed since the last read (If-None-Match / If-Modified-Since).
 */
export async function fetchFeed(
  url: string,
  previous: { etag: string | null; lastModified: string | null },
  limits: FetchLimits = FEED_LIMITS,
): Promise<FetchOutcome> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    let address = url;
    for (let hop = 0; ; hop += 1) {
      if (!isWebAddress(address))
        return { kind: "failed", message: "The address is not an http or https address." };
      const headers: Record<string, string> = { Accept: "text/calendar, */*;q=0.5" };
      if (previous.etag) headers["If-None-Match"] = previous.etag;
      if (previous.lastModified) headers["If-Modified-Since"] = previous.lastModified;
      const response = await fetch(address, { headers, redirect: "manual", signal });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel();
        const location = response.headers.get("Location");
        if (!location)
          return { kind: "failed", message: `The channel answered ${response.status} without an address.` };
        if (hop >= limits.maxRedirects)
          return {
            kind: "failed",
            message: `The channel redirected more than ${limits.maxRedirects} times.`,
          };
        address = new URL(location, address).href;
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: "not-modified" };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return {
          kind: "failed",
          message: `The channel answered ${response.status} ${response.statusText}`.trim() + ".",
        };
      }
      const body = await readLimited(response, limits.maxBytes);
      if (body === null)
        return {
          kind: "failed",
          message: `The feed is larger than ${Math.round(limits.maxBytes / 1024)} KB.`,
        };
      return {
        kind: "fetched",
        body,
        etag: response.headers.get("ETag"),
        lastModified: response.headers.get("Last-Modified"),
      };
    }
  } catch (error) {
    if (signal.aborted)
      return { kind: "failed", message: `No answer within ${limits.timeoutMs / 1000} seconds.` };
    return { kind: "failed", message: `The feed could not be read (${describe(error)}).` };
  }
}

/** The body as text, or null once it passes `maxBytes` (the rest is not read). */
async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
