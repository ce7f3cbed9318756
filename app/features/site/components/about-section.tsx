import { Link } from "react-router";
import type { AboutContent } from "~/content/about.ts";
import type { Stat } from "~/content/stats.ts";
import { SectionTitle } from "../../../shared/ui/section-title.tsx";
import { StatsCounters } from "./stats-counters.tsx";
import "./about-section.css";

/**
 * 'Welcome to the lodge': copy, counters, Explore More and four pictures. `exploreTo` is /about,
 * or /services when the section is shown on /about itself (decisions.md 18).
 */
export function AboutSection({
  about,
  stats,
  exploreTo,
}: {
  about: AboutContent;
  stats: readonly Stat[];
  exploreTo: string;
}) {
  return (
    <section className="section section--sand about" aria-labelledby="about-title">
      <div className="container about__grid">
        <div className="about__copy">
          <SectionTitle eyebrow={about.sectionTitle} subtitle="" highlight={about.heading} id="about-title" />
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
          <StatsCounters stats={stats} />
          <Link to={exploreTo} className="btn btn--primary">
            {about.exploreMore.label}
          </Link>
        </div>
        <ul className="about__images">
          {about.images.map((image, index) => (
            <li key={image.src + index} className={`about__image about__image--${index + 1}`}>
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
