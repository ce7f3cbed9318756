// /robots.txt: everything may be crawled except the form endpoints under /api/; the sitemap
// has an absolute URL from the configured site origin.
import { siteOriginContext } from "~/context.server.ts";
import type { Route } from "./+types/robots.txt";

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).href}`,
    "",
  ].join("\n");
}

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(siteOriginContext)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
