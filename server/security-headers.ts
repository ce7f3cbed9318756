import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

type SecurityOptions = {
  csp: boolean;
  hsts?: boolean;
  /**
   * The origin of the payment provider's card widget (LENCO_WIDGET_URL), let in on the payment
   * step only (ADR 0018 "Cards"): its script, the frame it opens and what that script calls.
   */
  cardWidgetOrigin?: string | null;
};

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/** helmet as the site uses it; `script`/`style`: the CSP's inline sources (none: no CSP). */
function siteHelmet(hsts: boolean, inline?: { script: Source[]; style: Source[] }) {
  return helmet({
    contentSecurityPolicy: inline ? { useDefaults: false, directives: directives(inline) } : false,
    // A year, as browsers' preload lists expect; subdomains too (the lodge has no plain-http one).
    strictTransportSecurity: hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
  });
}

/** HSTS only where the site is served over https (SITE_ORIGIN, validated by app/shared/env.server.ts). */
export const servedOverHttps = (siteOrigin: string | undefined): boolean =>
  siteOrigin?.startsWith("https://") ?? false;

/**
 * Security headers for every response (helmet), with a fresh CSP nonce per request (kept in
 * `res.locals.nonce`) so the enhancement's loader runs and no other inline script can.
 * https://content-security-policy.com/nonce/ — HSTS only when the site is served over https
 * (SITE_ORIGIN): on plain http it would be ignored at best, and lock a mis-set host out at worst.
 */
export function securityHeaders({
  csp,
  hsts = false,
  cardWidgetOrigin = null,
}: SecurityOptions): RequestHandler {
  const nonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${String((res as { locals?: { nonce?: string } }).locals?.nonce)}'`;
  const headers = siteHelmet(hsts, csp ? { script: [nonce], style: [nonce] } : undefined);
  return (req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (!csp || !cardWidgetOrigin || !isPaymentStep(req.path)) return headers(req, res, next);
    headers(req, res, (error?: unknown) => {
      const policy = res.getHeader("Content-Security-Policy");
      if (typeof policy === "string") {
        res.setHeader("Content-Security-Policy", withCardWidget(policy, cardWidgetOrigin));
      }
      next(error);
    });
  };
}

/**
 * The headers `securityHeaders` gives every document besides its CSP. They are the same on every
 * answer, so a kept page (server/page-pipeline.ts, answered before the middleware above runs) sets
 * this record instead of running helmet per request: read once from helmet itself, so both stay
 * one set (tests/integration/page-cache.test.ts compares them).
 */
export function documentHeaders({ hsts = false }: { hsts?: boolean }): Record<string, string> {
  const headers: Record<string, string> = { "Permissions-Policy": PERMISSIONS_POLICY };
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  siteHelmet(hsts)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** The payment step's pages and their data requests (`/pay/<reference>`, `/pay/<reference>.data`). */
function isPaymentStep(path: string): boolean {
  return /^\/pay\/[^/]+$/.test(path);
}

/** The policy with the card widget's origin added where its script, frame and calls need it. */
function withCardWidget(policy: string, origin: string): string {
  return policy
    .split(";")
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0];
      return name === "script-src" || name === "frame-src" || name === "connect-src"
        ? `${directive.trim()} ${origin}`
        : directive.trim();
    })
    .join("; ");
}

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** The site's CSP directives, with the given extra sources for inline scripts and styles. */
function directives(inline: { script: readonly Source[]; style: readonly Source[] }) {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inline.script],
    "style-src": ["'self'", ...inline.style],
    // React renders a few style attributes (image aspect ratios).
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    // The map frame loads only when the guest asks for it (decisions.md 21).
    "frame-src": ["https://www.openstreetmap.org"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  } as Record<string, Source[]>;
}

/**
 * The site's CSP with the given extra sources for inline scripts and styles: the sha256 hashes
 * of a cached page's inline elements (server/page-pipeline.ts). The same directives as the per-request
 * policy above, so both stay one policy.
 */
export function contentSecurityPolicy(inline: {
  script: readonly string[];
  style: readonly string[];
}): string {
  return Object.entries(directives(inline))
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}
