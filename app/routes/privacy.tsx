import type { Route } from "./+types/privacy";
import { LegalPageView } from "~/features/site/components/legal-page.tsx";
import { privacyPolicy } from "~/content/legal.ts";
import { site } from "~/content/site.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${privacyPolicy.title} | ${site.brandName}`,
    description: privacyPolicy.description,
    path: "/privacy",
    origin: originFromMatches(matches),
  });

export default function Privacy() {
  return <LegalPageView page={privacyPolicy} />;
}
