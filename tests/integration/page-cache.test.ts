import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express, { type Express, type Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inlineHashes, pagePipeline } from "../../server/page-pipeline.ts";
import { contentSecurityPolicy, documentHeaders, securityHeaders } from "../../server/security-headers.ts";

// The page pipeline (server/page-pipeline.ts) as server/index.ts and server/app.ts mount it, in
// front of a stand-in for the server render (app/entry.server.tsx) that counts its renders, asks
// the pipeline whether the page will be kept (then renders it without the nonce) and sends the
// pipeline's Response as @react-router/express does (status, headers appended, body).

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

type Render = {
  keeping?: "forever" | "data" | null;
  degraded?: boolean;
  status?: number;
  cookie?: boolean;
  noStore?: boolean;
  /** Put a fresh submission id in the page (in a form field and in an inline script). */
  form?: boolean;
  /** Whether the page's loader was a keptPageLoader (the only way to a kept page's fresh values). */
  tracked?: boolean;
};

/** The document, with the nonce where React and React Router put it. */
function document(path: string, nonce: string | undefined, id: string | null): string {
  const n = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<!DOCTYPE html><html><head><style data-react-router-critical-css=""${n}>body{color:red}</style>` +
    `<script type="application/ld+json">{"@type":"Hotel"}</script></head><body>` +
    `<p>${path}</p><script${n}>document.body.dataset.ran="1"</script>` +
    (id ? `<input name="submissionId" value="${id}"><script${n}>id="${id}"</script>` : "") +
    `<script type="module" src="/assets/enhance.js"${n}></script></body></html>`
  );
}

async function sendAsTheAdapter(res: Response, response: globalThis.Response) {
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

function site(
  render: (path: string) => Render = () => ({ keeping: "forever" }),
  dataVersion: () => Promise<string> = async () => "1",
) {
  const renders: string[] = [];
  const pages = pagePipeline({
    csp: contentSecurityPolicy,
    production: true,
    dataVersion,
    documentHeaders: documentHeaders({ hsts: true }),
  });
  const app: Express = express();
  // server/index.ts's order: kept pages first, then compression and helmet for the rest.
  app.disable("x-powered-by");
  app.use(pages.serveKept);
  app.use(compression());
  app.use(securityHeaders({ csp: true, hsts: true }));
  app.use(async (req, res) => {
    renders.push(req.originalUrl);
    const {
      keeping = null,
      degraded = false,
      status = 200,
      cookie = false,
      noStore = false,
      form = false,
      tracked = true,
    } = render(req.path);
    const pipeline = pages.forRender(req, res);
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (cookie) headers.set("Set-Cookie", "a=b");
    if (noStore) res.setHeader("Cache-Control", "no-store");
    const id = form ? randomUUID() : null;
    const notes = { freshValues: id ? [id] : [], degraded, freshnessTracked: tracked };
    const page = { status, headers, keeping, notes };
    const nonce = pipeline.keeps(page) ? undefined : String(res.locals.nonce);
    await sendAsTheAdapter(res, pipeline.respond({ ...page, nonce, html: document(req.path, nonce, id) }));
  });
  return { app, renders };
}

async function listen(app: Express): Promise<string> {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Raw bytes and headers, without fetch's transparent decoding. */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
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
      .on("error", reject)
      .end();
  });
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directive = (policy: string, name: string) =>
  policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

describe("page cache", () => {
  it("never keeps a page marked no-store (the staff console's), even when marked static", async () => {
    const { app, renders } = site(() => ({ keeping: "forever", noStore: true }));
    const url = await listen(app);
    await get(`${url}/staff`);
    await get(`${url}/staff`);
    expect(renders).toEqual(["/staff", "/staff"]);
  });

  it("keeps a page that shows data until the data version moves", async () => {
    let version = "7";
    const { app, renders } = site(
      () => ({ keeping: "data" }),
      async () => version,
    );
    const url = await listen(app);
    await get(`${url}/`);
    const kept = await get(`${url}/`);
    expect(renders).toEqual(["/"]);
    expect(kept.headers["content-security-policy"]).toContain("'sha256-");
    version = "8";
    await get(`${url}/`);
    await get(`${url}/`);
    expect(renders).toEqual(["/", "/"]);
  });

  it("renders a page that shows data afresh on the lodge's next day", async () => {
    const { app, renders } = site(() => ({ keeping: "data" }));
    const url = await listen(app);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-01T12:00:00Z") });
    try {
      await get(`${url}/rooms`);
      await get(`${url}/rooms`);
      expect(renders).toEqual(["/rooms"]);
      // Lusaka is UTC+2: 22:30 UTC is already the next day at the lodge.
      vi.setSystemTime(new Date("2026-12-01T22:30:00Z"));
      await get(`${url}/rooms`);
      expect(renders).toEqual(["/rooms", "/rooms"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps no page that shows data while the data version cannot be read", async () => {
    const { app, renders } = site(
      () => ({ keeping: "data" }),
      () => Promise.reject(new Error("connect ECONNREFUSED")),
    );
    const url = await listen(app);
    await get(`${url}/booking`);
    await get(`${url}/booking`);
    expect(renders).toEqual(["/booking", "/booking"]);
  });

  it("keeps no page that shows data unless its loader was a keptPageLoader", async () => {
    const { app, renders } = site(() => ({ keeping: "data", form: true, tracked: false }));
    const url = await listen(app);
    await get(`${url}/contact`);
    await get(`${url}/contact`);
    expect(renders).toEqual(["/contact", "/contact"]);
  });

  it("does not keep a render with a failed read, but keeps the next good one", async () => {
    let degraded = true;
    const { app, renders } = site(() => ({ keeping: "data", degraded }));
    const url = await listen(app);
    await get(`${url}/reservation`);
    degraded = false;
    await get(`${url}/reservation`);
    await get(`${url}/reservation`);
    expect(renders).toEqual(["/reservation", "/reservation"]);
  });

  it("gives every visitor of a kept form page a submission id of their own", async () => {
    const { app, renders } = site(() => ({ keeping: "data", form: true }));
    const url = await listen(app);
    const answers = await Promise.all(
      [0, 1, 2].map(async (index) => {
        if (index > 0) await get(`${url}/contact`);
        return get(`${url}/contact`, { "accept-encoding": "br" });
      }),
    );
    expect(renders).toEqual(["/contact"]);
    const ids = answers.map((answer) => {
      const html = brotliDecompressSync(answer.body).toString();
      const field = /name="submissionId" value="([^"]+)"/.exec(html)?.[1] ?? "";
      // The same id wherever the render had put it, the inline script's hash in the policy.
      expect(html).toContain(`<script>id="${field}"</script>`);
      expect(directive(String(answer.headers["content-security-policy"]), "script-src")).toContain(
        sha256(`id="${field}"`),
      );
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      expect(answer.headers).not.toHaveProperty("etag");
      return field;
    });
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("renders a content page once and answers every later request with the same document", async () => {
    const { app, renders } = site();
    const url = await listen(app);
    const first = await get(`${url}/about`);
    const second = await get(`${url}/about`);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(renders).toEqual(["/about"]);
    expect(second.body.toString()).toBe(first.body.toString());
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    // Nothing of the first visitor's request stays in the page.
    expect(first.body.toString()).not.toContain("nonce");
    expect(first.body.toString()).toContain("<p>/about</p>");
  });

  it("gives a kept page the security headers helmet gives the page rendered for it", async () => {
    const { app, renders } = site();
    const url = await listen(app);
    const rendered = await get(`${url}/about`);
    const kept = await get(`${url}/about`);
    expect(renders).toEqual(["/about"]);
    // Every header but those of the answer itself (its id, date, length, connection).
    const security = (headers: http.IncomingHttpHeaders) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !["x-request-id", "date", "content-length", "connection", "keep-alive"].includes(name),
        ),
      );
    expect(security(kept.headers)).toEqual(security(rendered.headers));
    expect(kept.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(kept.headers["x-frame-options"]).toBe("DENY");
    expect(kept.headers["permissions-policy"]).toContain("camera=()");
  });

  it("sends a CSP whose hashes are exactly the page's inline scripts and styles", async () => {
    const { app } = site();
    const url = await listen(app);
    await get(`${url}/`);
    const { headers, body } = await get(`${url}/`);
    const policy = String(headers["content-security-policy"]);
    const html = body.toString();
    const inlineScript = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    const inlineStyle = /<style[^>]*>([^<]*)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlineScript).toBe('document.body.dataset.ran="1"');
    expect(directive(policy, "script-src").split(" ")).toContain(sha256(inlineScript));
    expect(directive(policy, "style-src")).toBe(`style-src 'self' ${sha256(inlineStyle)}`);
    expect(directive(policy, "script-src")).not.toContain("unsafe");
    expect(policy).not.toContain("nonce-");
    // Every other directive is the site's normal one.
    const normal = contentSecurityPolicy({ script: [], style: [] }).split("; ");
    const sent = policy.split("; ");
    expect(sent.filter((part) => !/^(script|style)-src /.test(part))).toEqual(
      normal.filter((part) => !/^(script|style)-src /.test(part)),
    );
  });

  it("keeps brotli and gzip variants of the same document, each with its own strong ETag", async () => {
    const { app } = site();
    const url = await listen(app);
    const identity = await get(`${url}/terms`);
    const br = await get(`${url}/terms`, { "accept-encoding": "gzip, deflate, br, zstd" });
    const gzip = await get(`${url}/terms`, { "accept-encoding": "gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(identity.body.toString());
    expect(gunzipSync(gzip.body).toString()).toBe(identity.body.toString());
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const tags = [identity, br, gzip].map((response) => String(response.headers.etag));
    // Strong validators (no W/), one per representation.
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(new Set(tags).size).toBe(3);

    const revalidated = await get(`${url}/terms`, {
      "accept-encoding": "br",
      "if-none-match": tags[1] ?? "",
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it("answers HEAD from the cache without a body", async () => {
    const { app, renders } = site();
    const url = await listen(app);
    await get(`${url}/team`);
    const head = await get(`${url}/team`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-security-policy"]).toContain("'sha256-");
    expect(renders).toEqual(["/team"]);
  });

  it("renders per request what it must not keep", async () => {
    const { app, renders } = site((path) => ({
      keeping: path === "/rooms" ? null : "forever",
      status: path === "/missing" ? 404 : 200,
      cookie: path === "/cookie",
    }));
    const url = await listen(app);
    for (const path of ["/rooms", "/missing", "/cookie", "/?utm_source=x", "/About", "/about/"]) {
      const first = await get(`${url}${path}`);
      const second = await get(`${url}${path}`);
      // Pages not kept carry the per-request nonce, as before.
      expect(second.body.toString()).toMatch(/nonce="[^"]+"/);
      expect(String(second.headers["content-security-policy"])).toContain("'nonce-");
      expect(String(first.headers["content-security-policy"])).toContain("'nonce-");
    }
    expect(renders).toEqual([
      "/rooms",
      "/rooms",
      "/missing",
      "/missing",
      "/cookie",
      "/cookie",
      "/?utm_source=x",
      "/?utm_source=x",
      "/About",
      "/About",
      "/about/",
      "/about/",
    ]);
    // A HEAD before any GET keeps nothing either.
    await get(`${url}/privacy`, {}, "HEAD");
    await get(`${url}/privacy`);
    expect(renders.filter((path) => path === "/privacy")).toHaveLength(2);
  });
});

describe("inlineHashes", () => {
  it("hashes inline scripts and styles, not external scripts", () => {
    const html =
      '<style>a{}</style><style data-href="x">b{}</style><script src="/x.js"></script><script>go()</script>';
    const { script, style } = inlineHashes(html);
    expect({ script, style }).toEqual({ script: [sha256("go()")], style: [sha256("a{}"), sha256("b{}")] });
  });

  it("reads any HTML spelling of the elements, as the browser does, not one renderer's", () => {
    const html =
      '<SCRIPT data-x="a>b">one()</SCRIPT><script\ntype="module">two("</p>")</script>' +
      "<script src='/x.js'></script><style media=\"screen\">p{}</style><script>&amp;</script>";
    const { script, style } = inlineHashes(html);
    // Raw text: the browser hashes "&amp;" as written, not the character it would stand for.
    expect(script).toEqual([sha256("one()"), sha256('two("</p>")'), sha256("&amp;")]);
    expect(style).toEqual([sha256("p{}")]);
  });
});
