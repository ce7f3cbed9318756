import type { Route } from "./+types/testimonial";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { SectionTitle } from "~/shared/ui/section-title.tsx";
import { TestimonialsCarousel } from "~/features/site/components/testimonials-carousel.tsx";
import { site } from "~/content/site.ts";
import { testimonials } from "~/content/testimonials.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Testimonial | ${site.brandName}`,
    description: "What guests say about their stays, celebrations and conferences at the lodge.",
    path: "/testimonial",
    origin: originFromMatches(matches),
  });

export default function TestimonialPage() {
  return (
    <>
      <PageHeader title="Testimonial" />
      <section className="section section--sand" aria-labelledby="testimonial-title">
        <div className="container">
          <SectionTitle
            eyebrow="Testimonial"
            subtitle="What Our Guests"
            highlight="Say"
            id="testimonial-title"
          />
          <TestimonialsCarousel testimonials={testimonials} />
        </div>
      </section>
    </>
  );
}
