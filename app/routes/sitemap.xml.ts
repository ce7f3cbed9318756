// /sitemap.xml: every public page, every service that has a page and every room, with absolute
// URLs from the configured site origin (env SITE_ORIGIN). https://www.sitemaps.org/protocol.html
import { siteOriginContext } from "~/shared/context.server.ts";
import { rooms } from "~/content/rooms.ts";
import { services } from "~/content/services.ts";
import type { Route } from "./+types/sitemap.xml";

/** Pages with content of their own; form endpoints and error pages stay out. */
export const SITEMAP_PAGES = [
  "/",
  "/about",
  "/services",
  "/rooms",
  "/booking",
  "/reservation",
  "/team",
  "/testimonial",
  "/contact",
  "/privacy",
  "/terms",
] as const;

export function sitemapPaths(): string[] {
  return [
    ...SITEMAP_PAGES,
    ...services.filter((service) => !service.comingSoon).map((service) => `/services/${service.path}`),
    ...rooms.map((room) => `/details/${room.id}`),
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

export function sitemapXml(origin: string): string {
  const urls = sitemapPaths()
    .map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
}

// The content is built in, so the document only changes with a deploy: build it once.
const cache = new Map<string, string>();

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(siteOriginContext);
  let body = cache.get(origin);
  if (body === undefined) {
    body = sitemapXml(origin);
    cache.set(origin, body);
  }
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
