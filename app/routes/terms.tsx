import type { Route } from "./+types/terms";
import { LegalPageView } from "~/features/site/components/legal-page.tsx";
import { termsAndConditions } from "~/content/legal.ts";
import { site } from "~/content/site.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${termsAndConditions.title} | ${site.brandName}`,
    description: termsAndConditions.description,
    path: "/terms",
    origin: originFromMatches(matches),
  });

export default function Terms() {
  return <LegalPageView page={termsAndConditions} />;
}
