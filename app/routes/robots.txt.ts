// /robots.txt: everything may be crawled except the form endpoints under /api/ and the staff console; the sitemap
// has an absolute URL from the configured site origin.
import { siteOriginContext } from "~/shared/context.server.ts";
import type { Route } from "./+types/robots.txt";

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    // The staff console is not for search engines (its pages also say noindex).
    "Disallow: /staff",
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
