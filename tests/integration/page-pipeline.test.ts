import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express, { type Express } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { pagePipeline } from "../../server/page-pipeline.ts";
import { contentSecurityPolicy, securityHeaders } from "../../server/security-headers.ts";
import { staticFiles } from "../../server/static-files.ts";

// Pages rendered per request through server/page-pipeline.ts (kept pages: page-cache.test.ts),
// and server/static-files.ts: built files with their precompressed twins, only files that exist.

const servers: http.Server[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function listen(app: Express): Promise<string> {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

const PAGE = (nonce: string) =>
  `<!DOCTYPE html><html><head><style nonce="${nonce}">p{}</style></head><body>${"<p>Lusaka West</p>".repeat(200)}` +
  `<script nonce="${nonce}">go()</script></body></html>`;

/** A stand-in for the server render of a page that is never kept, sent as the adapter does. */
function pageApp(cacheControl?: string): Express {
  const pages = pagePipeline({ csp: contentSecurityPolicy, production: true });
  const app = express();
  app.use(pages.serveKept);
  app.use(compression());
  app.use(securityHeaders({ csp: true }));
  app.get("/page", async (req, res) => {
    if (cacheControl) res.setHeader("Cache-Control", cacheControl);
    const nonce = String(res.locals.nonce);
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const page = { status: 200, headers, keeping: null, notes: { freshValues: [], degraded: false } };
    const response = pages.forRender(req, res).respond({ ...page, nonce, html: PAGE(nonce) });
    res.status(response.status);
    for (const [key, value] of response.headers.entries()) res.append(key, value);
    res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
  });
  return app;
}

describe("pages rendered per request", () => {
  it("sends the whole page brotli- or gzip-compressed, as the client accepts, or plain", async () => {
    const url = await listen(pageApp());
    const br = await get(`${url}/page`, { "accept-encoding": "gzip, br" });
    const gzip = await get(`${url}/page`, { "accept-encoding": "gzip" });
    const plain = await get(`${url}/page`);
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    for (const [response, html] of [
      [br, brotliDecompressSync(br.body).toString()],
      [gzip, gunzipSync(gzip.body).toString()],
      [plain, plain.body.toString()],
    ] as const) {
      expect(html).toBe(PAGE(nonceOf(html)));
      expect(String(response.headers["content-security-policy"])).toContain(`'nonce-${nonceOf(html)}'`);
      expect(response.headers["cache-control"]).toBe("private, no-cache");
    }
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // One weak ETag for the content, whatever the encoding and the nonce; a match is a 304,
    // without a policy (the browser keeps the one whose nonce matches its copy).
    expect(br.headers.etag).toMatch(/^W\//);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get(`${url}/page`, { "if-none-match": String(br.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers).not.toHaveProperty("content-security-policy");
  });

  it("leaves a no-store page no-store, without a validator no browser would send back", async () => {
    const url = await listen(pageApp("no-store"));
    const response = await get(`${url}/page`);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers).not.toHaveProperty("etag");
    expect(response.status).toBe(200);
  });
});

describe("staticFiles", () => {
  it("serves the files that exist, their precompressed twins first, and passes every other path on", async () => {
    const root = await mkdtemp(join(tmpdir(), "lodge-static-"));
    folders.push(root);
    await mkdir(join(root, "assets"));
    await writeFile(join(root, "assets", "app-1a2b.js"), "console.log(1)");
    await writeFile(join(root, "assets", "app-1a2b.js.br"), "brotli twin");
    await writeFile(join(root, "assets", "app-1a2b.js.gz"), "gzip twin");
    await writeFile(join(root, "social card.jpg"), "jpg");
    const app = express();
    app.use(staticFiles(root, { maxAge: "1h" }));
    app.use((req, res) => res.status(404).send(`app: ${req.path}`));
    const url = await listen(app);

    const script = await get(`${url}/assets/app-1a2b.js`);
    expect(script.status).toBe(200);
    expect(script.body.toString()).toBe("console.log(1)");
    expect(script.headers["cache-control"]).toBe("public, max-age=3600");
    // Chromium lists gzip first: brotli still wins the tie.
    const br = await get(`${url}/assets/app-1a2b.js`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.body.toString()).toBe("brotli twin");
    const gzip = await get(`${url}/assets/app-1a2b.js`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.toString()).toBe("gzip twin");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect((await get(`${url}/social%20card.jpg`)).status).toBe(200);
    for (const path of [
      "/assets/",
      "/assets",
      "/about",
      "/assets/missing.js",
      "/%E0%A4%A",
      "/../package.json",
    ]) {
      const response = await get(`${url}${path}`);
      expect(response.body.toString(), path).toMatch(/^app: /);
    }
  });
});
