import { Link } from "react-router";
import type { HeroSlide } from "~/content/hero-slides.ts";
import { Carousel } from "./carousel.tsx";
import "./hero.css";

/** The home page's welcome carousel: one slide per view, loops, no dots. */
export function Hero({ slides }: { slides: readonly HeroSlide[] }) {
  return (
    <Carousel
      className="hero"
      label="Welcome"
      controls="overlay"
      loop
      slides={slides.map((slide, index) => (
        <div className="hero__slide" key={slide.title}>
          <img
            className="hero__image"
            src={slide.img.src}
            alt={slide.img.alt}
            width={slide.img.width}
            height={slide.img.height}
            // Only the first slide is the page's largest paint; the rest wait their turn.
            {...(index === 0
              ? ({ loading: "eager", fetchPriority: "high" } as const)
              : ({ loading: "lazy", decoding: "async" } as const))}
          />
          <div className="hero__content container">
            <p className="hero__subtitle">{slide.subtitle}</p>
            {index === 0 ? (
              <h1 className="hero__title">{slide.title}</h1>
            ) : (
              <h2 className="hero__title">{slide.title}</h2>
            )}
            <div className="hero__actions">
              <Link to={slide.btn1.to} className="btn btn--primary">
                {slide.btn1.label}
              </Link>
              <Link to={slide.btn2.to} className="btn hero__btn-light">
                {slide.btn2.label}
              </Link>
            </div>
          </div>
        </div>
      ))}
    />
  );
}
