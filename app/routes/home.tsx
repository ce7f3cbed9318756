import type { Route } from "./+types/home";
import { AboutSection } from "~/components/about-section.tsx";
import { Hero } from "~/components/hero.tsx";
import { RoomsList } from "~/components/rooms-list.tsx";
import { SectionTitle } from "~/components/section-title.tsx";
import { ServicesGrid } from "~/components/services-grid.tsx";
import { TestimonialsCarousel } from "~/components/testimonials-carousel.tsx";
import { about } from "~/content/about.ts";
import { heroSlides } from "~/content/hero-slides.ts";
import { rooms } from "~/content/rooms.ts";
import { services } from "~/content/services.ts";
import { site } from "~/content/site.ts";
import { stats } from "~/content/stats.ts";
import { testimonials } from "~/content/testimonials.ts";
import { originFromMatches, pageMeta } from "~/lib/seo.ts";
import { NO_HYDRATION } from "~/lib/route-handle.ts";

// A content page: no React in the browser (app/lib/route-handle.ts).
export const handle = NO_HYDRATION;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${site.brandName} | ${site.tagline}`,
    description: site.blurb,
    path: "/",
    origin: originFromMatches(matches),
  });

export default function Home() {
  return (
    <>
      <Hero slides={heroSlides} />
      <AboutSection about={about} stats={stats} exploreTo={about.exploreMore.to} />
      <section className="section" aria-labelledby="home-rooms">
        <div className="container">
          <SectionTitle eyebrow="Our Rooms" subtitle="Explore Our" highlight="Rooms" id="home-rooms" />
          <RoomsList rooms={rooms} />
        </div>
      </section>
      <section className="section section--sand" aria-labelledby="home-testimonials">
        <div className="container">
          <SectionTitle
            eyebrow="Testimonial"
            subtitle="What Our Guests"
            highlight="Say"
            id="home-testimonials"
          />
          <TestimonialsCarousel testimonials={testimonials} />
        </div>
      </section>
      <section className="section" aria-labelledby="home-services">
        <div className="container">
          <SectionTitle
            eyebrow="Our Services"
            subtitle="Explore Our"
            highlight="Services"
            id="home-services"
          />
          <ServicesGrid services={services} />
        </div>
      </section>
    </>
  );
}
