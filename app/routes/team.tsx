import type { Route } from "./+types/team";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { SectionTitle } from "~/shared/ui/section-title.tsx";
import { TeamGrid } from "~/features/site/components/team-grid.tsx";
import { site } from "~/content/site.ts";
import { team } from "~/content/team.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Our Team | ${site.brandName}`,
    description:
      "Meet the people who look after you at the lodge: our Director, Events Manager and Operation Manager.",
    path: "/team",
    origin: originFromMatches(matches),
  });

export default function Team() {
  return (
    <>
      <PageHeader title="Our Team" />
      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <SectionTitle eyebrow="Our Team" subtitle="Meet Our" highlight="Team" id="team-title" />
          <TeamGrid team={team} />
        </div>
      </section>
    </>
  );
}
