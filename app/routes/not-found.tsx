import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/features/site/components/not-found-content.tsx";
import { site } from "~/content/site.ts";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

// Every path no other route matches: 'Page Not Found' with HTTP 404 (decisions.md 17).
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `${PAGE_NOT_FOUND} | ${site.brandName}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundContent />;
}
