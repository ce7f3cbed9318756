import type { Route } from "./+types/about";
import { AboutSection } from "~/features/site/components/about-section.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { about } from "~/content/about.ts";
import { site } from "~/content/site.ts";
import { stats } from "~/content/stats.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `About Us | ${site.brandName}`,
    description: about.paragraphs[0] ?? site.blurb,
    path: "/about",
    origin: originFromMatches(matches),
  });

export default function About() {
  return (
    <>
      <PageHeader title="About Us" crumb="About" />
      <AboutSection about={about} stats={stats} exploreTo={about.exploreMore.toOnAboutPage} />
    </>
  );
}
