import type { Route } from "./+types/home";
import { keptPageLoader } from "~/shared/page-cache/kept-page.server.ts";
import { AboutSection } from "~/features/site/components/about-section.tsx";
import { Hero } from "~/features/site/components/hero.tsx";
import { RoomsList } from "~/features/stays/components/rooms-list.tsx";
import { SectionTitle } from "~/shared/ui/section-title.tsx";
import { ServicesGrid } from "~/features/site/components/services-grid.tsx";
import { TestimonialsCarousel } from "~/features/site/components/testimonials-carousel.tsx";
import { about } from "~/content/about.ts";
import { heroSlides } from "~/content/hero-slides.ts";
import { rooms } from "~/content/rooms.ts";
import { services } from "~/content/services.ts";
import { site } from "~/content/site.ts";
import { stats } from "~/content/stats.ts";
import { testimonials } from "~/content/testimonials.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { CONTENT_PAGE, type RouteHandle } from "~/shared/page-cache/route-handle.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { roomTypesPriceRange } from "~/features/pricing/price-range.ts";
import { loadRoomTypeOffers } from "../features/stays/room-dialog.server.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts). Its room cards show the
// database's rates, so the server keeps the rendered page per data version (ADR 0013): a price
// staff change shows at once, and a page rendered during an outage is not kept.
export const handle = { ...CONTENT_PAGE, keepPerDataVersion: true } satisfies RouteHandle;

// The lodge's structured data states the range of the database's rates, the cards' own.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: `${site.brandName} | ${site.tagline}`,
    description: site.blurb,
    path: "/",
    origin: originFromMatches(matches),
    priceRange: roomTypesPriceRange(loaderData?.offers),
  });

/** The room cards' rates: the database is their only source (a card without one shows no price). */
export const loader = keptPageLoader(async ({ context }: Route.LoaderArgs, page) => {
  const today = lodgeToday();
  const { offers } = await loadRoomTypeOffers(context, page, { checkIn: today, checkOut: today });
  return { offers };
});

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero slides={heroSlides} />
      <AboutSection about={about} stats={stats} exploreTo={about.exploreMore.to} />
      <section className="section" aria-labelledby="home-rooms">
        <div className="container">
          <SectionTitle eyebrow="Our Rooms" subtitle="Explore Our" highlight="Rooms" id="home-rooms" />
          <RoomsList rooms={rooms} offers={loaderData.offers} />
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
