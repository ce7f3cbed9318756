import type { Testimonial } from "~/content/testimonials.ts";
import { PROFESSION_PLACEHOLDER } from "~/shared/messages.ts";
import { Carousel } from "./carousel.tsx";
import "./testimonials-carousel.css";

/** Guest quotes: one per view on phones, two side by side on wide screens, looping. */
export function TestimonialsCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <Carousel
      className="testimonials"
      label="Guest testimonials"
      loop
      style={{ "--per-view-lg": 2 } as React.CSSProperties}
      slides={testimonials.map((t) => (
        <figure className="testimonial" key={t.name}>
          <blockquote className="testimonial__quote">
            <p>{t.description}</p>
          </blockquote>
          <figcaption className="testimonial__author">
            <img
              src={t.image.src}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="testimonial__avatar"
            />
            <span>
              <strong className="testimonial__name">{t.name}</strong>
              <span className="testimonial__profession">{t.profession || PROFESSION_PLACEHOLDER}</span>
            </span>
          </figcaption>
        </figure>
      ))}
    />
  );
}
