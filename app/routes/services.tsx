import type { Route } from "./+types/services";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { SectionTitle } from "~/shared/ui/section-title.tsx";
import { ServicesGrid } from "~/features/site/components/services-grid.tsx";
import { services } from "~/content/services.ts";
import { site } from "~/content/site.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Our Services | ${site.brandName}`,
    description:
      "Rooms, restaurant and bar, swimming pool, kids play park, events and conferencing at the lodge in Lusaka West.",
    path: "/services",
    origin: originFromMatches(matches),
  });

export default function Services() {
  return (
    <>
      <PageHeader title="Our Services" crumb="Services" />
      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <SectionTitle
            eyebrow="Our Services"
            subtitle="Explore Our"
            highlight="Services"
            id="services-title"
          />
          <ServicesGrid services={services} />
        </div>
      </section>
    </>
  );
}
