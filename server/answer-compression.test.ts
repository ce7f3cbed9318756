import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerCompression, BROTLI_WINDOW_BITS } from "./answer-compression.ts";

/**
 * The window a brotli stream says it was written with (RFC 7932, 9.1: WBITS in its first bits).
 * A large window (bits 1 then 000 then 1000…) is not expected here and reads as 0.
 */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream.readUInt8(0) | (stream.readUInt8(1) << 8);
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 0b111;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 0b111;
  if (m === 1) return 0;
  return m === 0 ? 17 : 8 + m;
}

/** A page of some 90 KB that does not repeat itself within a few bytes (rows of a busy day). */
const page = `<!DOCTYPE html><table>${Array.from(
  { length: 900 },
  (_, i) =>
    `<tr><td>${100 + (i % 35)}</td><td><a href="/staff/requests/booking/${i * 7919}">Guest ${i}</a></td></tr>`,
).join("")}</table>`;

/** Some 2.5 MB that does not compress, so that the zlib stream fills and drains many times. */
const exportChunks = Array.from({ length: 40 }, () => randomBytes(64 * 1024));

let server: ReturnType<ReturnType<typeof express>["listen"]>;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use(answerCompression());
  app.get("/page", (_request, response) => {
    response.type("html").send(page);
  });
  // A long download written as React Router's adapter writes one: at each full buffer, wait for
  // one drain with `once`, then take the listener off with `off`.
  app.get("/export", async (_request, response) => {
    response.type("text/csv");
    for (const chunk of exportChunks) {
      if (response.write(chunk)) continue;
      await new Promise<void>((resolve) => {
        const onDrain = () => {
          response.off("drain", onDrain);
          resolve();
        };
        response.once("drain", onDrain);
      });
    }
    response.end();
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
});

afterAll(() => server.close());

/** The answer as sent, still compressed (fetch would decompress it). */
async function fetchAs(acceptEncoding: string, path = "/page") {
  const request = get(new URL(path, url), { headers: { "accept-encoding": acceptEncoding } });
  const [response] = (await once(request, "response")) as [IncomingMessage];
  return { encoding: response.headers["content-encoding"], body: Buffer.concat(await response.toArray()) };
}

describe("answerCompression", () => {
  it("sends brotli with a 256 KB window, not brotli's 4 MB default, and the page arrives whole", async () => {
    expect(page.length).toBeGreaterThan(64 * 1024);
    const { encoding, body } = await fetchAs("gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(brotliWindowBits(body)).toBe(BROTLI_WINDOW_BITS);
    expect(brotliDecompressSync(body).toString("utf8")).toBe(page);
    expect(body.length).toBeLessThan(page.length / 4);
  });

  it("sends gzip to a client that takes no brotli", async () => {
    const { encoding, body } = await fetchAs("gzip");
    expect(encoding).toBe("gzip");
    expect(gunzipSync(body).toString("utf8")).toBe(page);
  });

  it("streams a long download through many drains without piling up drain listeners", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const { encoding, body } = await fetchAs("gzip", "/export");
      expect(encoding).toBe("gzip");
      expect(gunzipSync(body).equals(Buffer.concat(exportChunks))).toBe(true);
      // Node emits the leak warning on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
  });
});
