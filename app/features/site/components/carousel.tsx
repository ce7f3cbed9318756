import type { CSSProperties, ReactNode } from "react";
import type { CarouselOptions } from "./carousel-enhance.ts";
import { Icon } from "../../../shared/ui/icon.tsx";
import "./carousel.css";

/**
 * Embla's `duration` is not milliseconds but the "attraction" of its scroll physics (docs:
 * recommended 20-60, default 25). 30 settles in roughly half a second, the specification's
 * "500 ms per slide".
 */
const DURATION_ABOUT_500_MS = 30;

export type CarouselProps = {
  /** Accessible name of the carousel region, e.g. "Welcome slides". */
  label: string;
  slides: readonly ReactNode[];
  loop?: boolean;
  /** Embla duration (see DURATION_ABOUT_500_MS). */
  duration?: number;
  align?: "start" | "center";
  /** Milliseconds between automatic moves; omit for no autoplay. */
  autoplayDelay?: number;
  /** "overlay" puts the previous/next buttons over the slides (hero); "below" under them. */
  controls?: "overlay" | "below";
  /**
   * Slides per view, as CSS: pass custom properties such as
   * `{"--per-view": 1, "--per-view-md": 3}` (read by carousel.css at 768 px and 992 px).
   */
  style?: CSSProperties;
  className?: string;
};

/**
 * The site's one carousel (hero, testimonials, service images). Keyboard operable (arrow keys
 * while focus is inside, labelled buttons), autoplay pauses on hover and focus and is off for
 * people who prefer reduced motion. Before JavaScript runs the slides are a horizontally
 * scrollable, snapping row, laid out exactly as Embla lays them out, so enhancing shifts nothing.
 *
 * This renders markup only; the behaviour is `enhanceCarousel` (carousel-enhance.ts), run by the
 * enhancement module.
 */
export function Carousel({
  label,
  slides,
  loop = true,
  duration = DURATION_ABOUT_500_MS,
  align = "start",
  autoplayDelay,
  controls = "below",
  style,
  className,
}: CarouselProps) {
  const options: CarouselOptions = { loop, duration, align, autoplayDelay };
  const serialized = JSON.stringify(options);

  const count = slides.length;
  return (
    <section
      className={["carousel", `carousel--controls-${controls}`, className].filter(Boolean).join(" ")}
      style={style}
      aria-roledescription="carousel"
      aria-label={label}
      // The enhancement module finds carousels, and their options, by this attribute.
      data-carousel={serialized}
    >
      {/* Focusable only while it is a native scroll row (no JavaScript yet), for keyboard scrolling. */}
      <div className="carousel__viewport" tabIndex={0}>
        <div className="carousel__container" aria-live="polite">
          {slides.map((slide, index) => (
            <div
              key={index}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls">
        <button type="button" className="carousel__button carousel__button--prev">
          <Icon name="arrow-left" size={22} />
          <span className="visually-hidden">Previous slide</span>
        </button>
        {autoplayDelay !== undefined ? (
          // WCAG 2.2.2: anything that moves by itself can be paused.
          <button type="button" className="carousel__button carousel__button--pause" aria-pressed="false">
            <span aria-hidden="true">❚❚</span>
            <span className="visually-hidden">Pause slideshow</span>
          </button>
        ) : null}
        <button type="button" className="carousel__button carousel__button--next">
          <Icon name="arrow-right" size={22} />
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
    </section>
  );
}
