import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express, { type Express } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { htmlEtag } from "../../server/html-etag.ts";
import { staticFiles } from "../../server/static-files.ts";

// The per-request page pipeline of server/index.ts: static files only for files that exist,
// and pages collected whole by html-etag, then compressed with brotli where the client takes it.

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

const PAGE = `<!DOCTYPE html><html><head></head><body>${"<p>Lusaka West</p>".repeat(200)}</body></html>`;

function pageApp(): Express {
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.nonce = "abc";
    next();
  });
  app.use(htmlEtag());
  app.get("/page", (_req, res) => {
    res.type("html");
    res.write(PAGE.slice(0, 100));
    res.end(PAGE.slice(100));
  });
  return app;
}

describe("pages rendered per request", () => {
  it("sends the whole page brotli- or gzip-compressed, as the client accepts, or plain", async () => {
    const url = await listen(pageApp());
    const br = await get(`${url}/page`, { "accept-encoding": "gzip, br" });
    const gzip = await get(`${url}/page`, { "accept-encoding": "gzip" });
    const plain = await get(`${url}/page`);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // One weak ETag for the content, whatever the encoding; a match is a 304.
    expect(br.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get(`${url}/page`, { "if-none-match": String(br.headers.etag) });
    expect(revalidated.status).toBe(304);
  });
});

describe("staticFiles", () => {
  it("serves the files that exist and passes every other path on", async () => {
    const root = await mkdtemp(join(tmpdir(), "lodge-static-"));
    folders.push(root);
    await mkdir(join(root, "assets"));
    await writeFile(join(root, "assets", "app-1a2b.js"), "console.log(1)");
    await writeFile(join(root, "social card.jpg"), "jpg");
    const app = express();
    app.use(staticFiles(root, { maxAge: "1h" }));
    app.use((req, res) => res.status(404).send(`app: ${req.path}`));
    const url = await listen(app);

    const script = await get(`${url}/assets/app-1a2b.js`);
    expect(script.status).toBe(200);
    expect(script.body.toString()).toBe("console.log(1)");
    expect(script.headers["cache-control"]).toBe("public, max-age=3600");
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
